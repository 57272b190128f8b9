package web

import (
	"fmt"

	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/rules/system"
	"muster/views"
)

// compareUnits is roster.Diff with each side's costs: a row differs where a unit is in one
// army only, costs differently or has changed fields.
func compareUnits(aa, ba *roster.Army, a, b *costing.Result) []views.CompareRow {
	var rows []views.CompareRow
	for _, d := range roster.Diff(aa, ba) {
		row := views.CompareRow{Kind: d.Kind, Changes: d.Changes}
		if d.A >= 0 {
			row.InA, row.AName, row.ACost = true, a.Units[d.A].Name, a.Units[d.A].Cost
		}
		if d.B >= 0 {
			row.InB, row.BName, row.BCost = true, b.Units[d.B].Name, b.Units[d.B].Cost
		}
		row.Differs = !row.InA || !row.InB || row.ACost != row.BCost || len(row.Changes) > 0
		rows = append(rows, row)
	}
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
