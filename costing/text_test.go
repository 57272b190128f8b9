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
		"\nSquads\n- Blue Rangers: 10 Hoth Trooper (elite), blaster rifle, vibroblade, commander (command 4), specialist with repeating blaster — 710\n",
		"\nValid",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the text list lacks %q:\n%s", want, got)
		}
	}
}

// The text list says what a player needs to play a unit from it (issue 31): a squad's
// commander with his command, a hero's Force skill codes, powers and Force Points.
func TestTextListNamesTheCommanderAndTheForce(t *testing.T) {
	a, err := roster.Read([]byte(`format: 1
name: Jedi and escort
side: rebel
units:
  - kind: squad
    name: Escort
    troop: Standard Rebel Trooper
    size: 6
    skills: {blaster: 4, command: 3}
    weapons: [blaster rifle]
    commander: {skills: {command: 5}}
  - kind: hero
    name: Kenth
    origin: scratch
    move: 10
    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}
    skills: {lightsaber: 4, command: 4}
    weapons: [lightsaber]
    force: {skills: {sense: 2, control: 3}, powers: [lightsaber combat], points: 2}
`))
	if err != nil {
		t.Fatal(err)
	}
	got := Text(a, Evaluate(rules.Default(), a, nil))
	for _, want := range []string{"blaster rifle, commander (command 5) — ", "lightsaber, Force control 3, sense 2: lightsaber combat (2 Force Points) — "} {
		if !strings.Contains(got, want) {
			t.Errorf("the text list lacks %q:\n%s", want, got)
		}
	}
}
