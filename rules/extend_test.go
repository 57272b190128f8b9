package rules

import (
	"strings"
	"testing"
)

// army-file.md: custom troop types, droids and creatures may be declared in an army file;
// they are found like built-in entries and leave the built-in catalogue untouched.
func TestCustomEntriesExtendACopy(t *testing.T) {
	base := Default()
	custom := &Custom{
		Troops:    []Troop{{Entry: Entry{Name: "Kwymar Militia"}, Side: Rebel, Quality: Average, Move: 10}},
		Creatures: []Creature{{Entry: Entry{Name: "Bordok"}, DEX: 2, STR: 4, PER: 2, Move: 12, Orneriness: 2, Attacks: []AttackForm{{"kick", 4}}}},
	}
	n, err := base.Extend(custom)
	if err != nil {
		t.Fatal(err)
	}
	if tr, err := n.Troop("kwymar militia"); err != nil || tr.Source != customSource {
		t.Errorf("custom troop: %+v %v", tr, err)
	}
	if _, err := n.Creature("Bordok"); err != nil {
		t.Error(err)
	}
	if _, err := n.Troop("Hoth Trooper"); err != nil {
		t.Errorf("built-in entries lost: %v", err)
	}
	if _, err := base.Troop("Kwymar Militia"); err == nil {
		t.Error("the built-in catalogue was changed")
	}
	// Extending with the same block again changes nothing (callers need not track it).
	if again, err := n.Extend(custom); err != nil || again != n {
		t.Errorf("extending twice with the same block: %v", err)
	}
	_, err = base.Extend(&Custom{Troops: []Troop{{Entry: Entry{Name: "Stormtroopers"}}}})
	if err == nil || !strings.Contains(err.Error(), "name of its own") {
		t.Errorf("a custom entry named like a built-in one: err = %v", err)
	}
}

// The book's forces ship with Muster: the eleven army files of rules/data/forces.
func TestBookForcesAreEmbedded(t *testing.T) {
	forces := BookForces()
	if len(forces) != 11 {
		t.Fatalf("%d book forces, want 11", len(forces))
	}
	if data, ok := BookForceFile("blue-rangers.yaml"); !ok || !strings.Contains(string(data), "name: Blue Rangers") {
		t.Errorf("blue-rangers.yaml: %v %.80q", ok, data)
	}
	if _, ok := BookForceFile("../troops.json"); ok {
		t.Error("a path outside the forces was served")
	}
}
