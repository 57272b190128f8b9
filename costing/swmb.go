package costing

import (
	"muster/roster"
	"muster/rules"
	"muster/rules/system"
)

// SWMB is Star Wars Miniatures Battles as a game system (rules/system.System), as the d20
// (rules/swm) and skirmish (rules/qrs) systems are: an army file read, costed and checked
// into the report every system gives. SWMB's own pages and commands keep the richer Result
// (Evaluate); a caller that asks any system for its report asks this.
type SWMB struct{}

var _ system.System = SWMB{}

// ID implements system.System: the army file's system: value (and that of a file without
// one).
func (SWMB) ID() string { return system.SWMB }

// Title implements system.System.
func (SWMB) Title() string { return "Star Wars Miniatures Battles (West End Games)" }

// Evaluate implements system.System: it reads an army file (roster.Read, whose errors name
// the line and column) and costs and checks it against the built-in catalogue and its own
// catalog: block, with the limits it carries (Evaluate).
func (SWMB) Evaluate(file []byte) (*system.Report, error) {
	a, err := roster.Read(file)
	if err != nil {
		return nil, err
	}
	return Report(a, Evaluate(rules.Default(), a, nil)), nil
}

// Report is an army's costs and checks (Evaluate's Result) in the shape every system
// reports: each unit by its shown name, kind, figures and cost with its lines (subtotals
// left out), the limit's total if there is one, the problems that count (not those house
// rules waived).
func Report(a *roster.Army, r *Result) *system.Report {
	rep := &system.Report{Name: a.Name, System: system.SWMB, Faction: string(a.Side), Total: r.Total,
		Units: make([]system.Unit, 0, len(r.Units)), Problems: make([]system.Problem, 0, len(r.Problems))}
	if r.Limits != nil {
		rep.Limit = r.Limits.Total
	}
	for i, b := range r.Units {
		u := system.Unit{Name: b.Name, Kind: b.Kind, Count: figures(&a.Units[i]), Cost: b.Cost}
		for _, l := range b.Lines {
			if !l.Subtotal {
				u.Lines = append(u.Lines, system.Line{Label: l.Label, Points: l.SGP, Note: l.Note})
			}
		}
		rep.Units = append(rep.Units, u)
	}
	for _, p := range r.Problems {
		rep.Problems = append(rep.Problems, system.Problem{Rule: p.Rule, Severity: string(p.Severity), Unit: p.Unit,
			Field: p.Field, Message: p.Message, Hint: p.Hint})
	}
	return rep
}

// figures is how many a unit fields: a squad's soldiers, a unit's count (creatures,
// strikes), else one.
func figures(u *roster.Unit) int {
	switch u.Kind {
	case roster.KindSquad:
		return max(u.Size, 1)
	}
	return max(u.Count, 1)
}
