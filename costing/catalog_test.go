package costing

import (
	"os"
	"testing"

	"muster/roster"
	"muster/rules"
)

// army-file.md: custom troop types and creatures declared in the army's catalog: block are
// costed by the same rules. By hand: per soldier 0 + Move 10 + attributes 14 + blaster +1
// + blaster rifle 15 = 40, x 6 = 240; six Bordoks (2+4+2+12+4) x 1 = 24 each = 144, and
// six mounts at 5 + 5 (Orneriness 2) = 60; 444.
func TestCustomCatalogEntriesAreCostedByTheRules(t *testing.T) {
	data, err := os.ReadFile("testdata/custom-catalog.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	r := Evaluate(rules.Default(), a, nil)
	noErrors(t, r)
	if r.Total != 444 {
		t.Errorf("total = %d, want 444", r.Total)
	}
	a.Catalog.Troops[0].Name = "Hoth Trooper"
	r = Evaluate(rules.Default(), a, nil)
	if len(r.Problems) == 0 || r.Problems[0].Field != "catalog" {
		t.Errorf("a custom entry reusing a built-in name: problems = %v", r.Problems)
	}
}
