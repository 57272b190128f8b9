package engine

import "math/bits"

// Cover (rulebook, Cover pp. 10 and 16-18).

// cover reports whether the target has cover against an attacker standing at p: the
// attacker picks the best corner of its space; from it, a line to the target's space
// through a wall, another character or low objects (not in or next to the attacker's
// space) gives cover. An adjacent enemy never has cover (Cover, p. 16).
func (b *Battle) cover(att *Char, p Point, t *Char) bool {
	// Cover depends on where everyone stands and which doors are open: an answer holds
	// until something moves (moved), in the battle's coverMemo.
	key, ok := coverQuestion(att, p, t)
	if !ok {
		return b.coverNow(att, p, t)
	}
	s := b.covers.slot(key)
	if s.moves == b.moves+1 && s.key == key {
		return s.v
	}
	v := b.coverNow(att, p, t)
	*s = coverSlot{key, b.moves + 1, v}
	return v
}

// coverNow works out cover: from what the squares alone make of each corner's lines
// (cornerLines, kept in the view's table), and the lines through the other characters.
func (b *Battle) coverNow(att *Char, p Point, t *Char) bool {
	if b.adjacentAt(p, att.Size, t) {
		return false
	}
	var cl cornerLines
	cl.init(b.view, p, att.Size, t.Pos, t.Size)
	cl.walls, cl.obst, cl.rows = b.walls[:0], b.squareObst[:0], b.obstRows[:0]
	defer func() {
		cl.keep()
		b.walls, b.squareObst, b.obstRows = cl.walls, cl.obst, cl.rows
	}()
	// The characters in the way are gathered when first needed: most corners' lines are
	// settled by the squares alone.
	var obst []Point
	gathered := false
	k := uint(0)
	for cy := p.Y; cy <= p.Y+att.Size; cy++ {
		for cx := p.X; cx <= p.X+att.Size; cx++ {
			if !cl.squares(k, cx, cy) && cl.sees(k, cx, cy) {
				if !gathered {
					obst, gathered = b.charsInBox(att, p, t), true
				}
				if !covered(obst, cl.tsq, float64(cx), float64(cy)) {
					return false
				}
			}
			k++
		}
	}
	return true
}

// charsInBox lists the squares of the other characters (not Holograms) in the box around
// the attacker's space at p and the target's, the battle's list, overwritten by the next call.
func (b *Battle) charsInBox(att *Char, p Point, t *Char) []Point {
	x0, x1 := max(0, min(p.X, t.Pos.X)-1), min(b.m.W-1, max(p.X+att.Size, t.Pos.X+t.Size)+1)
	y0, y1 := max(0, min(p.Y, t.Pos.Y)-1), min(b.m.H-1, max(p.Y+att.Size, t.Pos.Y+t.Size)+1)
	obst := b.obst[:0]
	for _, c := range b.chars {
		if c == att || c == t || c.ab.hologram || b.occ[c.Pos.Y*b.m.W+c.Pos.X] != c.ID+1 {
			continue // not on the grid (defeated, or lifted as it moves)
		}
		for y := max(y0, c.Pos.Y); y <= min(y1, c.Pos.Y+c.Size-1); y++ {
			for x := max(x0, c.Pos.X); x <= min(x1, c.Pos.X+c.Size-1); x++ {
				obst = append(obst, Point{x, y})
			}
		}
	}
	b.obst = obst
	return obst
}

// cornerLines is what the squares alone make of the lines from the corners of the
// attacker's space to the points of the target's: for each corner (row by row), whether
// some line passes through the inside of a wall, closed door or low objects not in or next
// to the attacker's space (they are shot over), and whether some line touches no wall (the
// corner sees the target). Cover is: no corner that sees the target has a line through an
// obstacle, the squares' or a character's. The answers are kept in the view's table as
// they are worked out, four bits a corner: squares known, squares, sees known, sees.
type cornerLines struct {
	v           *view
	p, q        Point
	ps, qs      int
	key         uint64
	kept        bool // the table holds the pair
	known, was  uint64
	tsq         [9][2]float64
	walls, obst []Point // the squares' obstacles, gathered when first needed (into these)
	// rows has obst as bits (x) by row of the box from ry0, on a map at most 64 squares
	// wide (else it is empty), for covered's lines (hitsRows).
	rows     []uint64
	ry0      int
	gathered bool
}

// init starts on the lines between the spaces, with what the view's table knows of them.
func (cl *cornerLines) init(v *view, p Point, ps int, q Point, qs int) {
	cl.v, cl.p, cl.ps, cl.q, cl.qs, cl.tsq = v, p, ps, q, qs, spacePoints(q, qs)
	i, j := v.space(p, ps), v.space(q, qs)
	if i >= 0 && j >= 0 {
		cl.kept, cl.key = true, uint64(i)*uint64(len(v.sight))+uint64(j)
		if l, ok := v.cover.Load(cl.key); ok {
			cl.known = l.(uint64)
			cl.was = cl.known
		}
	}
}

// keep stores what was worked out, while the table has room.
func (cl *cornerLines) keep() {
	if cl.kept && cl.known != cl.was && (cl.was != 0 || cl.v.covers.Add(1) <= maxCovers) {
		cl.v.cover.Store(cl.key, cl.known)
	}
}

