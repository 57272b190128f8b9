package engine

import (
	"math"
	"math/bits"
)

// Segments against squares: the line tests of sight and cover.

// segment is a line from (x0, y0) to (x1, y1), with what the tests of it against squares
// share: its direction, its box, and the band around it that a square touching it reaches
// (half) with the slack that margin allows across it.
type segment struct {
	x0, y0, x1, y1 float64
	dx, dy         float64
	lx, hx, ly, hy float64 // the box
	half, slack    float64
}

// margin is how far a square must be from touching the segment for the quick test to be
// sure: far beyond what rounding in the clipping (clip) can reach.
const margin = 1e-6

func line(x0, y0, x1, y1 float64) segment {
	var l segment
	l.set(x0, y0, x1, y1)
	return l
}

func (l *segment) set(x0, y0, x1, y1 float64) {
	l.x0, l.y0, l.x1, l.y1 = x0, y0, x1, y1
	l.dx, l.dy = x1-x0, y1-y0
	l.lx, l.hx, l.ly, l.hy = x0, x1, y0, y1
	if x1 < x0 {
		l.lx, l.hx = x1, x0
	}
	if y1 < y0 {
		l.ly, l.hy = y1, y0
	}
	w := abs64(l.dx) + abs64(l.dy)
	l.half, l.slack = 0.5*w, margin*w+margin
}

// hits reports whether the segment hits the square (as clip counts a hit), and whether
// that was sure: the square is either clear of the segment or into it by more than
// margin, so that the answer is the same from either end. With interior set only a segment
// through the square's inside counts (a line along an edge or through a corner does not
// give cover); without it touching the square's edge counts (it does not give sight).
//
// The quick test is the separating axes of a segment and a square: they meet if and only
// if they overlap along x, along y and across the segment (its cross product with the
// square's centre against half the square's width that way). Only where an overlap is
// within margin of nothing does the clipping decide.
func (l *segment) hits(s Point, interior bool) (hit, sure bool) {
	fx, fy := float64(s.X), float64(s.Y)
	// Overlaps along x and y: of the box and the square, less margin.
	ox, oy := min(l.hx-fx, fx+1-l.lx), min(l.hy-fy, fy+1-l.ly)
	if ox < -margin || oy < -margin {
		return false, true
	}
	c := abs64(l.dx*(fy+0.5-l.y0)-l.dy*(fx+0.5-l.x0)) - l.half
	if c > l.slack {
		return false, true
	}
	if c < -l.slack && ox > margin && oy > margin {
		return true, true
	}
	return clip(s, l.x0, l.y0, l.x1, l.y1, interior), false
}

// blocker is the index of the first square in sq that the segment hits, -1 when it misses
// them all, and whether the answer was sure (hits).
func (l *segment) blocker(sq []Point, interior bool) (int, bool) {
	sure := true
	for i, s := range sq {
		hit, ok := l.hits(s, interior)
		if hit {
			return i, ok
		}
		sure = sure && ok
	}
	return -1, sure
}

// hitsRows reports whether the segment hits (hits) a square marked in rows: bits by
// column, rows from y0. Only the squares within a hair of the segment are tested: hits
// finds a square only where the segment meets it (its quick "sure" hit is a meeting, and
// clip's rounding is far below a hair), so the others cannot change the answer. Row by
// row, the segment's columns are those of its points within a hair of the row.
func (l *segment) hitsRows(rows []uint64, y0 int, interior bool) bool {
	const hair = 1e-6
	r0 := max(y0, int(math.Floor(l.ly-hair)))
	r1 := min(y0+len(rows)-1, int(math.Floor(l.hy+hair)))
	for r := r0; r <= r1; r++ {
		m := rows[r-y0]
		if m == 0 {
			continue
		}
		xa, xb := l.lx, l.hx
		if l.dy != 0 {
			ya, yb := max(l.ly, float64(r)-hair), min(l.hy, float64(r+1)+hair)
			xa, xb = l.x0+(ya-l.y0)*l.dx/l.dy, l.x0+(yb-l.y0)*l.dx/l.dy
			if xa > xb {
				xa, xb = xb, xa
			}
		}
		c0, c1 := max(int(math.Floor(xa-hair)), 0), min(int(math.Floor(xb+hair)), 63)
		if c0 > c1 {
			continue
		}
		for m &= uint64(2)<<c1 - uint64(1)<<c0; m != 0; m &= m - 1 {
			if hit, _ := l.hits(Point{bits.TrailingZeros64(m), r}, interior); hit {
				return true
			}
		}
	}
	return false
}

// clearOf reports whether the segment misses every square in sq (hits).
func clearOf(sq []Point, x0, y0, x1, y1 float64, interior bool) bool {
	l := line(x0, y0, x1, y1)
	i, _ := l.blocker(sq, interior)
	return i < 0
}

func abs64(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// clip clips the segment against the square (Liang-Barsky): whether any of it is left.
func clip(s Point, x0, y0, x1, y1 float64, interior bool) bool {
	lo, hi := float64(s.X), float64(s.X+1)
	blo, bhi := float64(s.Y), float64(s.Y+1)
	if interior {
		const e = 1e-9
		lo, hi, blo, bhi = lo+e, hi-e, blo+e, bhi-e
	}
	return clipBox(lo, hi, blo, bhi, x0, y0, x1, y1)
}

// clipEdge is one edge of Liang-Barsky: it narrows the segment's [t0, t1] to the edge's
// side and reports whether any of it is left. (No value is NaN, so the comparisons keep
// what max and min would.)
func clipEdge(p, q, t0, t1 float64) (float64, float64, bool) {
	if p == 0 {
		return t0, t1, q >= 0
	}
	r := q / p
	if p < 0 {
		if r > t0 {
			t0 = r
		}
	} else if r < t1 {
		t1 = r
	}
	return t0, t1, !(t0 > t1)
}
