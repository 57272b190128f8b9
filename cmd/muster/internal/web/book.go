package web

import (
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/views"
)

// bookChoices lists the book's printed forces to start from: name, side, units, cost by
// the rules, and where in the book each comes from (the file's first comment line).
func (a *app) bookChoices() []views.BookChoice {
	var out []views.BookChoice
	for _, f := range rules.BookForces() {
		army, err := roster.Read(f.Data)
		if err != nil {
			a.log.Error("book force does not parse", "file", f.File, "err", err)
			continue
		}
		first, _, _ := strings.Cut(string(f.Data), "\n")
		source, _, _ := strings.Cut(strings.TrimPrefix(first, "# "), " (")
		out = append(out, views.BookChoice{File: f.File, Name: army.Name, Side: string(army.Side), Source: source,
			Units: len(army.Units), Total: costing.Army(a.cat, army).Total})
	}
	return out
}
