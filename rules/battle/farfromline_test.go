package battle

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFarFromLineNeverHidesABlocker: losAmong skips dist2 for a figure farFromLine calls
// far, so farFromLine must never say so of a figure dist2 puts within a base's radius of
// the line: random lines across the table, figures at random, near the line (within
// rounding of the half inch) and beyond its ends.
func TestFarFromLineNeverHidesABlocker(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	const r2 = baseRadius * baseRadius
	pt := func() Point { return Point{X: rng.Float64() * 72, Y: rng.Float64() * 48} }
	near, far := 0, 0
	for i := range 400000 {
		a, c := pt(), pt()
		if i%50 == 0 {
			c = a // a line of no length
		}
		s := probe(a, c)
		var q Point
		switch i % 3 {
		case 0:
			q = pt()
		case 1: // at about a base's radius from the line, either side, anywhere along it
			d := sub(c, a)
			l := math.Sqrt(dot(d, d))
			if l == 0 {
				continue
			}
			n := Point{X: -d.Y / l, Y: d.X / l}
			off := baseRadius + (rng.Float64()-0.5)*1e-6
			if rng.IntN(2) == 0 {
				off = -off
			}
			q = add(lerp(a, c, rng.Float64()*1.2-0.1), scale(n, off))
		default: // near an end
			q = add(c, Point{X: (rng.Float64() - 0.5) * 1.2, Y: (rng.Float64() - 0.5) * 1.2})
		}
		d2 := s.dist2(q)
		if s.farFromLine(q, r2) {
			far++
			if d2 < r2 {
				t.Fatalf("line %v-%v, figure at %v: farFromLine, yet dist2 %v < %v", a, c, q, d2, r2)
			}
		} else if d2 < r2 {
			near++
		}
	}
	if near == 0 || far == 0 {
		t.Errorf("the points did not test both answers: %d near, %d far", near, far)
	}
}
