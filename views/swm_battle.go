package views

import (
	"math"

	"muster/rules/swm/engine"
)

// SWMBattleView is the d20 quick-resolve page: the form (two of the asker's squads, the map,
// how many battles, the seed) and, once asked, who wins, or why the squads cannot play.
type SWMBattleView struct {
	Squads    []SystemChoice // the asker's d20 squads: ID and name
	A, B      string
	Scenario  string
	Scenarios []string
	Battles   string
	Seed      string
	MaxBattle int

	Error     string           // a form value that cannot be used
	Missing   []string         // the cards a battle cannot play yet, by unit
	Broken    []SWMBrokenSquad // squads that break the squad-building rules: not played
	SidesNote string           // both squads on one side of the Force: played, and said
	Result    *engine.Summary
	AName     string
	BName     string
	// Log is the first battle's, turn by turn (battle 0 of the seed: muster swm battle's).
	Log []string
	// Replay is the address of the result's battles on the map, step by step.
	Replay string
}

// SWMBrokenSquad is a squad the quick-resolve refuses: it breaks the squad-building rules.
type SWMBrokenSquad struct {
	ID, Name string
	Errors   []string
}

// outcome is the win/draw/loss bar of the quick-resolve, as the matchup page draws it.
func (v SWMBattleView) outcome() []Slice {
	r := v.Result
	pct := func(x float64) string { return fnum(100 * x) }
	a, d := r.WinRate, r.DrawRate
	b := math.Max(0, 1-a-d)
	return []Slice{
		{X: "0", W: pct(a), LoX: pct(r.WinInterval[0]), HiX: pct(r.WinInterval[1]), Class: "win-a", Label: v.AName + " wins", HasWhisker: true},
		{X: pct(a), W: pct(d), Class: "draw", Label: "draws"},
		{X: pct(a + d), W: pct(b), LoX: pct(1 - r.LossInterval[1]), HiX: pct(1 - r.LossInterval[0]), Class: "win-b", Label: v.BName + " wins", HasWhisker: true},
	}
}
