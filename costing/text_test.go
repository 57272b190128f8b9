package costing

import (
	"os"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// The text list for forums: the book's Blue Rangers (Chapter Eight, Diagrams 15-19) cost 710
// by the Weapon Chart; the list names the squad, what it is and carries, and the cost.
func TestTextListOfTheBlueRangers(t *testing.T) {
	data, err := os.ReadFile("../rules/data/forces/blue-rangers.yaml")
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	got := Text(a, Evaluate(rules.Default(), a, nil))
	for _, want := range []string{
		"Blue Rangers (Rebel) — 710 SGPs\n",
		"\nSquads\n- Blue Rangers: 10 Hoth Trooper (elite), blaster rifle, vibroblade, specialist with repeating blaster — 710\n",
		"\nValid",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the text list lacks %q:\n%s", want, got)
		}
	}
}
