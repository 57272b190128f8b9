package main

import (
	"encoding/json"
	"fmt"
	"io"
	"muster/cmd/muster/internal/systems"

	"muster/rules/system"
	"muster/rules/yamlguard"
)

// evaluateOther runs `muster cost` or `muster check` for an army of another system: the
// same JSON shape (total, problems with severity) and the same exit codes as for SWMB.
func evaluateOther(sys system.System, path string, file []byte, asJSON bool, stdout, stderr io.Writer) int {
	rep, err := sys.Evaluate(file)
	if err != nil {
		fmt.Fprintf(stderr, "muster: %s: %v\n", path, err)
		return 2
	}
	if rep.Problems == nil {
		rep.Problems = []system.Problem{}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			fmt.Fprintf(stderr, "muster: %v\n", err)
			return 2
		}
	} else {
		printReport(stdout, sys, rep)
	}
	if rep.HasErrors() {
		return 1
	}
	return 0
}

// printReport is the plain-text cost and check of another system's army.
func printReport(w io.Writer, sys system.System, rep *system.Report) {
	fmt.Fprintf(w, "%s (%s", rep.Name, sys.Title())
	if rep.Faction != "" {
		fmt.Fprintf(w, ", %s", rep.Faction)
	}
	fmt.Fprintln(w, ")")
	for i, u := range rep.Units {
		fmt.Fprintf(w, "\n[%d] %s (%s)", i, u.Name, u.Kind)
		if u.Count > 1 {
			fmt.Fprintf(w, " x%d", u.Count)
		}
		fmt.Fprintln(w)
		for _, l := range u.Lines {
			fmt.Fprintf(w, "  %-44s %6d", l.Label, l.Points)
			if l.Note != "" {
				fmt.Fprintf(w, "  %s", l.Note)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "  Unit cost: %d\n", u.Cost)
	}
	fmt.Fprintln(w)
	if rep.Limit > 0 {
		fmt.Fprintf(w, "Army total: %d of %d points", rep.Total, rep.Limit)
		if rep.Total > rep.Limit {
			fmt.Fprintf(w, " (%d over)", rep.Total-rep.Limit)
		}
		fmt.Fprintln(w)
	} else {
		fmt.Fprintf(w, "Army total: %d points\n", rep.Total)
	}
	if len(rep.Problems) == 0 {
		fmt.Fprintln(w, "No problems found.")
		return
	}
	fmt.Fprintf(w, "\nProblems (%d):\n", len(rep.Problems))
	for _, p := range rep.Problems {
		// The unit once, counted from 1 as the sheets and screens count it ("Unit 6,
		// Princess Leia, Hoth Commander: card"), never the file's zero-based path.
		where, msg := rep.Where(p)
		fmt.Fprintf(w, "  %s: %s: %s", p.Severity, where, msg)
		if p.Hint != "" {
			fmt.Fprintf(w, " (%s)", p.Hint)
		}
		if p.Rule != "" {
			fmt.Fprintf(w, " [%s]", p.Rule)
		}
		fmt.Fprintln(w)
	}
}

// otherSystemFile says, for a file of a system a command does not play, what the file is
// and which commands read it; "" when the file claims the system want (or none Muster
// knows, which the reader then reports). want is system.SWMB, or another system's ID.
func otherSystemFile(path string, data []byte, want string) string {
	id := system.Detect(data)
	if id == want || yamlguard.NotText(data, "") != nil {
		return "" // the reader says what is wrong with a file that is not text
	}
	title := func(id string) string {
		if id == system.SWMB {
			return "Star Wars Miniatures Battles"
		}
		return systems.ByID(id).Title()
	}
	if id != system.SWMB && systems.ByID(id) == nil {
		return ""
	}
	if id == system.SWMB && want != system.SWMB {
		// A file without system: is SWMB's, or another system's file missing the line.
		return fmt.Sprintf("%s does not say \"system: %s\"; a %s file starts with \"format: 1\" and \"system: %s\" (a file without system: is a Star Wars Miniatures Battles army: muster help)",
			path, want, title(want), want)
	}
	where := "muster " + id + " help"
	if id == system.SWMB {
		where = "muster help"
	}
	return fmt.Sprintf("%s is a %s file (system: %s); this command reads %s files (system: %s). %s lists the commands for it",
		path, title(id), id, title(want), want, where)
}
