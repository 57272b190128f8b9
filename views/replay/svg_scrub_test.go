package replay

import "testing"

// Scrub is drawn in a colour of its own, not a hill's (issue 31: the open field's scrub read
// as a hill), nor the woods', nor the open table's.
func TestScrubIsToldFromHillsAndWoods(t *testing.T) {
	scrub := terrainFill("scrub")
	for _, other := range []string{"easy hill", "light woods", "clear"} {
		if terrainFill(other) == scrub {
			t.Errorf("scrub is drawn like %s (%s)", other, scrub)
		}
	}
}
