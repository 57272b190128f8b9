package systems

import (
	"fmt"
	"io"

	"muster/rules/system"
)

// PrintReport is the plain-text cost and check of another system's army.
func PrintReport(w io.Writer, sys system.System, rep *system.Report) {
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
