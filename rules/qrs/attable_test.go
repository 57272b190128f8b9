package qrs

import "testing"

// A die rolled at the table is read once, for the roll it stands in for; every later roll
// is the game's own dice, as they would have fallen.
func TestAtTableReadsThePlayersDieOnce(t *testing.T) {
	n := 0
	rest := DiceFunc(func(sides int) int { n++; return sides })
	d := AtTable(2, rest)
	if got := []int{d.Roll(6), d.Roll(6), d.Roll(8)}; got[0] != 2 || got[1] != 6 || got[2] != 8 || n != 2 {
		t.Errorf("rolls %v (%d of the game's), want 2 then the game's 6 and 8", got, n)
	}
}
