package views

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"muster/rules/battle"
	"muster/views/replay"
)

// ReplayView is one battle of a matchup drawn on the map, phase by phase: the frames (SVG),
// each phase's log, the units' colours, and the way to other battles of the matchup.
type ReplayView struct {
	Title    string
	Scenario string
	// Battle is the battle's index in the matchup (0 first), of Battles; Seed is its own seed.
	Battle, Battles int
	Seed            string
	Frames          []ReplayFrame
	Units           []ReplayUnit
	// Terrain is the map's kinds of ground, each once, as the key shows them.
	Terrain []ReplayTerrain
	Result  string
	// Base is the replay page's address (other battles are Base?battle=N); Back and
	// BackLabel lead to the matchup's result. Keep are query fields every other battle's
	// address carries too (a what-if's army and change).
	Base, Back, BackLabel string
	Keep                  url.Values
	// Note says what is shown, when it is not the matchup's own armies.
	Note string
	// Picks are battles worth watching by their outcome (PickBattles), linked by index;
	// PickNote says what they were picked among, when not every battle.
	Picks    []ReplayPick
	PickNote string
	// Step names what a frame is ("" is "phase"; the d20 replay's are steps, an activation
	// each), for the scrubber's buttons and the log's name.
	Step string
	// Symbols, when set, are the key's words on what the drawing's marks mean, instead of
	// the SWMB map's.
	Symbols []string
	// ID names the viewer and prefixes its elements' ids ("" is "replay"): two viewers on
	// one page (a battle with and without a change, side by side) need two. Label, when
	// set, tells the two apart in their landmarks' names.
	ID, Label string
}

// label is a landmark's name, with the viewer's Label when it has one.
func (v ReplayView) label(s string) string {
	if v.Label == "" {
		return s
	}
	return s + " (" + v.Label + ")"
}

// ReplayFrame is one phase: its caption, its picture (and the same turned upright for a
// phone, drawn from the picture by reference) and its log.
type ReplayFrame struct {
	Caption string
	SVG     string
	Upright string
	Log     string
}

// ReplayUnit is a unit in the legend.
type ReplayUnit struct {
	Name, Colour string
	Side         int // 0: the first army's, 1: the second's
}

// ReplayTerrain is a kind of ground in the key: its name, the cover it gives and a small
// picture of how the map draws it; Note, when set, says what it does instead of the cover.
type ReplayTerrain struct {
	Kind, Cover, Swatch string
	Note                string
}

// NewReplayView draws a trace.
func NewReplayView(t *battle.Trace) ReplayView { return NewReplayViewAs(t, "") }

// NewReplayViewAs draws a trace for the viewer named id ("" is "replay"), its elements' and
// drawings' ids prefixed by it, so that two can share a page.
func NewReplayViewAs(t *battle.Trace, id string) ReplayView {
	v := ReplayView{Scenario: t.Scenario, Seed: strconv.FormatUint(t.Seed, 10), Result: t.Result, ID: id}
	svgs := replay.FramesAs(t, v.id(""))
	for k := range t.Frames {
		v.Frames = append(v.Frames, ReplayFrame{Caption: replay.Caption(t, k), SVG: string(svgs[k]),
			Upright: string(replay.UprightAs(t, k, v.id(""))), Log: t.Frames[k].Log})
	}
	seen := map[string]bool{}
	for _, a := range t.Map.Areas {
		if seen[a.Kind] {
			continue
		}
		seen[a.Kind] = true
		v.Terrain = append(v.Terrain, ReplayTerrain{Kind: a.Kind, Cover: strings.ToLower(a.Cover), Swatch: replay.TerrainSwatch(a.Kind)})
	}
	for ui, u := range t.Units {
		v.Units = append(v.Units, ReplayUnit{Name: u.Name, Colour: replay.UnitColour(t, ui), Side: u.Side})
	}
	return v
}

// BattleURL is the address of another battle of the matchup.
func (v ReplayView) BattleURL(i int) string {
	q := url.Values{}
	for k, vs := range v.Keep {
		q[k] = vs
	}
	q.Set("battle", strconv.Itoa(i))
	return v.Base + "?" + q.Encode()
}

// KeepFields are Keep as the battle picker's hidden fields, in a stable order.
func (v ReplayView) KeepFields() []Choice {
	var out []Choice
	for _, k := range slices.Sorted(maps.Keys(v.Keep)) {
		for _, x := range v.Keep[k] {
			out = append(out, Choice{Value: x, Label: k})
		}
	}
	return out
}

// Counter is "Turn 2: Fire combat (7 of 41)" for frame k.
func (v ReplayView) Counter(k int) string {
	return v.Frames[k].Caption + " (" + strconv.Itoa(k+1) + " of " + strconv.Itoa(len(v.Frames)) + ")"
}

// step is what a frame is called: "phase", or the viewer's Step.
func (v ReplayView) step() string {
	if v.Step == "" {
		return "phase"
	}
	return v.Step
}

// id is the id of the viewer's element named part ("" the viewer itself).
func (v ReplayView) id(part string) string {
	root := v.ID
	if root == "" {
		root = "replay"
	}
	if part == "" {
		return root
	}
	return root + "-" + part
}

func (v ReplayView) frameID(k int) string { return v.id("frame-" + strconv.Itoa(k)) }
func (v ReplayView) logID(k int) string   { return v.id("log-" + strconv.Itoa(k)) }
