package main

import (
	"slices"
	"testing"

	"muster/roster"
)

// A comparison's "Changed:" line reads the file's keys as words: a hero's point rolls and a
// droid's self-destruct, not point_rolls and self_destruct.
func TestChangedFieldsReadAsWords(t *testing.T) {
	a := roster.Unit{Kind: "hero", Name: "Vex", Force: &roster.Force{PointRolls: 1}, SelfDestruct: false}
	b := roster.Unit{Kind: "hero", Name: "Vex", Force: &roster.Force{PointRolls: 2}, SelfDestruct: true}
	got := unitChanges(a, b)
	want := []string{"force: point rolls: 1 → point rolls: 2", "self destruct: none → true"}
	if !slices.Equal(got, want) {
		t.Errorf("unitChanges = %q, want %q", got, want)
	}
}
