package views

import (
	"strconv"
	"strings"

	"muster/rules/swm/engine"
	"muster/views/d20replay"
)

// NewSWMReplayView draws a d20 battle's trace for the replay viewer: a frame for the setup
// and one for each activation, each with its lines of the log; the figures in the key by
// the tags the map writes on them; the map's kinds of square. The address fields (Base,
// Back, Battle, Battles, Picks) are the caller's.
func NewSWMReplayView(t *engine.Trace) ReplayView {
	v := ReplayView{Scenario: engine.ScenarioTitle(t.Map), Result: t.Outcome, Step: "step"}
	svgs := d20replay.Frames(t, v.id(""))
	for k := range t.Frames {
		v.Frames = append(v.Frames, ReplayFrame{Caption: d20replay.Caption(t, k), SVG: string(svgs[k]),
			Log: strings.Join(t.Frames[k].Log, "\n")})
	}
	// The key lists the first squad's figures first, as the log names them ([A] before
	// [B]), whichever set up first.
	for side := range 2 {
		for i, f := range t.Figures {
			if f.Side == side {
				v.Units = append(v.Units, ReplayUnit{Name: d20replay.Tag(t, i) + ": " + f.Label, Colour: d20replay.Colour(t, i), Side: f.Side})
			}
		}
	}
	for _, k := range d20replay.Keys(t) {
		v.Terrain = append(v.Terrain, ReplayTerrain{Kind: k.Name, Note: k.Note, Swatch: k.Swatch})
	}
	v.Symbols = []string{
		"Each figure is a disc on its squares, its squad's letter and its number on it ([A] the first squad, in reds and browns with a white rim; [B] the second, in blues and greens with a black rim). A bar under a figure: the Hit Points it has left.",
		"A gold ring: the figure whose activation this step is. Dashed lines: moves, from a small ring where the figure stood.",
		"Red lines: attacks that hit; grey dashed lines: attacks that missed. A red number: the damage a figure took this step. A red cross: a figure defeated this step (the defeated leave the map).",
		"Dashed rectangles: the squads' setup areas. Columns and rows are numbered from the top left, as the log's (column,row).",
	}
	return v
}

// SWMReplayLead is the replay page's lead: which battle of how many, on which map, with
// which dice.
func SWMReplayLead(v ReplayView, seed uint64) string {
	return "Battle " + strconv.Itoa(v.Battle+1) + " of " + strconv.Itoa(v.Battles) + " on " + v.Scenario +
		", played again with the quick-resolve's dice (seed " + strconv.FormatUint(seed, 10) + ", battle " + strconv.Itoa(v.Battle) + " counted from 0), step by step: the setup, then each figure's activation."
}
