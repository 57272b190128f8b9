package combat

import (
	"math/rand/v2"
	"testing"
)

// A hit falls on each of the target's visible figures with equal chance (Chapter Three,
// "each hit is assigned at random"), when the figures carry the battle engine's keys as
// when they do not: 60,000 hits on five figures, a chi-square test of uniformity at the
// 0.1% level (4 degrees of freedom: 18.47).
func TestKeyedHitsFallOnEachFigureAlike(t *testing.T) {
	src := rand.New(rand.NewPCG(3, 4))
	for _, keyed := range []bool{false, true} {
		figs := make([]*Figure, 5)
		for j := range figs {
			figs[j] = &Figure{}
			if keyed {
				figs[j].Key = src.Uint64() | 1
			}
		}
		const n = 60000
		var got [5]float64
		for range n {
			got[pickKeyed(src.Uint64(), figs)]++
		}
		chi := 0.0
		for _, g := range got {
			e := float64(n) / 5
			chi += (g - e) * (g - e) / e
		}
		if chi > 18.47 {
			t.Errorf("keys %v: hits %v on five figures: chi-square %.1f > 18.47 (p < 0.001)", keyed, got, chi)
		}
	}
}

// A figure more in view moves a hit only when the hit falls on him: with the same draw,
// the hit falls on the same figure among the others (what keeps paired battles paired).
func TestAFigureMoreInViewMovesOnlyTheHitsHeTakes(t *testing.T) {
	src := rand.New(rand.NewPCG(5, 6))
	figs := make([]*Figure, 6)
	for j := range figs {
		figs[j] = &Figure{Key: src.Uint64() | 1}
	}
	moved := 0
	for range 10000 {
		r := src.Uint64()
		all := pickKeyed(r, figs)
		fewer := pickKeyed(r, figs[:5]) // the sixth out of view
		switch {
		case all == 5:
			moved++
		case fewer != all:
			t.Fatalf("draw %#x: on %d of six, but on %d of the five without the sixth", r, all, fewer)
		}
	}
	if moved < 1400 || moved > 1940 { // 10,000/6 = 1,667, +-6.8 standard deviations
		t.Errorf("the sixth figure took %d of 10,000 hits, not about 1,667", moved)
	}
}
