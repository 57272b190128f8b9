package whatif

import "math"

// Looks is how many times the battles are looked at: after each fifth of them, a variant
// whose change is beyond the boundary is settled and stops playing.
const Looks = 5

// boundary is Pocock's constant for five equally spaced looks at a two-sided 5% level
// (Pocock 1977; Jennison and Turnbull, Group Sequential Methods, Table 2.1: 2.413). The
// intervals reported use it at every look (repeated confidence intervals), so that a
// variant stopped early and one played to the end are judged alike, and the chance that
// any look calls "no change" a difference stays 5%.
const boundary = 2.413

// lookAt is the number of battles played by look k (1 to Looks) of n.
func lookAt(k, n int) int { return (k*n + Looks - 1) / Looks }

// pairedScore is the change in expected score between two armies that played the same
// battles (score 1 a win, a half a draw, 0 a loss), with the interval d̄ ± z·s/√n of the
// per-battle differences d_i = y_i - x_i, s² = Σ(d_i - d̄)²/(n - 1). With one battle, or
// no difference at all, s is 0 and the interval is the point.
func pairedScore(base, variant []float64, z float64) (delta float64, ci [2]float64) {
	n := len(base)
	if n == 0 || len(variant) != n {
		return 0, [2]float64{-1, 1}
	}
	sum := 0.0
	for i := range n {
		sum += variant[i] - base[i]
	}
	mean := sum / float64(n)
	if n < 2 {
		return mean, [2]float64{mean, mean}
	}
	ss := 0.0
	for i := range n {
		d := variant[i] - base[i] - mean
		ss += d * d
	}
	h := z * math.Sqrt(ss/float64(n-1)/float64(n))
	return mean, [2]float64{math.Max(-1, mean-h), math.Min(1, mean+h)}
}
