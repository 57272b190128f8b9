package check

import (
	"testing"

	"muster/rules/swm/army"
	"muster/rules/system"
)

// A squad being built with no cards yet reads (the editor starts there) and is an error of
// its own, naming the units field and how to fill it; a file with no units: is refused.
func TestSquadConstructionEmptySquadIsAnError(t *testing.T) {
	a, err := army.Read([]byte("format: 1\nsystem: swm\nname: New\nfaction: Empire\nunits: []\n"))
	if err != nil {
		t.Fatalf("an empty units list is refused: %v", err)
	}
	c, err := Evaluate(a)
	if err != nil {
		t.Fatal(err)
	}
	var found bool
	for _, p := range c.Problems {
		if p.Rule == RuleSquad && p.Severity == system.Error && p.Field == "units" && p.Hint != "" {
			found = true
		}
	}
	if !found || c.Total != 0 {
		t.Errorf("problems %+v, total %d", c.Problems, c.Total)
	}
	if _, err := army.Read([]byte("format: 1\nsystem: swm\nname: New\nfaction: Empire\n")); err == nil {
		t.Error("a file without units: reads")
	}
}
