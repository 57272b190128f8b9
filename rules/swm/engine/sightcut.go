package engine

// A quick proof that two spaces are out of sight of each other, for sees: every one of the
// 81 lines between them would otherwise have to be found stopped, and most pairs a battle
// asks about first are out of sight.
//
// Why it is exact. Take a line that the clipping (clip) finds clear of every wall and
// closed door, either way. The squares whose inside it crosses, in order, are open (a
// wall it crossed would be hit, far beyond rounding); each is next to the one before by an
// edge or, where the line passes a grid corner, by that corner; the first lies in the one
// space, the last in the other (the points are inside their spaces, at least 0.001 from
// their edges, or at a grid corner of the space's own squares); and all lie in the convex
// hull of the two spaces, as the line does. So when no chain of open squares, each
// touching the next by an edge or a corner, leads from one space to the other within the
// hull, no line is clear, either way. Touching a wall or passing between two at their
// corners is allowed to the chain, so the proof never needs rounding to go its way.

// cutOff reports that the walls and closed doors cut every line between the two spaces
// (above). False means only that the lines must be looked at. Both spaces must lie on the
// map. The squares are searched a row at a time as bits (rowWalls), which takes the box at
// most 63 squares wide.
func (v *view) cutOff(p Point, ps int, q Point, qs int) bool {
	x0, x1 := min(p.X, q.X), max(p.X+ps, q.X+qs)
	y0, y1 := min(p.Y, q.Y), max(p.Y+ps, q.Y+qs)
	bw, bh := x1-x0, y1-y0
	if v.rowWalls == nil || x0 < 0 || y0 < 0 || x1 > v.w || y1 > v.h || bw > 63 || bh > maxCutRows {
		return false
	}
	hull := hullOf(p, ps, q, qs)
	// By row of the box: the open squares that meet the hull, those of the two spaces, and
	// those reached from the first space.
	var open, goal, reached [maxCutRows]uint64
	for y := range bh {
		// The squares of the row that meet the hull, if only at an edge or a corner, from lo
		// to hi (less hi): a square (x, y) meets a side's half-plane when its corner that way
		// does, nx*x <= c - ny*y less the corner's offsets (hullOf); nx is never 0.
		lo, hi := x0, x1
		for _, e := range hull.edges[:hull.n] {
			if r := e[2] - e[1]*(y+y0); e[0] > 0 {
				hi = min(hi, floorDiv(r, e[0])+1)
			} else {
				lo = max(lo, -floorDiv(r, -e[0]))
			}
		}
		if lo < hi {
			open[y] = ^(v.rowWalls[y+y0] >> (x0 & 63)) & (1<<((hi-x0)&63) - 1) &^ (1<<((lo-x0)&63) - 1)
		}
	}
	pm, qm := uint64(1<<ps-1)<<(p.X-x0), uint64(1<<qs-1)<<(q.X-x0)
	for y := p.Y; y < p.Y+ps; y++ {
		reached[y-y0] = runsOf(pm&open[y-y0], open[y-y0])
	}
	for y := q.Y; y < q.Y+qs; y++ {
		goal[y-y0] = qm
	}
	// Sweep down, up, down..., each row taking what touches the reached squares of the rows
	// beside it (by an edge or a corner) and then all of its runs of open squares that it
	// touches, until a sweep reaches nothing new (each row tried against its neighbours as
	// they are at the end).
	for pass := 0; ; pass++ {
		grew := false
		for k := range bh {
			y := k
			if pass%2 == 1 {
				y = bh - 1 - k
			}
			r := reached[y]
			if y > 0 {
				r |= spill(reached[y-1]) & open[y]
			}
			if y+1 < bh {
				r |= spill(reached[y+1]) & open[y]
			}
			if r == reached[y] {
				continue
			}
			r = runsOf(r, open[y])
			if r&goal[y] != 0 {
				return false
			}
			reached[y], grew = r, true
		}
		if !grew {
			break
		}
	}
	for y := range bh {
		if reached[y]&goal[y] != 0 {
			return false
		}
	}
	return true
}

// maxCutRows bounds the box's height for cutOff (its rows are on the stack).
const maxCutRows = 32

// spill is the squares of a row next to (by an edge or a corner) the marked squares of the
// row beside it.
func spill(m uint64) uint64 { return m | m<<1 | m>>1 }

// runsOf is the runs of open squares (bits of f) that hold a square of s (s within f):
// upward by the carry of adding s (it runs through each run from its lowest mark), downward
// by doubling shifts.
func runsOf(s, f uint64) uint64 {
	up := ((f + s) ^ f) & f
	pro := f
	s |= pro & (s >> 1)
	pro &= pro >> 1
	s |= pro & (s >> 2)
	pro &= pro >> 2
	s |= pro & (s >> 4)
	pro &= pro >> 4
	s |= pro & (s >> 8)
	pro &= pro >> 8
	s |= pro & (s >> 16)
	pro &= pro >> 16
	s |= pro & (s >> 32)
	return s | up
}

