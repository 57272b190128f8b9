package roster

import (
	"slices"
	"testing"
)

// A comparison's "Changed:" line reads the file's keys as words: a hero's point rolls and a
// droid's self-destruct, not point_rolls and self_destruct.
func TestChangedFieldsReadAsWords(t *testing.T) {
	a := Unit{Kind: "hero", Name: "Vex", Force: &Force{PointRolls: 1}, SelfDestruct: false}
	b := Unit{Kind: "hero", Name: "Vex", Force: &Force{PointRolls: 2}, SelfDestruct: true}
	got := unitChanges(a, b)
	want := []string{"force: point rolls: 1 → point rolls: 2", "self destruct: none → true"}
	if !slices.Equal(got, want) {
		t.Errorf("unitChanges = %q, want %q", got, want)
	}
}

// A field left out means what the army file format says it means (docs/decisions.md, "The
// editor": "armor: none" and "origin: rpg" are written as nothing; a squad without
// quality has its Troop List's): a squad written "armor: none" against one without armor
// has not changed, and what is left out reads as its meaning, not as "none".
func TestChangedFieldsReadLeftOutValuesAsTheirMeaning(t *testing.T) {
	a := Unit{Kind: "squad", Name: "Aurek", Armor: "none"}
	b := Unit{Kind: "squad", Name: "Aurek", Armor: ""}
	if got := unitChanges(a, b); len(got) != 0 {
		t.Errorf("armor none against no armor: changes %q, want none", got)
	}
	a = Unit{Kind: "hero", Name: "Vorn"}
	b = Unit{Kind: "hero", Name: "Vorn", Origin: "scratch", Quality: "veteran", Armor: "blast vest"}
	got := unitChanges(a, b)
	want := []string{"armor: none → blast vest", "origin: rpg → scratch", "quality: the Troop List's → veteran"}
	if !slices.Equal(got, want) {
		t.Errorf("unitChanges = %q, want %q", got, want)
	}
}
