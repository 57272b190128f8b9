package qrs

import (
	"math/big"
	"testing"
)

// Two dice of different sizes: the sum of a d4 and a d6 is 5 in four ways of 24.
func TestEnumerateCountsEveryPath(t *testing.T) {
	got, err := Enumerate(func(d Dice) string {
		a := d.Roll(4)
		if a == 4 {
			return "four" // a path that stops rolling early
		}
		if a+d.Roll(6) == 5 {
			return "five"
		}
		return "other"
	})
	if err != nil {
		t.Fatal(err)
	}
	// a = 1..3 with b = 4, 3, 2: 3 ways of 24 = 1/8; a = 4: 1/4.
	want := map[string]*big.Rat{"five": big.NewRat(1, 8), "four": big.NewRat(1, 4), "other": big.NewRat(5, 8)}
	for k, w := range want {
		if got[k] == nil || got[k].Cmp(w) != 0 {
			t.Errorf("%s: got %v, want %v", k, got[k], w)
		}
	}
}
