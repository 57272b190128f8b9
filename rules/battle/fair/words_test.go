package fair

import (
	"strings"
	"testing"
)

// A strong list's words: its gain and interval where its search took changes, and none
// where it took nothing (the list is its random list, so nothing was gained by design).
func TestFoundSaysTheGainOnlyWhereTheSearchChangedTheList(t *testing.T) {
	gain, ci := 0.092, [2]float64{0.010, 0.174}
	took := Found("Rebels", List{From: 2, Search: 350, Gain: &gain, GainCI: &ci, Changes: []string{"drop the Wampa", "add a squad"}})
	want := "The list optimizer's search from Rebels random list 2 (350 battles searched): +9.2 points of expected score over it " +
		"against the other side's lists (95%: +1.0 to +17.4, on seeds the search never used). Changes: drop the Wampa; add a squad."
	if took != want {
		t.Errorf("with changes:\n got %q\nwant %q", took, want)
	}
	zero, none := 0.0, [2]float64{0, 0}
	same := Found("Imperials", List{From: 1, Search: 108, Gain: &zero, GainCI: &none})
	if want := "The list optimizer's search from Imperials random list 1 (108 battles searched): no change was surely better, so it is that random list."; same != want {
		t.Errorf("without changes:\n got %q\nwant %q", same, want)
	}
	if strings.Contains(same, "95%") {
		t.Errorf("an interval for a gain that is nothing by construction: %q", same)
	}
}
