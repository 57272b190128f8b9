package views

import (
	"maps"
	"net/url"
	"slices"
	"strconv"

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
	Result          string
	// Base is the replay page's address (other battles are Base?battle=N); Back and
	// BackLabel lead to the matchup's result. Keep are query fields every other battle's
	// address carries too (a what-if's army and change).
	Base, Back, BackLabel string
	Keep                  url.Values
	// Note says what is shown, when it is not the matchup's own armies.
	Note string
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

// NewReplayView draws a trace.
func NewReplayView(t *battle.Trace) ReplayView {
	v := ReplayView{Scenario: t.Scenario, Seed: strconv.FormatUint(t.Seed, 10), Result: t.Result}
	svgs := replay.Frames(t)
	for k := range t.Frames {
		v.Frames = append(v.Frames, ReplayFrame{Caption: replay.Caption(t, k), SVG: string(svgs[k]),
			Upright: string(replay.Upright(t, k)), Log: t.Frames[k].Log})
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

func frameID(k int) string { return "replay-frame-" + strconv.Itoa(k) }
func logID(k int) string   { return "replay-log-" + strconv.Itoa(k) }
