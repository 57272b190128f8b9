package engine

import "testing"

// "The player with the highest result decides who goes first in the round ... Sometimes
// you'll want to go first; other times you'll want to see what your opponent is up to
// before committing your forces" (Rounds and Phases, L67). Muster's winner goes first when
// someone can attack from where it stands, else second.
func TestInitiativeWinnerChooses(t *testing.T) {
	tr := house("Test Trooper", 5, 30, 10, 0, 10)
	m := field(t,
		"a...#....",
		"....#....",
		"....#...b",
	)
	b := newBattle(t, m, squad("A", tr), squad("B", tr))
	a, e := b.char(t, "[A] Test Trooper"), b.char(t, "[B] Test Trooper")
	b.put(a, Point{0, 0})
	b.put(e, Point{8, 2})
	if got, _ := b.chooseOrder(0); got != 1 {
		t.Errorf("no one in sight: the winner (squad 0) let squad %d go first, want 1", got)
	}
	b.put(e, Point{3, 2})
	if got, _ := b.chooseOrder(0); got != 0 {
		t.Errorf("enemies in sight: squad %d goes first, want the winner, 0", got)
	}
}
