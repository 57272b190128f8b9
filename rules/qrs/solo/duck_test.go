package solo

import (
	"testing"

	"muster/rules/qrs"
)

// "Duck Back: Figure is unable to move or shoot in their next turn, and may not be targeted
// if behind cover" (the sheet, Shooting). A figure that ducks back keeps its firepower for
// the rest of the turn it ducked back in, loses it for the whole of the next, and has it
// again the turn after.
func TestDuckBackHoldsTheNextTurn(t *testing.T) {
	st, err := New(Setup{Seed: 1, Counters: []string{"corner"}, Army: rescue(t)})
	if err != nil {
		t.Fatal(err)
	}
	red, _ := st.Group(1)
	full := st.firepower2(red, qrs.Medium)
	kara := &red.Figures[0]
	own := halved(st.Profile(*kara).FirepowerAt(qrs.Medium), false)
	if own == 0 {
		t.Fatal("the test needs a figure with firepower")
	}
	st.apply(kara, st.Profile(*kara), qrs.DuckBack)
	if got := st.firepower2(red, qrs.Medium); got != full || !st.canAct(*kara) {
		t.Errorf("the turn it ducked back in: firepower %d (can act %v), want all %d", got, st.canAct(*kara), full)
	}
	EndTurn(st)
	red, _ = st.Group(1)
	if got := st.firepower2(red, qrs.Medium); got != full-own || st.canAct(red.Figures[0]) {
		t.Errorf("its next turn: firepower %d, want %d without it", got, full-own)
	}
	EndTurn(st)
	red, _ = st.Group(1)
	if got := st.firepower2(red, qrs.Medium); got != full || !st.canAct(red.Figures[0]) {
		t.Errorf("the turn after: firepower %d, want all %d again", got, full)
	}
}
