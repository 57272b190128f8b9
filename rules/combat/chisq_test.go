package combat

import (
	"fmt"
	"math"
	"testing"
)

// The sampling checks: every procedure is run many times on a fixed seed and the
// frequencies of its results are compared with the exact odds by Pearson's chi-square test.
// The stated tolerance: the statistic must stay below the chi-square quantile at 1 - alpha
// (alpha = 0.001) for its degrees of freedom, after pooling neighbouring bins until each
// expects at least 5 observations. Fixed seeds make every check deterministic.
const alpha = 0.001

// chiCritical is the chi-square quantile at 1 - alpha for df degrees of freedom, found by
// bisection on the distribution function.
func chiCritical(df int) float64 {
	lo, hi := 0.0, 10.0*float64(df)+100
	for range 200 {
		mid := (lo + hi) / 2
		if gammaP(float64(df)/2, mid/2) < 1-alpha {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// gammaP is the regularized lower incomplete gamma function P(a, x): its series below
// a + 1, and 1 minus Lentz's continued fraction for Q(a, x) above.
func gammaP(a, x float64) float64 {
	if x <= 0 {
		return 0
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 1000 && term > sum*1e-16; n++ {
			term *= x / (a + float64(n))
			sum += term
		}
		return sum * front
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 1000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return 1 - front*h
}

// chiSquare pools bins (in order) until each expects at least 5 of n, and returns the
// statistic and its degrees of freedom. probs should sum to 1 (up to truncation); the
// remainder is added to the last bin.
func chiSquare(probs []float64, counts []int, n int) (float64, int) {
	rest := 1.0
	for _, p := range probs {
		rest -= p
	}
	type bin struct{ e, o float64 }
	var bins []bin
	cur := bin{}
	for i, p := range probs {
		cur.e += p * float64(n)
		cur.o += float64(counts[i])
		if i == len(probs)-1 {
			cur.e += max(rest, 0) * float64(n)
		}
		if cur.e >= 5 {
			bins = append(bins, cur)
			cur = bin{}
		}
	}
	if cur.e > 0 || cur.o > 0 {
		if len(bins) == 0 {
			bins = append(bins, cur)
		} else {
			bins[len(bins)-1].e += cur.e
			bins[len(bins)-1].o += cur.o
		}
	}
	stat := 0.0
	for _, b := range bins {
		if b.e > 0 {
			stat += (b.o - b.e) * (b.o - b.e) / b.e
		} else if b.o > 0 {
			stat = math.Inf(1)
		}
	}
	return stat, len(bins) - 1
}

// checkCounts fails the test when sampled counts disagree with the exact probabilities.
func checkCounts(t *testing.T, name string, probs []float64, counts []int, n int) {
	t.Helper()
	stat, df := chiSquare(probs, counts, n)
	if df < 1 {
		return // one bin: nothing to compare
	}
	if crit := chiCritical(df); stat > crit {
		t.Errorf("%s: chi-square %.2f with %d degrees of freedom exceeds %.2f (alpha %g)\nexact %v\ncounts %v",
			name, stat, df, crit, alpha, fmtProbs(probs), counts)
	}
}

// checkDist samples an integer procedure n times and compares it with its exact
// distribution; values beyond the stored span fall in the end bins.
func checkDist(t *testing.T, name string, exact Dist, n int, sample func() int) {
	t.Helper()
	counts := make([]int, len(exact.P))
	for range n {
		v := sample() - exact.Lo
		v = min(max(v, 0), len(counts)-1)
		counts[v]++
	}
	checkCounts(t, name, exact.P, counts, n)
}

func fmtProbs(p []float64) string {
	s := "["
	for i, v := range p {
		if i > 0 {
			s += " "
		}
		s += fmt.Sprintf("%.4g", v)
	}
	return s + "]"
}

// The chi-square check itself must catch a wrong distribution: a die without rollovers, or
// without bomb-outs, sampled against the open-ended die's odds.
func TestChiSquareRejectsAWrongDie(t *testing.T) {
	d := Seeded(7)
	exact := RollDist()
	const n = 20000
	for name, wrong := range map[string]func() int{
		"no rollover": func() int {
			if v := d.D6(); v != 1 {
				return v
			}
			return 0
		},
		"no bomb-out": func() int {
			v := d.D6()
			if v == 6 {
				v += d.Rollover()
			}
			return v
		},
	} {
		counts := make([]int, len(exact.P))
		for range n {
			counts[min(wrong()-exact.Lo, len(counts)-1)]++
		}
		if stat, df := chiSquare(exact.P, counts, n); stat <= chiCritical(df) {
			t.Errorf("a die with %s passed the chi-square check (%.1f <= %.1f)", name, stat, chiCritical(df))
		}
	}
}

func TestChiCritical(t *testing.T) {
	// Tabulated chi-square quantiles at 0.999.
	for df, want := range map[int]float64{1: 10.828, 2: 13.816, 5: 20.515, 10: 29.588, 30: 59.703} {
		if got := chiCritical(df); math.Abs(got-want) > 0.002 {
			t.Errorf("chiCritical(%d) = %.3f, want about %.3f", df, got, want)
		}
	}
}
