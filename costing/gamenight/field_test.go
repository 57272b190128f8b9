package gamenight

import (
	"slices"
	"testing"
)

func TestFieldIsTheOtherSidesSubmittedLists(t *testing.T) {
	lists := []Entry{
		{Side: "rebel", Submitted: 2},    // own side: never an opponent
		{Side: "imperial", Submitted: 1}, // the field
		{Side: "imperial", Submitted: 0}, // a draft: not what its player brings
		{Side: "neutral", Submitted: 3},  // a side no longer playing
		{Side: "imperial", Submitted: 4}, // the field
	}
	playing := []string{"imperial", "rebel"}
	got, why := Field(Gamemaster, false, "rebel", playing, lists)
	if !slices.Equal(got, []int{1, 4}) || why != "" {
		t.Fatalf("gamemaster, unlocked: %v %q, want [1 4]", got, why)
	}
	if got, why := Field(Player, false, "rebel", playing, lists); got != nil || why != FieldClosedBeforeLock {
		t.Fatalf("player before the lock: %v %q, want nothing and why", got, why)
	}
	if got, _ := Field(Player, true, "rebel", playing, lists); !slices.Equal(got, []int{1, 4}) {
		t.Fatalf("player after the lock: %v, want [1 4]", got)
	}
	if got, why := Field(Gamemaster, true, "imperial", []string{"imperial"}, lists); got != nil || why == "" {
		t.Fatalf("no other side plays: %v %q, want nothing and why", got, why)
	}
	if got, why := Field(Asker(0), true, "rebel", playing, lists); got != nil || why == "" {
		t.Fatalf("nobody: %v %q, want nothing and why", got, why)
	}
}
