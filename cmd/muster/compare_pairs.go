package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/rules/system"
	"muster/views"
)

// compareUnits pairs two armies' units and marks where they differ: first by kind and name,
// then what is left by kind and type (a squad of Stormtroopers renamed is still that squad),
// then by kind alone in order; a unit left over is in one army only. Paired units list their
// changed fields, so that two versions of one army read as a diff.
func compareUnits(aa, ba *roster.Army, a, b *costing.Result) []views.CompareRow {
	n := min(len(a.Units), len(aa.Units))
	m := min(len(b.Units), len(ba.Units))
	pair := make([]int, n)
	for i := range pair {
		pair[i] = -1
	}
	used := make([]bool, m)
	match := func(same func(i, j int) bool) {
		for i := range n {
			if pair[i] >= 0 {
				continue
			}
			for j := range m {
				if !used[j] && a.Units[i].Kind == b.Units[j].Kind && same(i, j) {
					pair[i], used[j] = j, true
					break
				}
			}
		}
	}
	match(func(i, j int) bool { return rules.Normalize(a.Units[i].Name) == rules.Normalize(b.Units[j].Name) })
	match(func(i, j int) bool {
		t := unitType(aa.Units[i])
		return t != "" && rules.Normalize(t) == rules.Normalize(unitType(ba.Units[j]))
	})
	match(func(int, int) bool { return true })

	var rows []views.CompareRow
	for i := range n {
		ua := a.Units[i]
		row := views.CompareRow{Kind: ua.Kind, AName: ua.Name, ACost: ua.Cost, InA: true}
		if j := pair[i]; j >= 0 {
			ub := b.Units[j]
			row.InB, row.BName, row.BCost = true, ub.Name, ub.Cost
			row.Changes = unitChanges(aa.Units[i], ba.Units[j])
		}
		row.Differs = !row.InB || row.ACost != row.BCost || len(row.Changes) > 0
		rows = append(rows, row)
	}
	for j := range m {
		if !used[j] {
			ub := b.Units[j]
			rows = append(rows, views.CompareRow{Kind: ub.Kind, BName: ub.Name, BCost: ub.Cost, InB: true, Differs: true})
		}
	}
	// Rows by kind, in the order kinds first appear, so each kind's subtotal follows its rows.
	var kinds []string
	for _, r := range rows {
		if !slices.Contains(kinds, r.Kind) {
			kinds = append(kinds, r.Kind)
		}
	}
	slices.SortStableFunc(rows, func(x, y views.CompareRow) int {
		return slices.Index(kinds, x.Kind) - slices.Index(kinds, y.Kind)
	})
	return rows
}

// compareSubtotals sums each kind's SGPs in both armies, in the rows' order.
func compareSubtotals(rows []views.CompareRow) []views.CompareSubtotal {
	var out []views.CompareSubtotal
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].Kind != r.Kind {
			out = append(out, views.CompareSubtotal{Kind: r.Kind})
		}
		s := &out[len(out)-1]
		if r.InA {
			s.A += r.ACost
		}
		if r.InB {
			s.B += r.BCost
		}
	}
	return out
}

// unitType is what a unit is, beside its name: its troop type, droid, creature, piece,
// weapon or strike.
func unitType(u roster.Unit) string {
	for _, s := range []string{u.Troop, u.Droid, u.Creature, u.Artillery, u.Weapon, u.Strike} {
		if s != "" {
			return s
		}
	}
	return ""
}

