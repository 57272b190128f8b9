package views

import (
	"strconv"

	"muster/rules/battle"
)

// WhyView is the result page's "why": the words (battle.Explain) and a bar per army of
// the SGPs it lost a battle, split by cause.
type WhyView struct {
	Lines []string
	Bars  []WhyBar
	Scale float64 // the longest bar's SGPs
	Known bool    // the causes were counted
}

// WhyBar is one army's bar: its parts by cause, in SGPs lost per battle.
type WhyBar struct {
	Army  string
	Total float64
	Parts []WhyPart
}

// WhyPart is one cause's piece of a bar, placed in a 0-100 wide chart.
type WhyPart struct {
	Cause, Fill string
	SGP         float64
	X, W        string
}

// whyFills are the causes' colours, in battle.CauseNames order (presentation attributes,
// which the Content-Security-Policy allows where it forbids inline style).
var whyFills = [battle.NCauses]string{"#dc2626", "#a16207", "#7c3aed", "#0369a1"}

// NewWhyView lays out a battle.Why.
func NewWhyView(w battle.Why) WhyView {
	v := WhyView{Lines: w.Lines, Known: w.Losses[0].Known && w.Losses[1].Known}
	if !v.Known {
		return v
	}
	for _, l := range w.Losses {
		s := 0.0
		for _, x := range l.SGP {
			s += x
		}
		v.Scale = max(v.Scale, s)
	}
	for _, l := range w.Losses {
		b := WhyBar{Army: l.Army, Total: l.Total}
		x := 0.0
		for ci, sgp := range l.SGP {
			if sgp <= 0 || v.Scale == 0 {
				continue
			}
			wd := 100 * sgp / v.Scale
			b.Parts = append(b.Parts, WhyPart{Cause: battle.CauseNames[ci], Fill: whyFills[ci], SGP: sgp,
				X: strconv.FormatFloat(x, 'f', 2, 64), W: strconv.FormatFloat(wd, 'f', 2, 64)})
			x += wd
		}
		v.Bars = append(v.Bars, b)
	}
	return v
}

// CauseKeys are the chart's key: each cause and its colour.
func (v WhyView) CauseKeys() []WhyPart {
	var out []WhyPart
	for ci, n := range battle.CauseNames {
		out = append(out, WhyPart{Cause: n, Fill: whyFills[ci]})
	}
	return out
}

func whyBarLabel(b WhyBar) string {
	s := b.Army + ", SGPs lost a battle:"
	for j, p := range b.Parts {
		if j > 0 {
			s += ","
		}
		s += " " + Mean0(p.SGP) + " to " + p.Cause
	}
	return s
}