func (cl *cornerLines) squares(k uint, cx, cy int) bool {
	if k >= 16 { // past what four bits a corner hold (no space is that big)
		cl.gather()
		return cl.covered(float64(cx), float64(cy))
	}
	if cl.known&(1<<(4*k)) == 0 {
		cl.gather()
		cl.known |= 1 << (4 * k)
		if cl.covered(float64(cx), float64(cy)) {
			cl.known |= 2 << (4 * k)
		}
	}
	return cl.known&(2<<(4*k)) != 0
}

func (cl *cornerLines) sees(k uint, cx, cy int) bool {
	if k >= 16 {
		cl.gather()
		return anyClear(cl.walls, cl.tsq, float64(cx), float64(cy))
	}
	if cl.known&(4<<(4*k)) == 0 {
		cl.gather()
		cl.known |= 4 << (4 * k)
		if anyClear(cl.walls, cl.tsq, float64(cx), float64(cy)) {
			cl.known |= 8 << (4 * k)
		}
	}
	return cl.known&(8<<(4*k)) != 0
}

// gather lists the walls and closed doors on the map in the box around the two spaces, and
// the obstacles to cover's lines: those and the low objects (but those in or next to the
// attacker's space, which are shot over), as rows of bits where the map is narrow enough,
// else as a list (obstList). The tests only ask whether some line meets some obstacle, so
// the order of the lists changes nothing.
func (cl *cornerLines) gather() {
	if cl.gathered {
		return
	}
	cl.gathered = true
	v, p, ps, q, qs := cl.v, cl.p, cl.ps, cl.q, cl.qs
	x0, x1 := max(0, min(p.X, q.X)-1), min(v.w-1, max(p.X+ps, q.X+qs)+1)
	y0, y1 := max(0, min(p.Y, q.Y)-1), min(v.h-1, max(p.Y+ps, q.Y+qs)+1)
	walls := cl.walls[:0]
	if v.rowWalls != nil {
		// From the rows' bits, only the box's columns: the same walls in the same order.
		box := uint64(2)<<x1 - uint64(1)<<x0
		for y := y0; y <= y1; y++ {
			for m := v.rowWalls[y] & box; m != 0; m &= m - 1 {
				walls = append(walls, Point{bits.TrailingZeros64(m), y})
			}
		}
	} else {
		for y := y0; y <= y1; y++ {
			for _, x := range v.wallRows[y] {
				if x >= x0 && x <= x1 {
					walls = append(walls, Point{x, y})
				}
			}
		}
	}
	cl.walls = walls
	if v.rowWalls == nil || v.rowLow == nil {
		cl.obst = cl.obstList(cl.obst[:0])
		return
	}
	box := uint64(2)<<x1 - uint64(1)<<x0 // columns x0 to x1 (all ones to the left at 64)
	near := uint64(2)<<min(p.X+ps, 63) - uint64(1)<<max(p.X-1, 0)
	rows := cl.rows[:0]
	for y := y0; y <= y1; y++ {
		low := v.rowLow[y]
		if y >= p.Y-1 && y <= p.Y+ps {
			low &^= near
		}
		rows = append(rows, (v.rowWalls[y]|low)&box)
	}
	cl.rows, cl.ry0 = rows, y0
}

// obstList appends to out the obstacles to cover's lines (gather) as a list: the low
// objects in the box but those in or next to the attacker's space, then the walls.
func (cl *cornerLines) obstList(out []Point) []Point {
	v, p, ps, q, qs := cl.v, cl.p, cl.ps, cl.q, cl.qs
	x0, x1 := max(0, min(p.X, q.X)-1), min(v.w-1, max(p.X+ps, q.X+qs)+1)
	y0, y1 := max(0, min(p.Y, q.Y)-1), min(v.h-1, max(p.Y+ps, q.Y+qs)+1)
	for y := y0; y <= y1; y++ {
		for _, x := range v.lowRows[y] {
			if x >= x0 && x <= x1 && !(x >= p.X-1 && x <= p.X+ps && y >= p.Y-1 && y <= p.Y+ps) {
				out = append(out, Point{x, y})
			}
		}
	}
	return append(out, cl.walls...)
}

// covered is covered (below) for the squares' obstacles, from their rows as bits where
// the map is narrow enough: each line is tested only against those it passes.
func (cl *cornerLines) covered(cx, cy float64) bool {
	if len(cl.rows) == 0 {
		return covered(cl.obst, cl.tsq, cx, cy)
	}
	var l segment
	for _, s := range cl.tsq {
		l.set(cx, cy, s[0], s[1])
		if l.hitsRows(cl.rows, cl.ry0, true) {
			return true
		}
	}
	return false
}

// covered reports a line from the corner to a point of the target's space through an
// obstacle's inside.
func covered(obst []Point, tsq [9][2]float64, cx, cy float64) bool {
	for _, s := range tsq {
		if !clearOf(obst, cx, cy, s[0], s[1], true) {
			return true
		}
	}
	return false
}

// anyClear reports a line from the corner to the target's space that touches no wall: the
// corner sees the target.
func anyClear(walls []Point, tsq [9][2]float64, cx, cy float64) bool {
	for _, s := range tsq {
		if clearOf(walls, cx, cy, s[0], s[1], false) {
			return true
		}
	}
	return false
}
