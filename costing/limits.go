package costing

import (
	"fmt"
	"slices"

	"muster/roster"
	"muster/rules"
)

// CheckLimits checks the clauses of force limits that need costs: the army's limit and the
// limits' total, and the SGP caps per category (Chapter Ten: "You can spend up to 300
// points on heroes; the rest on your squads"). l may be nil: the army's own limit is still
// checked. The other clauses are roster.CheckLimits's.
func CheckLimits(c *rules.Catalog, a *roster.Army, res *Result, l *roster.Limits) []roster.Problem {
	var ps []roster.Problem
	over := func(rule, field string, spent, cap int, what, hint string) {
		ps = append(ps, roster.Problem{Rule: rule, Severity: roster.Error, Unit: -1, Field: field,
			Message: fmt.Sprintf("%s cost %d SGPs, %d over the %d allowed (Chapter Ten, Force Mixes)", what, spent, spent-cap, cap),
			Hint:    hint})
	}
	if a.Limit > 0 && res.Total > a.Limit {
		over("limits.total", "limit", res.Total, a.Limit, "the army's units", spendLess(res.Total-a.Limit))
	}
	if l == nil {
		return ps
	}
	if l.Total > 0 && res.Total > l.Total {
		over("limits.total", "limits.total", res.Total, l.Total, "the army's units", spendLess(res.Total-l.Total))
	}
	spent := map[string]int{}
	for i, b := range res.Units {
		spent[a.Units[i].Kind] += b.Cost
	}
	for _, cat := range []struct {
		cap   *int
		kinds []string
		rule  string
		field string
		what  string
	}{
		{l.SGP.Heroes, []string{roster.KindHero}, "limits.heroes", "heroes", "heroes"},
		{l.SGP.Squads, []string{roster.KindSquad}, "limits.squads", "squads", "squads (mounts included)"},
		{l.SGP.Droids, []string{roster.KindDroid}, "limits.droids", "droids", "droids"},
		{l.SGP.Creatures, []string{roster.KindCreature}, "limits.creatures", "creatures", "creatures"},
		{l.SGP.Artillery, []string{roster.KindArtillery, roster.KindRemoteWeapon}, "limits.artillery", "artillery", "artillery pieces and remote weapons"},
		{l.SGP.Strikes, []string{roster.KindStrike}, "limits.strikes", "strikes", "off-board strikes"},
	} {
		if cat.cap == nil {
			continue
		}
		n := 0
		for _, k := range cat.kinds {
			n += spent[k]
		}
		if n > *cat.cap {
			over(cat.rule, "limits.sgp."+cat.field, n, *cat.cap, "the army's "+cat.what,
				fmt.Sprintf("spend at most %d SGPs on %s", *cat.cap, cat.what))
		}
	}
	return ps
}

// Evaluate costs an army and checks it: costing's own problems, the Troop List and creation
// rules (roster.Check), and force limits. l are the limits to check against; nil uses the
// army's own limits: block (a gamemaster's limits file replaces it). House rules are
// applied last: the army's rules: block, then the limits' rules:, which win. Waived
// problems move to Result.Waived. Problems are ordered army-wide first, then by unit.
//
// This is the one entry point the command line and the web app call; Army alone costs
// without judging, as the costing tests of the book's forces need.
func Evaluate(c *rules.Catalog, a *roster.Army, l *roster.Limits) *Result {
	c, catalogProblems := CatalogFor(c, a)
	r := cost(c, a)
	r.Problems = append(catalogProblems, r.Problems...)
	if l == nil {
		l = a.Limits
	}
	ps := r.Problems
	ps = append(ps, roster.Check(c, a)...)
	ps = append(ps, roster.CheckDials(a.Rules, "rules")...)
	dials := []roster.Dials{a.Rules}
	if l != nil {
		ps = append(ps, roster.LimitsBounds(l, "limits")...)
		ps = append(ps, roster.CheckDials(l.Rules, "limits.rules")...)
		ps = append(ps, roster.CheckLimits(c, a, l, "limits")...)
		dials = append(dials, l.Rules)
	}
	ps = append(ps, CheckLimits(c, a, r, l)...)
	kept, waived := roster.ApplyDials(ps, dials...)
	name(a, kept)
	name(a, waived)
	byUnit := func(x, y roster.Problem) int { return x.Unit - y.Unit }
	slices.SortStableFunc(kept, byUnit)
	slices.SortStableFunc(waived, byUnit)
	r.Problems, r.Waived, r.Limits = kept, waived, l
	return r
}

// name says which unit each problem is about as the screens do: "Unit 6, Ewok".
func name(a *roster.Army, ps []roster.Problem) {
	for i := range ps {
		if u := ps[i].Unit; u >= 0 && u < len(a.Units) {
			ps[i].Where = fmt.Sprintf("Unit %d, %s", u+1, UnitName(&a.Units[u], u))
		}
	}
}

func spendLess(n int) string {
	if n == 1 {
		return "spend 1 SGP less"
	}
	return fmt.Sprintf("spend %d SGPs less", n)
}
