// Package costing computes Squad Generation Points by the rules of Star Wars Miniatures
// Battles (../shared/spec/costing-rules.md): a breakdown per unit whose lines are the record
// sheet's lines, the unit's cost, and the army's total.
package costing

import (
	"errors"
	"fmt"

	"muster/roster"
	"muster/rules"
)

// Line is one line of a record sheet's cost column. Subtotal lines ("Skills point cost",
// "Point cost per soldier") repeat what the lines above them add up to.
type Line struct {
	Label    string `json:"label"`
	SGP      int    `json:"sgp"`
	Subtotal bool   `json:"subtotal,omitempty"`
	Note     string `json:"note,omitempty"`
}

// Breakdown is one unit's cost, line by line.
type Breakdown struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Cost  int    `json:"cost"`
	Lines []Line `json:"lines"`
	// Walk and Run are the movement rates in inches (Move/2 + DEX and Move + DEX, not
	// rounded); a creature's single Movement Rate is in Run.
	Walk float64 `json:"walk,omitempty"`
	Run  float64 `json:"run,omitempty"`
	// Printed is the book's own figure for this entry where it prints one that the rules do
	// not give, with the reason.
	Printed int    `json:"printed,omitempty"`
	Erratum string `json:"erratum,omitempty"`
}

// Result is an army's costs and the problems found while costing it.
type Result struct {
	Units    []Breakdown      `json:"units"`
	Total    int              `json:"total"`
	Problems []roster.Problem `json:"problems"`
	// Waived lists the problems house rules waived (Evaluate only): shown, not counted.
	Waived []roster.Problem `json:"waived,omitempty"`
	// Limits are the force limits Evaluate checked the army against, if any.
	Limits *roster.Limits `json:"limits,omitempty"`
}

// Army costs every unit of an army. Problems that stop a unit from being costed (an unknown
// name, a missing field) are reported and that unit's affected lines are left out; the
// other units are costed regardless.
func Army(c *rules.Catalog, a *roster.Army) *Result {
	c, ps := CatalogFor(c, a)
	r := cost(c, a)
	r.Problems = append(ps, r.Problems...)
	return r
}

// CatalogFor is the catalogue extended with the army's own catalog: block, which everything
// that reads the army's names (costing, the checks, the sheets, the battle engine, the
// editor's pickers) must use. A block that cannot be added is reported, and the built-in
// catalogue is returned.
func CatalogFor(c *rules.Catalog, a *roster.Army) (*rules.Catalog, []roster.Problem) {
	ext, err := c.Extend(a.Catalog)
	if err != nil {
		return c, []roster.Problem{{Rule: "field.invalid", Severity: roster.Error, Unit: -1, Field: "catalog",
			Message: err.Error(), Hint: "rename the custom entry"}}
	}
	return ext, nil
}

// cost costs every unit against c, which already holds the army's custom entries.
func cost(c *rules.Catalog, a *roster.Army) *Result {
	r := &Result{Units: make([]Breakdown, len(a.Units)), Problems: []roster.Problem{}}
	for i := range a.Units {
		u := &a.Units[i]
		cc := &unitCoster{cat: c, army: a, unit: u, index: i, problems: &r.Problems}
		b := cc.cost()
		b.Kind = u.Kind
		b.Name = u.ShownName(i)
		if p := u.Printed; p != nil && p.SGP != b.Cost {
			b.Printed = p.SGP
			b.Erratum = fmt.Sprintf("%s prints %d: %s", p.Source, p.SGP, p.Why)
		}
		r.Units[i] = b
		r.Total += b.Cost
	}
	return r
}

// UnitName is the name a unit goes by on every page (unit i of its army): roster's
// Unit.ShownName, which the comparison pairs units by too. It stays here for the what-if
// engine's callers.
func UnitName(u *roster.Unit, i int) string { return u.ShownName(i) }

// unitCoster holds what costing one unit needs.
type unitCoster struct {
	cat      *rules.Catalog
	army     *roster.Army
	unit     *roster.Unit
	index    int
	problems *[]roster.Problem
	lines    []Line
}

func (uc *unitCoster) cost() Breakdown {
	switch uc.unit.Kind {
	case roster.KindSquad:
		return uc.squad()
	case roster.KindHero:
		return uc.hero()
	case roster.KindDroid:
		return uc.droid()
	case roster.KindCreature:
		return uc.creature()
	case roster.KindArtillery:
		return uc.artillery()
	case roster.KindStrike:
		return uc.strike()
	case roster.KindRemoteWeapon:
		return uc.remoteWeapon()
	}
	uc.errorf("kind", "", "%q is not a unit kind", uc.unit.Kind)
	return Breakdown{}
}

func (uc *unitCoster) add(label string, sgp int) {
	uc.lines = append(uc.lines, Line{Label: label, SGP: sgp})
}

func (uc *unitCoster) subtotal(label string, sgp int) {
	uc.lines = append(uc.lines, Line{Label: label, SGP: sgp, Subtotal: true})
}

func (uc *unitCoster) problem(sev roster.Severity, rule, field, hint, format string, args ...any) {
	*uc.problems = append(*uc.problems, roster.Problem{
		Rule:     rule,
		Severity: sev,
		Unit:     uc.index,
		Field:    roster.UnitField(uc.index, field),
		Message:  fmt.Sprintf(format, args...),
		Hint:     hint,
	})
}

// errorf reports a field that is missing or holds what the army file format does not allow
// (rule field.invalid): the unit cannot be costed as written.
func (uc *unitCoster) errorf(field, hint, format string, args ...any) {
	uc.problem(roster.Error, "field.invalid", field, hint, format, args...)
}

// notFound reports an unknown catalogue name, naming the nearest known ones.
func (uc *unitCoster) notFound(field string, err error) {
	var nf *rules.NotFoundError
	if errors.As(err, &nf) {
		hint := "see the catalogue for the names the rulebook prints"
		if len(nf.Nearest) > 0 {
			hint = "did you mean " + orList(nf.Nearest) + "?"
		}
		uc.problem(roster.Error, "name.unknown", field, hint, "unknown %s %q", nf.Kind, nf.Name)
		return
	}
	uc.errorf(field, "", "%v", err)
}

func orList(names []string) string {
	s := ""
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			s += " or "
		default:
			s += ", "
		}
		s += `"` + n + `"`
	}
	return s
}
