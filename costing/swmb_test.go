package costing

import (
	"os"
	"path/filepath"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/system"
)

// SWMB as a system reports what Evaluate finds: the same total, each unit with its shown
// name, kind and cost, its lines without the subtotals, and the same problems, for an army
// with a custom catalogue and one with every kind of unit; a file SWMB cannot read is an
// error naming what is wrong.
func TestSWMBReportsWhatEvaluateFinds(t *testing.T) {
	var s system.System = SWMB{}
	if s.ID() != system.SWMB || s.Title() == "" {
		t.Fatalf("ID %q, title %q", s.ID(), s.Title())
	}
	for _, name := range []string{"mixed-2000.yaml", "custom-catalog.yaml"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := s.Evaluate(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a, err := roster.Read(data)
		if err != nil {
			t.Fatal(err)
		}
		r := Evaluate(rules.Default(), a, nil)
		if rep.Name != a.Name || rep.System != system.SWMB || rep.Faction != string(a.Side) || rep.Total != r.Total ||
			len(rep.Units) != len(a.Units) || len(rep.Problems) != len(r.Problems) {
			t.Fatalf("%s: report %q %s %s total %d, %d units, %d problems; Evaluate %d, %d units, %d problems",
				name, rep.Name, rep.System, rep.Faction, rep.Total, len(rep.Units), len(rep.Problems), r.Total, len(r.Units), len(r.Problems))
		}
		for i, u := range rep.Units {
			b := r.Units[i]
			if u.Name != b.Name || u.Kind != a.Units[i].Kind || u.Cost != b.Cost || u.Count < 1 {
				t.Errorf("%s: unit %d %+v, Evaluate's %+v", name, i, u, b)
			}
			n := 0
			for _, l := range b.Lines {
				if !l.Subtotal {
					if n >= len(u.Lines) || u.Lines[n].Label != l.Label || u.Lines[n].Points != l.SGP {
						t.Errorf("%s: unit %d line %d: %+v, Evaluate's %+v", name, i, n, u.Lines, l)
						break
					}
					n++
				}
			}
		}
		for i, p := range rep.Problems {
			q := r.Problems[i]
			if p.Severity != string(q.Severity) || p.Unit != q.Unit || p.Field != q.Field || p.Message != q.Message || p.Rule != q.Rule {
				t.Errorf("%s: problem %d %+v, Evaluate's %+v", name, i, p, q)
			}
		}
		if rep.HasErrors() != roster.HasErrors(r.Problems) {
			t.Errorf("%s: errors %v, Evaluate's %v", name, rep.HasErrors(), roster.HasErrors(r.Problems))
		}
	}
	if _, err := s.Evaluate([]byte("format: 1\nunits: [\n")); err == nil {
		t.Error("an unreadable file evaluated")
	}
}
