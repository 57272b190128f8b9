package roster

import (
	"strings"
	"testing"

	"muster/rules"
)

func editArmy(t *testing.T) *Army {
	t.Helper()
	a := &Army{Format: 1, Name: "Edits", Side: rules.Rebel}
	for _, pick := range []string{"squad|Rebel Trooper", "hero|scratch", "squad|Ewok"} {
		if _, err := a.AddUnit(rules.Default(), pick); err != nil {
			t.Fatalf("add %s: %v", pick, err)
		}
	}
	return a
}

// A duplicated unit is its own: changing the copy's skills, weapons or specialists leaves
// the original as it was, and a named unit's copy says it is one.
func TestADuplicateIsItsOwnUnit(t *testing.T) {
	a := editArmy(t)
	a.Units[0].Name = "Red Squad"
	a.Units[0].Skills = Skills{"blaster": 5}
	a.Units[0].Specialists = []Specialist{{Skills: Skills{"grenade": 5}}}
	j, err := a.DuplicateUnit(0)
	if err != nil || j != 1 || len(a.Units) != 4 {
		t.Fatalf("duplicate: %d, %v, %d units", j, err, len(a.Units))
	}
	cp := &a.Units[1]
	if cp.Name != "Red Squad (copy)" {
		t.Errorf("the copy is named %q", cp.Name)
	}
	cp.Skills["blaster"] = 6
	cp.Specialists[0].Skills["grenade"] = 6
	if a.Units[0].Skills["blaster"] != 5 || a.Units[0].Specialists[0].Skills["grenade"] != 5 {
		t.Errorf("changing the copy changed the original: %+v", a.Units[0])
	}
}

// Moving the first unit up or the last one down leaves the army as it is; a move swaps a
// unit with its neighbour.
func TestMovingAUnitSwapsItWithItsNeighbour(t *testing.T) {
	a := editArmy(t)
	if to, moved, _ := a.MoveUnit(0, true); moved || to != 0 {
		t.Errorf("the first unit up: %d, %v", to, moved)
	}
	if to, moved, _ := a.MoveUnit(2, false); moved || to != 2 {
		t.Errorf("the last unit down: %d, %v", to, moved)
	}
	if to, moved, _ := a.MoveUnit(0, false); !moved || to != 1 || a.Units[1].Kind != KindSquad || a.Units[0].Kind != KindHero {
		t.Errorf("the first unit down: %d, %v, %s", to, moved, a.Units[1].Describe())
	}
	if _, _, err := a.MoveUnit(3, true); err == nil {
		t.Error("moved a unit the army does not have")
	}
}

func TestRemoveUnitReturnsWhatItRemoved(t *testing.T) {
	a := editArmy(t)
	u, err := a.RemoveUnit(1)
	if err != nil || u.Kind != KindHero || len(a.Units) != 2 {
		t.Fatalf("remove: %s, %v, %d units", u.Describe(), err, len(a.Units))
	}
	if got := a.Units[1].Describe(); got != "squad Ewok" {
		t.Errorf("after removing the hero, unit 1 is %q", got)
	}
}

// A copy of a name as long as a name may be stays within the limit.
func TestCopyNameStaysWithinTheLimit(t *testing.T) {
	got := []rune(CopyName(strings.Repeat("é", MaxNameLen)))
	if len(got) != MaxNameLen || !strings.HasSuffix(string(got), " (copy)") {
		t.Errorf("%d runes, %q", len(got), string(got[len(got)-10:]))
	}
}

// Free-hand mode dials every Troop List and creation rule to a warning and, turned off,
// removes only the dials it set.
func TestFreeHandSetsAndClearsOnlyItsOwnDials(t *testing.T) {
	a := &Army{Rules: Dials{"limits.total": Warning}}
	a.SetFreeHand(true)
	if !a.FreeHand() || a.Rules["limits.total"] != Warning {
		t.Fatalf("free-hand on: %v", a.Rules)
	}
	for _, id := range FreeHandRules() {
		if strings.HasPrefix(id, "limits.") {
			t.Errorf("free-hand relaxes the gamemaster's %s", id)
		}
	}
	a.SetFreeHand(false)
	if a.FreeHand() || len(a.Rules) != 1 || a.Rules["limits.total"] != Warning {
		t.Errorf("free-hand off: %v", a.Rules)
	}
}

// An artillery piece's crew goes right after it, once: the engine crews a piece with the
// squad listed after it.
func TestAddCrewPutsTheSquadRightAfterThePiece(t *testing.T) {
	a := Army{Units: []Unit{{Kind: KindSquad, Troop: "Hoth Trooper"}, {Kind: KindArtillery, Artillery: "Anti-Infantry Battery"}, {Kind: KindCreature, Creature: "Wampa"}}}
	crew := Unit{Kind: KindSquad, Troop: "Mercenary", Size: 2, Name: "Anti-Infantry Battery crew"}
	if Crewed(a.Units, 1) {
		t.Fatal("the piece reads as crewed by the Wampa")
	}
	j, err := a.AddCrew(1, crew)
	if err != nil || j != 2 || a.Units[2].Name != crew.Name || a.Units[3].Creature != "Wampa" || !Crewed(a.Units, 1) {
		t.Fatalf("AddCrew: %d, %v, %+v", j, err, a.Units)
	}
	if _, err := a.AddCrew(1, crew); err == nil {
		t.Error("a second crew was added to a crewed piece")
	}
	if _, err := a.AddCrew(0, crew); err == nil {
		t.Error("a squad was given a crew")
	}
	if _, err := a.AddCrew(9, crew); err == nil {
		t.Error("a crew was added to a unit that is not there")
	}
}
