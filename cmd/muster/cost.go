package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// costReport is the JSON shape of `muster cost --json` (../shared/spec/army-file.md).
type costReport struct {
	Name     string              `json:"name"`
	System   string              `json:"system"`
	Side     rules.Side          `json:"side"`
	Limit    int                 `json:"limit,omitempty"`
	Total    int                 `json:"total"`
	Units    []costing.Breakdown `json:"units"`
	Problems []roster.Problem    `json:"problems"`
}

// cmdCost prints an army's costs. Exit 0: no errors; 1: errors (costs still printed);
// 2: the file cannot be read or parsed.
func cmdCost(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cost", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: muster cost [--json] FILE")
		return 2
	}
	army, code := readArmy(fs.Arg(0), stderr)
	if army == nil {
		return code
	}
	res := costing.Army(rules.Default(), army)
	if *asJSON {
		rep := costReport{Name: army.Name, System: "swmb", Side: army.Side, Limit: army.Limit,
			Total: res.Total, Units: res.Units, Problems: res.Problems}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
	} else {
		printCost(stdout, army, res)
	}
	for _, p := range res.Problems {
		if p.Severity == roster.Error {
			return 1
		}
	}
	return 0
}

// readArmy reads and parses an army file, reporting failures as the contract asks (exit 2,
// with line and column).
func readArmy(path string, stderr io.Writer) (*roster.Army, int) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %v\n", err)
		return nil, 2
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, roster.MaxFileSize+1))
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
		return nil, 2
	}
	army, err := roster.Read(data)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
		return nil, 2
	}
	return army, 0
}

func printCost(w io.Writer, army *roster.Army, res *costing.Result) {
	fmt.Fprintf(w, "%s (%s)\n", army.Name, army.Side)
	for i, u := range res.Units {
		fmt.Fprintf(w, "\n[%d] %s (%s)\n", i, u.Name, u.Kind)
		for _, l := range u.Lines {
			label := l.Label
			if l.Subtotal {
				label = "= " + label
			}
			fmt.Fprintf(w, "  %-44s %6d", label, l.SGP)
			if l.Note != "" {
				fmt.Fprintf(w, "  %s", l.Note)
			}
			fmt.Fprintln(w)
		}
		if u.Walk > 0 || u.Run > 0 {
			var rates []string
			if u.Walk > 0 {
				rates = append(rates, "walk "+inches(u.Walk))
			}
			if u.Run > 0 {
				rates = append(rates, "run "+inches(u.Run))
			}
			fmt.Fprintf(w, "  Movement: %s\n", strings.Join(rates, ", "))
		}
		if u.Erratum != "" {
			fmt.Fprintf(w, "  Book prints %d; by the rules %d: %s\n", u.Printed, u.Cost, u.Erratum)
		}
		fmt.Fprintf(w, "  Unit cost: %d\n", u.Cost)
	}
	fmt.Fprintln(w)
	if army.Limit > 0 {
		fmt.Fprintf(w, "Army total: %d of %d SGPs", res.Total, army.Limit)
		if res.Total > army.Limit {
			fmt.Fprintf(w, " (%d over)", res.Total-army.Limit)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "Army total: %d SGPs\n", res.Total)
	}
	if len(res.Problems) == 0 {
		fmt.Fprintln(w, "No problems found.")
		return
	}
	fmt.Fprintf(w, "\nProblems (%d):\n", len(res.Problems))
	for _, p := range res.Problems {
		fmt.Fprintf(w, "  %s\n", p)
	}
}

func inches(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64) + `"`
}
