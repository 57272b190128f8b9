package systems

import (
	"slices"
	"testing"

	"muster/rules/system"
)

// The list is in the order of the systems' IDs, each once, and each is found by its ID;
// SWMB is not among the others (the rest of Muster knows it by name).
func TestEachSystemIsFoundByItsID(t *testing.T) {
	ids := Known()[1:]
	if !slices.IsSorted(ids) || len(slices.Compact(slices.Clone(ids))) != len(ids) {
		t.Errorf("the systems' IDs are not sorted and distinct: %v", ids)
	}
	for _, id := range ids {
		if s := ByID(id); s == nil || s.ID() != id {
			t.Errorf("ByID(%q) = %v", id, s)
		}
	}
	if ByID(system.SWMB) != nil || ByID("chess") != nil {
		t.Error("ByID finds SWMB or a system Muster does not know")
	}
	if s := SWMB(); s.ID() != system.SWMB || Known()[0] != s.ID() || For([]byte("format: 1\nname: x\n")) != nil {
		t.Errorf("SWMB is %q, first of %v", s.ID(), Known())
	}
}
