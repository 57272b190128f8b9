package fair

import "math"

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// cell is what a group of battles played with the same seeds (a cluster) added up to at one
// handicap: battles, and side A's score (a win 1, a draw a half).
type cell struct {
	x     float64 // the handicap, in units of the curve's step
	n     float64
	score float64
}

// logistic is the expected score curve p(x) = 1/(1+exp(-(a+b·x))) fitted to the battles by
// maximum (quasi-)likelihood, with the clusters' sandwich covariance of (a, b).
type logistic struct {
	a, b float64
	cov  [2][2]float64
	ok   bool // the fit converged
}

func sigmoid(t float64) float64 { return 1 / (1 + math.Exp(-t)) }

// fitLogistic fits the curve to clusters of cells: each battle's score y (0, a half, 1)
// enters the Bernoulli log-likelihood y·log p + (1-y)·log(1-p), which a draw's half makes a
// quasi-likelihood (its estimate is consistent for the expected score however draws fall).
// One pseudo-battle scored a half at each handicap keeps the fit finite when a side wins
// every battle. The covariance is the cluster-robust sandwich A⁻¹ B A⁻¹ · G/(G-1): A the
// Fisher information, B the sum over the G clusters of each one's score vector's outer
// product. A cluster is one block of battle seeds played at every handicap (common random
// numbers make a seed's battles at different handicaps alike), so the sandwich counts
// what they share.
func fitLogistic(clusters [][]cell) logistic {
	// Pool the cells by handicap for the fit itself; the pseudo-battles go in here.
	byX := map[float64]*cell{}
	var xs []float64
	for _, cl := range clusters {
		for _, c := range cl {
			p := byX[c.x]
			if p == nil {
				p = &cell{x: c.x, n: 1, score: 0.5}
				byX[c.x] = p
				xs = append(xs, c.x)
			}
			p.n += c.n
			p.score += c.score
		}
	}
	var f logistic
	for it := 0; it < 100; it++ {
		var g [2]float64
		var h [2][2]float64
		for _, x := range xs {
			c := byX[x]
			p := sigmoid(f.a + f.b*x)
			r := c.score - c.n*p
			w := c.n * p * (1 - p)
			g[0] += r
			g[1] += r * x
			h[0][0] += w
			h[0][1] += w * x
			h[1][1] += w * x * x
		}
		h[1][0] = h[0][1]
		inv, ok := inverse(h)
		if !ok {
			return f
		}
		da := inv[0][0]*g[0] + inv[0][1]*g[1]
		db := inv[1][0]*g[0] + inv[1][1]*g[1]
		// Damp the steps far from the answer.
		if s := math.Max(math.Abs(da), math.Abs(db)); s > 5 {
			da, db = da*5/s, db*5/s
		}
		f.a += da
		f.b += db
		if math.Abs(da) < 1e-10 && math.Abs(db) < 1e-10 {
			f.ok = true
			break
		}
	}
	// The sandwich.
	var info, meat [2][2]float64
	for _, x := range xs {
		c := byX[x]
		p := sigmoid(f.a + f.b*x)
		w := c.n * p * (1 - p)
		info[0][0] += w
		info[0][1] += w * x
		info[1][1] += w * x * x
	}
	info[1][0] = info[0][1]
	g := 0
	for _, cl := range clusters {
		var u [2]float64
		for _, c := range cl {
			r := c.score - c.n*sigmoid(f.a+f.b*c.x)
			u[0] += r
			u[1] += r * c.x
		}
		for i := range 2 {
			for j := range 2 {
				meat[i][j] += u[i] * u[j]
			}
		}
		g++
	}
	inv, ok := inverse(info)
	if !ok || g < 2 {
		f.ok = false
		return f
	}
	m := mul(mul(inv, meat), inv)
	k := float64(g) / float64(g-1)
	for i := range 2 {
		for j := range 2 {
			f.cov[i][j] = m[i][j] * k
		}
	}
	return f
}

// at is the curve's expected score at x.
func (f logistic) at(x float64) float64 { return sigmoid(f.a + f.b*x) }

// even is the handicap x at which the curve crosses a half, -a/b, with Fieller's 95%
// interval: the x for which a + b·x = 0 is not refuted at 5%, (a+b·x)² ≤ z²·var(a+b·x).
// bounded is false when b is not surely above 0 (more points are not surely worth more):
// the interval is then not a finite range, and lo, hi are ±Inf.
func (f logistic) even() (x, lo, hi float64, bounded bool) {
	if f.b == 0 {
		return 0, math.Inf(-1), math.Inf(1), false
	}
	x = -f.a / f.b
	z2 := z95 * z95
	qa := f.b*f.b - z2*f.cov[1][1]
	qb := 2 * (f.a*f.b - z2*f.cov[0][1])
	qc := f.a*f.a - z2*f.cov[0][0]
	disc := qb*qb - 4*qa*qc
	if qa <= 0 || disc < 0 {
		return x, math.Inf(-1), math.Inf(1), false
	}
	r := math.Sqrt(disc)
	lo, hi = (-qb-r)/(2*qa), (-qb+r)/(2*qa)
	return x, lo, hi, true
}

func inverse(m [2][2]float64) ([2][2]float64, bool) {
	d := m[0][0]*m[1][1] - m[0][1]*m[1][0]
	if d == 0 || math.IsNaN(d) || math.Abs(d) < 1e-300 {
		return m, false
	}
	return [2][2]float64{{m[1][1] / d, -m[0][1] / d}, {-m[1][0] / d, m[0][0] / d}}, true
}

func mul(x, y [2][2]float64) [2][2]float64 {
	var z [2][2]float64
	for i := range 2 {
		for j := range 2 {
			z[i][j] = x[i][0]*y[0][j] + x[i][1]*y[1][j]
		}
	}
	return z
}
