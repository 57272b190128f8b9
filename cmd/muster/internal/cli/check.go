package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// checkReport is the JSON shape of `muster check --json`: the army, its total, the limits
// it was checked against, and the problems (those that count, and those waived).
type checkReport struct {
	Name     string           `json:"name"`
	System   string           `json:"system"`
	Side     rules.Side       `json:"side"`
	Limit    int              `json:"limit,omitempty"`
	Total    int              `json:"total"`
	Limits   *roster.Limits   `json:"limits,omitempty"`
	Problems []roster.Problem `json:"problems"`
	Waived   []roster.Problem `json:"waived"`
}

// cmdCheck checks an army against the Troop Lists, the creation rules and force limits.
// Exit 0: no errors (warnings and notes allowed); 1: errors; 2: a file cannot be read or
// parsed (the message gives line and column).
func cmdCheck(args []string, stdout, stderr io.Writer) int {
	army, res, asJSON, code := evaluateArgs("check", args, stdout, stderr)
	if army == nil {
		return code
	}
	if asJSON {
		rep := checkReport{Name: army.Name, System: "swmb", Side: army.Side, Limit: army.Limit, Total: res.Total,
			Limits: res.Limits, Problems: res.Problems, Waived: res.Waived}
		if rep.Waived == nil {
			rep.Waived = []roster.Problem{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
	} else {
		printCheck(stdout, army, res)
	}
	if roster.HasErrors(res.Problems) {
		return 1
	}
	return 0
}

func printCheck(w io.Writer, army *roster.Army, res *costing.Result) {
	fmt.Fprintf(w, "%s (%s): %d SGPs", army.Name, army.Side, res.Total)
	if army.Limit > 0 {
		fmt.Fprintf(w, " of %d", army.Limit)
	}
	fmt.Fprintln(w)
	if res.Limits != nil {
		fmt.Fprintf(w, "Limits: %s\n", res.Limits.Summary())
	}
	errs, warns, notes := 0, 0, 0
	for _, p := range res.Problems {
		switch p.Severity {
		case roster.Error:
			errs++
		case roster.Warning:
			warns++
		default:
			notes++
		}
	}
	printProblems(w, res)
	fmt.Fprintf(w, "\n%d errors, %d warnings, %d notes, %d waived\n", errs, warns, notes, len(res.Waived))
}
