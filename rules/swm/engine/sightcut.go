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
