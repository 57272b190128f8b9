package whatif

import (
	"math"
	"math/rand/v2"
	"testing"
)

// lookedAt plays the what-if's looks over paired scores as playLooks does (settles at
// lookAt(k, n), k = 1..Looks) and returns the battles played and the interval reported.
func lookedAt(base, variant []float64) (int, [2]float64) {
	n := len(base)
	for k := 1; k < Looks; k++ {
		if hi := lookAt(k, n); settles(base[:hi], variant[:hi]) {
			_, ci := pairedScore(base[:hi], variant[:hi], boundary)
			return hi, ci
		}
	}
	_, ci := pairedScore(base, variant, boundary)
	return n, ci
}

// pairs draws n paired battles whose change in score is +1 with chance up and -1 with chance
// down (the variant won a battle the army lost, or the other way), 0 otherwise.
func pairs(r *rand.Rand, n int, up, down float64) (base, variant []float64) {
	base, variant = make([]float64, n), make([]float64, n)
	for i := range n {
		switch u := r.Float64(); {
		case u < up:
			variant[i] = 1
		case u < up+down:
			base[i] = 1
		}
	}
	return base, variant
}

// The looks keep the interval's promise whatever they stop for (repeated intervals hold at
// every look at once): over 4,000 what-ifs of 1,000 battles drawn with a true change of
// exactly Margin (5 points: +1 in 15% of battles, -1 in 10%), at most 2.5% end "too small to
// matter" (the interval's upper end below the true change), and with no change at all (+1
// and -1 in 12.5% each) at most 5% end "surely" better or worse (Pocock's boundary; with
// the spread estimated from the battles it is 5.3% over 40,000 such what-ifs, with or
// without the stop for too small). The bounds allow three standard errors of the 4,000 draws. Most no-change what-ifs stop early: that is the saving.
func TestStoppingForTooSmallKeepsTheIntervalsPromise(t *testing.T) {
	const reps, n = 4000, 1000
	r := rand.New(rand.NewPCG(28, 5))
	se := func(p float64) float64 { return 3 * math.Sqrt(p*(1-p)/reps) }
	small, stoppedEarly := 0, 0
	for range reps {
		b, v := pairs(r, n, 0.15, 0.10)
		if _, ci := lookedAt(b, v); Negligible(ci) {
			small++
		}
	}
	if p := float64(small) / reps; p > 0.025+se(0.025) {
		t.Errorf("a change of exactly 5 points ended too small to matter in %.2f%% of what-ifs, want at most 2.5%%", 100*p)
	}
	surely := 0
	for range reps {
		b, v := pairs(r, n, 0.125, 0.125)
		played, ci := lookedAt(b, v)
		if ci[0] > 0 || ci[1] < 0 {
			surely++
		}
		if played < n {
			stoppedEarly++
		}
	}
	if p := float64(surely) / reps; p > 0.05+se(0.05) {
		t.Errorf("no change at all ended surely better or worse in %.2f%% of what-ifs, want at most 5%%", 100*p)
	}
	t.Logf("true change 5 points: %d of %d too small to matter; no change: %d surely, %d stopped before the last look", small, reps, surely, stoppedEarly)
}
