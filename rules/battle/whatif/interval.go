package whatif

import "math"

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054

// PairedDelta is the change in win rate between two armies that played the same battles
// (battle i of each with the same seed), with its paired 95% interval.
//
// With x_i = 1 when the army won battle i (0 for a loss or a draw) and y_i the same for the
// variant, the per-battle differences d_i = y_i - x_i are each -1, 0 or 1; their mean d̄ is
// the change in win rate, and
//
//	s² = Σ (d_i - d̄)² / (n - 1),   interval = d̄ ± z · s / √n,   z = 1.95996
//
// (the normal interval of a mean of paired differences). Battles the two armies won or
// lost alike add nothing to s², which is why common random numbers narrow the interval
// against two independent Wilson intervals. With one battle, or no disagreement at all,
// s is 0 and the interval is the point: the sample has said nothing more.
func PairedDelta(base, variant []bool) (delta float64, ci [2]float64) {
	n := len(base)
	if n == 0 || len(variant) != n {
		return 0, [2]float64{-1, 1}
	}
	sum := 0
	for i := range n {
		sum += b2i(variant[i]) - b2i(base[i])
	}
	mean := float64(sum) / float64(n)
	if n < 2 {
		return mean, [2]float64{mean, mean}
	}
	ss := 0.0
	for i := range n {
		d := float64(b2i(variant[i])-b2i(base[i])) - mean
		ss += d * d
	}
	h := z95 * math.Sqrt(ss/float64(n-1)/float64(n))
	return mean, [2]float64{math.Max(-1, mean-h), math.Min(1, mean+h)}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