// hull is the convex hull of two spaces (squares on the grid) less its box: the sides
// that are not along the grid, as half-planes nx*x + ny*y <= c, in whole numbers (the
// corners are on the grid), so that the test of a square is exact. Each is kept as
// {nx, ny, c less min(nx, 0) and min(ny, 0)}: a square (x, y) meets the half-plane when
// nx*x + ny*y is at most that (its corner that way is in it).
type hull struct {
	n     int
	edges [4][3]int
}

// hullOf is the hull of two spaces. The spaces are squares, one a scaled copy of the
// other, so the hull's slanting sides join corresponding corners. The line through a
// corner of each has a square on one side when that corner is the square's farthest (or
// nearest) across the line, which the corner's place in the square and the signs of the
// line's normal say; the corner is the same one of either square, so both squares are on
// that side, and the line is a side of the hull, when it is so.
func hullOf(p Point, ps int, q Point, qs int) hull {
	var h hull
	for k := range 4 {
		ox, oy := k&1, k>>1 // the corner: 0 left or top, 1 right or bottom
		ax, ay := p.X+ox*ps, p.Y+oy*ps
		dx, dy := q.X+ox*qs-ax, q.Y+oy*qs-ay
		if dx == 0 || dy == 0 {
			continue // along the grid: a side of the box, if of the hull at all
		}
		nx, ny := dy, -dx
		// The corner is farthest along (nx, ny) when each is positive towards its side.
		far, near := (nx > 0) == (ox == 1) && (ny > 0) == (oy == 1), (nx > 0) == (ox == 0) && (ny > 0) == (oy == 0)
		if near {
			nx, ny, far = -nx, -ny, true
		}
		if far {
			h.edges[h.n] = [3]int{nx, ny, nx*ax + ny*ay - min(nx, 0) - min(ny, 0)}
			h.n++
		}
	}
	return h
}

// floorDiv is a/b rounded down, for b > 0.
func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

// A second quick proof, for pairs that a wall run stops outright: the run of walls (or
// closed doors) along a row through one wall square is a rectangle, convex. For a point a
// and a convex set W, the points b whose segment from a meets W form a convex set (a + t(w -
// a), t >= 1, w in W: a mix of two such points is again one). A space's nine points lie in
// the hull of its four corner points, so when the 16 lines between the corner points all
// meet W, the lines from each of one space's corners to every point of the other do, and
// then (the same argument from the other end) the lines from every point of one to every
// point of the other: all 81. W is taken shrunk by runSlack on every side, so each of the
// 81 lines crosses the rectangle's inside by far more than rounding: it meets one of its
// squares beyond doubt, either way, as sees' tests would find.

// runSlack is how far inside the run's rectangle the corner lines must pass: far beyond
// the rounding of points at most 64 apart (some 1e-14), far below a square.
const runSlack = 1e-6

// runStops reports that the row's run of walls through the wall square w, within the box's
// columns x0 to x1 (less x1), stops every line between the two spaces (above). False means
// only that the lines must be looked at. The map must be at most 64 wide (rowWalls).
func (v *view) runStops(w Point, x0, x1 int, from, to *spacePt) bool {
	row := v.rowWalls[w.Y]
	// The run: the wall squares next to one another through w, within the box.
	lo, hi := w.X, w.X+1
	for lo > x0 && row>>(lo-1)&1 == 1 {
		lo--
	}
	for hi < x1 && row>>hi&1 == 1 {
		hi++
	}
	bx0, bx1 := float64(lo)+runSlack, float64(hi)-runSlack
	by0, by1 := float64(w.Y)+runSlack, float64(w.Y+1)-runSlack
	for _, i := range corners {
		ax, ay := from.at(i)
		for _, j := range corners {
			cx, cy := to.at(j)
			if !clipBox(bx0, bx1, by0, by1, ax, ay, cx, cy) {
				return false
			}
		}
	}
	return true
}

// clipBox reports whether the segment meets the box [lx, hx] by [ly, hy] (Liang-Barsky).
func clipBox(lx, hx, ly, hy, x0, y0, x1, y1 float64) bool {
	dx, dy := x1-x0, y1-y0
	t0, t1, ok := clipEdge(-dx, x0-lx, 0, 1)
	if !ok {
		return false
	}
	if t0, t1, ok = clipEdge(dx, hx-x0, t0, t1); !ok {
		return false
	}
	if t0, t1, ok = clipEdge(-dy, y0-ly, t0, t1); !ok {
		return false
	}
	_, _, ok = clipEdge(dy, hy-y0, t0, t1)
	return ok
}
