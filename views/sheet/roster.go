package sheet

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"muster/costing"
	"muster/roster"
)

// Roster is the army roster page printed in front of the record sheets: every unit with its
// cost, the total against the limit, the force limits in force, and the problems.
type Roster struct {
	Name, Side string
	Units      []RosterUnit
	Total      int
	Limit      int // the army's own limit; 0 for none
	Over       int // SGPs over the lowest limit in force
	// Limits are the force limits in force, one clause a line, in the game's words.
	Limits   []string
	Errors   int
	Warnings int
	Problems []roster.Problem
	Waived   []roster.Problem
}

// RosterUnit is one line of the roster.
type RosterUnit struct {
	N       int // 1-based
	Name    string
	Kind    string
	Sheet   string // the record sheet it has, or "" (artillery, strikes, remote weapons)
	Cost    int
	Printed int
	Erratum string
	Errors  int
	// Lines are the cost lines of a unit that has no record sheet, printed on the roster.
	Lines []costing.Line
}

func buildRoster(a *roster.Army, res *costing.Result, sheets []Sheet) Roster {
	r := Roster{Name: a.Name, Side: string(a.Side), Total: res.Total, Limit: a.Limit,
		Problems: res.Problems, Waived: res.Waived}
	titles := map[int]string{}
	for _, s := range sheets {
		if s.MountsOf != "" {
			titles[s.Unit] += ", " + s.Title + " (mounts)"
			continue
		}
		titles[s.Unit] = s.Title
	}
	for i, b := range res.Units {
		ru := RosterUnit{N: i + 1, Name: b.Name, Kind: b.Kind, Sheet: titles[i], Cost: b.Cost,
			Printed: b.Printed, Erratum: b.Erratum}
		if ru.Sheet == "" {
			ru.Lines = b.Lines
		}
		for _, p := range res.Problems {
			if p.Unit == i && p.Severity == roster.Error {
				ru.Errors++
			}
		}
		r.Units = append(r.Units, ru)
	}
	for _, p := range res.Problems {
		switch p.Severity {
		case roster.Error:
			r.Errors++
		case roster.Warning:
			r.Warnings++
		}
	}
	limit := a.Limit
	if a.Limit > 0 {
		r.Limits = append(r.Limits, fmt.Sprintf("Army limit: %d SGPs", a.Limit))
	}
	if l := res.Limits; l != nil {
		if l.Total > 0 {
			r.Limits = append(r.Limits, fmt.Sprintf("Total: at most %d SGPs", l.Total))
			if limit == 0 || l.Total < limit {
				limit = l.Total
			}
		}
		r.Limits = append(r.Limits, limitClauses(l)...)
	}
	r.Limits = append(r.Limits, dialClauses("House rule", a.Rules)...)
	if limit > 0 && res.Total > limit {
		r.Over = res.Total - limit
	}
	return r
}

// limitClauses writes a gamemaster's limits as the briefing would (Chapter Ten, "Force
// Mixes"): one clause a line.
func limitClauses(l *roster.Limits) []string {
	var out []string
	sgp := func(cap *int, what string) {
		if cap != nil {
			out = append(out, fmt.Sprintf("Up to %d SGPs on %s", *cap, what))
		}
	}
	sgp(l.SGP.Heroes, "heroes")
	sgp(l.SGP.Squads, "squads (mounts included)")
	sgp(l.SGP.Droids, "droids")
	sgp(l.SGP.Creatures, "creatures")
	sgp(l.SGP.Artillery, "artillery and remote weapons")
	sgp(l.SGP.Strikes, "off-board strikes")
	if len(l.Qualities) > 0 {
		q := make([]string, len(l.Qualities))
		for i, x := range l.Qualities {
			q[i] = string(x)
		}
		out = append(out, "Squads must be "+orJoin(q))
	}
	count := func(cap *int, what string) {
		if cap != nil {
			out = append(out, fmt.Sprintf("At most %d %s", *cap, what))
		}
	}
	count(l.Max.Heroes, "heroes")
	count(l.Max.Squads, "squads")
	count(l.Max.Droids, "droids")
	count(l.Max.Creatures, "creatures")
	count(l.Max.SpecializedWeapons, "specialized weapons")
	count(l.Max.Grenades, "grenades")
	if len(l.Banned) > 0 {
		out = append(out, "No "+strings.Join(l.Banned, ", "))
	}
	if len(l.Sides) > 0 {
		s := make([]string, len(l.Sides))
		for i, x := range l.Sides {
			s[i] = string(x)
		}
		out = append(out, "For the "+orJoin(s)+" side")
	}
	return append(out, dialClauses("Gamemaster's house rule", l.Rules)...)
}

// dialClauses writes house rules, one rule id a line, in a fixed order.
func dialClauses(who string, d roster.Dials) []string {
	var out []string
	for _, id := range slices.Sorted(maps.Keys(d)) {
		out = append(out, fmt.Sprintf("%s: %s is %s", who, id, d[id]))
	}
	return out
}

func orJoin(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