// unitChanges lists the fields of an army file's unit that differ, as "field: before →
// after" in the file's own terms (its keys, "point_rolls" read as "point rolls", and values).
func unitChanges(a, b roster.Unit) []string {
	fields := func(u roster.Unit) map[string]json.RawMessage {
		out := map[string]json.RawMessage{}
		if data, err := json.Marshal(u); err == nil {
			_ = json.Unmarshal(data, &out)
		}
		return out
	}
	fa, fb := fields(a), fields(b)
	var keys []string
	for k := range fa {
		keys = append(keys, k)
	}
	for k := range fb {
		if _, ok := fa[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var out []string
	for _, k := range keys {
		va, vb := shownField(k, string(fa[k])), shownField(k, string(fb[k]))
		if va == vb {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s → %s", strings.ReplaceAll(k, "_", " "), va, vb))
	}
	return out
}

// shownField is a field's value as shown, a left-out one as what the army file format
// says it means: armor none ("none", "false" or nothing, roster.Armor.None), origin rpg,
// the Troop List's quality. Two values shown alike are no change.
func shownField(key, v string) string {
	empty := v == "" || v == "null"
	switch key {
	case "armor":
		var a roster.Armor
		if empty || json.Unmarshal([]byte(v), &a) == nil && a.None() {
			return "none"
		}
	case "origin":
		if empty {
			return roster.OriginRPG
		}
	case "quality":
		if empty {
			return "the Troop List's"
		}
	}
	return shown(v)
}

// shown is a field's JSON value as a player reads it: quotes and braces trimmed, keys'
// underscores as spaces, nothing as "none", long values cut.
func shown(v string) string {
	if v == "" || v == "null" {
		return "none"
	}
	v = strings.NewReplacer(`"`, "", "{", "", "}", "", "[", "", "]", "", "_", " ").Replace(v)
	v = strings.ReplaceAll(v, ",", ", ")
	v = strings.ReplaceAll(v, ":", ": ")
	if len(v) > 80 {
		v = v[:80] + "…"
	}
	return v
}

// compareOther compares two armies of another game through its costed reports: units
// paired by kind and name, counts and points side by side.
func compareOther(sys system.System, ra db.Army, fa []byte, rb db.Army, fb []byte) (*views.CompareOther, []views.CompareRow, error) {
	repA, err := sys.Evaluate(fa)
	if err != nil {
		return nil, nil, fmt.Errorf("web: stored army %s does not read: %w", ra.ID, err)
	}
	repB, err := sys.Evaluate(fb)
	if err != nil {
		return nil, nil, fmt.Errorf("web: stored army %s does not read: %w", rb.ID, err)
	}
	side := func(rec db.Army, rep *system.Report) views.CompareSide {
		s := views.CompareSide{ID: rec.ID, Name: rep.Name, Version: rec.Version, Total: rep.Total, Limit: rep.Limit}
		for _, p := range rep.Problems {
			switch p.Severity {
			case system.Error:
				s.Errors++
			case system.Warning:
				s.Warnings++
			}
		}
		return s
	}
	other := &views.CompareOther{Game: sys.Title(), A: side(ra, repA), B: side(rb, repB)}
	used := make([]bool, len(repB.Units))
	var rows []views.CompareRow
	label := func(u system.Unit) string {
		if u.Count > 1 {
			return fmt.Sprintf("%s × %d", u.Name, u.Count)
		}
		return u.Name
	}
	for _, ua := range repA.Units {
		row := views.CompareRow{Kind: ua.Kind, AName: label(ua), ACost: ua.Cost, InA: true}
		for j, ub := range repB.Units {
			if !used[j] && ub.Kind == ua.Kind && rules.Normalize(ub.Name) == rules.Normalize(ua.Name) {
				used[j] = true
				row.InB, row.BName, row.BCost = true, label(ub), ub.Cost
				if ua.Count != ub.Count {
					row.Changes = append(row.Changes, fmt.Sprintf("count: %d → %d", ua.Count, ub.Count))
				}
				break
			}
		}
		row.Differs = !row.InB || row.ACost != row.BCost || len(row.Changes) > 0
		rows = append(rows, row)
	}
	for j, ub := range repB.Units {
		if !used[j] {
			rows = append(rows, views.CompareRow{Kind: ub.Kind, BName: label(ub), BCost: ub.Cost, InB: true, Differs: true})
		}
	}
	return other, rows, nil
}
