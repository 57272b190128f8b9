package whatif

import "math"

// Looks is how many times the battles are looked at: after each fifth of them, a variant
// whose change is beyond the boundary, or surely smaller than Margin, is settled and stops
// playing (settles).
const Looks = 5

// boundary is Pocock's constant for five equally spaced looks at a two-sided 5% level
// (Pocock 1977; Jennison and Turnbull, Group Sequential Methods, Table 2.1: 2.413). The
// intervals reported use it at every look (repeated confidence intervals), so that a
// variant stopped early and one played to the end are judged alike, and the chance that
// any look calls "no change" a difference stays 5%.
const boundary = 2.413

// Margin is the smallest change in expected score a what-if tells from none: 5 points (a
// win 1, a draw a half, so five wins in a hundred battles). A variant whose repeated
// interval lies within ±Margin changes nothing that matters, and playing it on only narrows
// the interval around a change too small to act on. Stopping it is honest at any look:
// repeated intervals hold the true change at every look at once with 95% (Jennison and
// Turnbull, ch. 9), whatever rule decides which look to stop at, so the chance that a
// change of Margin or more is settled as one smaller is at most 2.5%.
const Margin = 0.05

// settles says whether a variant stops at a look, from its battles so far and the army's
// same battles: its change is beyond the boundary (surely better or surely worse), or its
// interval lies within ±Margin (Negligible).
func settles(base, variant []float64) bool {
	if len(base) < 2 {
		return false
	}
	d, ci := pairedScore(base, variant, boundary)
	return (ci[0] > 0 || ci[1] < 0) && d != 0 || Negligible(ci)
}

// Negligible says an interval of a change in expected score lies within ±Margin: whatever
// the change is, it is smaller than a player would act on.
func Negligible(ci [2]float64) bool { return ci[0] > -Margin && ci[1] < Margin }

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
