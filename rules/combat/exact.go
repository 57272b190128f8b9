package combat

import "math"

// Epsilon is where exact distributions are truncated: a value whose probability falls below
// it is dropped from the tail of a distribution (the open-ended die's long run of sixes). The
// probability lost is of the same order, far below anything a player could notice.
const Epsilon = 1e-12

// Dist is the exact distribution of an integer: a score, a margin, a number of hits.
// P(X = Lo+i) = P[i]. The zero Dist is empty (total probability 0).
type Dist struct {
	Lo int
	P  []float64
}

// Certain is the distribution that is x with certainty.
func Certain(x int) Dist { return Dist{Lo: x, P: []float64{1}} }

// Hi is the largest value with a stored probability.
func (d Dist) Hi() int { return d.Lo + len(d.P) - 1 }

// At is P(X = x).
func (d Dist) At(x int) float64 {
	i := x - d.Lo
	if i < 0 || i >= len(d.P) {
		return 0
	}
	return d.P[i]
}

// AtLeast is P(X >= x).
func (d Dist) AtLeast(x int) float64 {
	s := 0.0
	for i := max(x-d.Lo, 0); i < len(d.P); i++ {
		s += d.P[i]
	}
	return s
}

// Below is P(X < x).
func (d Dist) Below(x int) float64 {
	s := 0.0
	for i := 0; i < len(d.P) && d.Lo+i < x; i++ {
		s += d.P[i]
	}
	return s
}

// Total is the probability the distribution holds: 1 less what truncation dropped.
func (d Dist) Total() float64 {
	s := 0.0
	for _, p := range d.P {
		s += p
	}
	return s
}

// Mean is the expected value.
func (d Dist) Mean() float64 {
	s := 0.0
	for i, p := range d.P {
		s += p * float64(d.Lo+i)
	}
	return s
}

// Shift is the distribution of X + k.
func (d Dist) Shift(k int) Dist { return Dist{Lo: d.Lo + k, P: d.P} }

// Scale multiplies every probability by w (for mixtures).
func (d Dist) Scale(w float64) Dist {
	p := make([]float64, len(d.P))
	for i, v := range d.P {
		p[i] = v * w
	}
	return Dist{Lo: d.Lo, P: p}
}

// Plus is the mixture d + e of two weighted distributions (their probabilities added
// value by value); the weights are whatever the two already carry.
func (d Dist) Plus(e Dist) Dist {
	if len(d.P) == 0 {
		return e
	}
	if len(e.P) == 0 {
		return d
	}
	lo, hi := min(d.Lo, e.Lo), max(d.Hi(), e.Hi())
	p := make([]float64, hi-lo+1)
	for i, v := range d.P {
		p[d.Lo+i-lo] += v
	}
	for i, v := range e.P {
		p[e.Lo+i-lo] += v
	}
	return Dist{Lo: lo, P: p}
}

// trim drops leading and trailing values whose probability is below Epsilon.
func (d Dist) trim() Dist {
	i, j := 0, len(d.P)
	for i < j && d.P[i] < Epsilon {
		i++
	}
	for j > i && d.P[j-1] < Epsilon {
		j--
	}
	return Dist{Lo: d.Lo + i, P: d.P[i:j]}
}

// Convolve is the distribution of X + Y for independent X ~ a and Y ~ b.
func Convolve(a, b Dist) Dist {
	if len(a.P) == 0 || len(b.P) == 0 {
		return Dist{}
	}
	p := make([]float64, len(a.P)+len(b.P)-1)
	for i, x := range a.P {
		if x == 0 {
			continue
		}
		for j, y := range b.P {
			p[i+j] += x * y
		}
	}
	return Dist{Lo: a.Lo + b.Lo, P: p}.trim()
}

// Difference is the distribution of X - Y for independent X ~ a and Y ~ b: the margin of an
// opposed roll.
func Difference(a, b Dist) Dist { return Convolve(a, b.negate()) }

func (d Dist) negate() Dist {
	p := make([]float64, len(d.P))
	for i, v := range d.P {
		p[len(d.P)-1-i] = v
	}
	return Dist{Lo: -d.Hi(), P: p}
}

// Map is the distribution of f(X).
func (d Dist) Map(f func(int) int) Dist {
	var out Dist
	for i, p := range d.P {
		if p != 0 {
			out = out.Plus(Dist{Lo: f(d.Lo + i), P: []float64{p}})
		}
	}
	return out
}

// rolloverDist is the distribution of Dice.Rollover: 1 to 5 with 1/6 each, and after each
// six the same again, six higher and six times less likely.
func rolloverDist() Dist {
	var p []float64
	for w := 1.0 / 6; w >= Epsilon; w /= 6 {
		p = append(p, w, w, w, w, w, 0) // the 0 is the six, which never ends a roll
	}
	return Dist{Lo: 1, P: p[:len(p)-1]}
}

// RolloverDist is the exact distribution of a die that rolls over but cannot bomb out.
func RolloverDist() Dist { return rolloverDist() }

// RollDist is the exact distribution of Dice.Roll: 0 (a bomb-out) with 1/6; 2 to 5 with 1/6
// each; and a six with 1/6, followed by a rollover die.
func RollDist() Dist {
	six := rolloverDist().Shift(6).Scale(1.0 / 6)
	low := Dist{Lo: 0, P: []float64{1.0 / 6, 0, 1.0 / 6, 1.0 / 6, 1.0 / 6, 1.0 / 6}}
	return low.Plus(six).trim()
}

// ScoreDist is the exact distribution of Score(Roll(), mod).
func ScoreDist(mod int) Dist {
	r := RollDist()
	bomb := r.P[0]
	rest := Dist{Lo: r.Lo + 1, P: r.P[1:]}.Shift(mod)
	return Certain(0).Scale(bomb).Plus(rest)
}

// scoreCache holds ScoreDist for the modifiers a game uses, computed once; the odds
// functions call it in inner loops.
var scoreCache = func() [scoreCacheSize]Dist {
	var c [scoreCacheSize]Dist
	for i := range c {
		c[i] = ScoreDist(i - scoreCacheOffset)
	}
	return c
}()

const (
	scoreCacheOffset = 30
	scoreCacheSize   = 2*scoreCacheOffset + 1
)

// scoreDist is ScoreDist, from the cache where it can be.
func scoreDist(mod int) Dist {
	if i := mod + scoreCacheOffset; i >= 0 && i < scoreCacheSize {
		return scoreCache[i]
	}
	return ScoreDist(mod)
}

// binomial returns P(K = k) for K ~ Binomial(n, p), k = 0..n.
func binomial(n int, p float64) []float64 {
	out := make([]float64, n+1)
	for k := 0; k <= n; k++ {
		out[k] = binom(n, k) * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	return out
}

func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return r
}
