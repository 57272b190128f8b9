package engine

import (
	"math/bits"
	"slices"
)

// Line of sight between spaces (rulebook, Line of Sight p. 8): the lines between their
// points, worked out for the view's table (sighttable.go).

// corners are the indices of a space's corners among its spacePoints.
var corners = [4]int{4, 5, 7, 8}

// spacePoints are the points of a space that lines are drawn to and from: its corners
// (just inside, so that a line from a corner does not count as running along the space's
// own edge), the middles of its edges and its centre, the centre first (most lines are
// clear). "Any point" is approximated by these nine, for a space of any size.
func spacePoints(p Point, s int) [9][2]float64 {
	f := float64(s)
	xs := [3]float64{f / 2, 0.001, f - 0.001}
	var out [9][2]float64
	for i, dx := range xs {
		for j, dy := range xs {
			out[i*3+j] = [2]float64{float64(p.X) + dx, float64(p.Y) + dy}
		}
	}
	return out
}

// spacePt gives a space's spacePoints one at a time, the same numbers (the same sums).
type spacePt struct {
	x, y float64
	xs   [3]float64
}

func pointsOf(p Point, s int) spacePt {
	f := float64(s)
	return spacePt{float64(p.X), float64(p.Y), [3]float64{f / 2, 0.001, f - 0.001}}
}

// at is spacePoints(p, s)[i].
func (sp *spacePt) at(i int) (float64, float64) {
	return sp.x + sp.xs[i/3], sp.y + sp.xs[i%3]
}

// los reports line of sight between two spaces: some line from a point of one to a point
// of the other touches no wall or closed door (a line that nicks a corner or runs along a
// wall does not count). Sight goes both ways, so one answer serves both: the answer of the
// way the battle asked first, kept until a door opens or closes. Both ways agree but for a
// few pairs where rounding decides whether a line touches a wall's corner; for those the
// battle keeps its own answer (asym), as it kept all of them before the sight table.
func (b *Battle) los(p Point, ps int, q Point, qs int) bool {
	back := q.Y < p.Y || q.Y == p.Y && (q.X < p.X || q.X == p.X && qs < ps)
	if back {
		p, ps, q, qs = q, qs, p, ps
	}
	pq, qp, pair := b.view.los(p, ps, q, qs)
	if pq == qp {
		return pq
	}
	key := losKey{pair, p, ps, q, qs}
	if v, ok := b.asym[key]; ok {
		return v
	}
	v := pq
	if back {
		v = qp
	}
	if b.asym == nil {
		b.asym = map[losKey]bool{}
	}
	b.asym[key] = v
	return v
}

// losKey is a pair of spaces whose sight differs by the way it is looked.
type losKey struct {
	pair int
	p    Point
	ps   int
	q    Point
	qs   int
}

// sees works out line of sight (los) both ways: from p's space to q's, and back.
func (v *view) sees(p Point, ps int, q Point, qs int) (pq, qp bool) {
	var buf [64]Point
	walls := v.blockersIn(buf[:0], p, ps, q, qs)
	if len(walls) == 0 {
		return true, true
	}
	// The points are worked out as the lines need them (pointsOf): most pairs are settled
	// after a line or two, and all 18 points cost more than those lines.
	from, to := pointsOf(p, ps), pointsOf(q, qs)
	// Neighbouring lines are mostly stopped by the same wall: the walls that stopped the last
	// lines are tried first, so that a space out of sight costs a test or two a line. Where
	// every line's answer is sure (farther than rounding from a wall's edge), it is the same
	// from either end, and so is the answer; otherwise the way back is worked out too.
	// Most spaces out of sight are cut off by the walls between them (sightcut.go): when the
	// first lines tried (cutAfter) are all stopped, and no chain of open squares joins the
	// spaces, none is clear.
	// Quicker still, and tried first, after the first line: the row of walls through that
	// line's stopper stopping every line (runStops; the map's walls as bits, so the box on
	// the map).
	x0, x1 := min(p.X, q.X), max(p.X+ps, q.X+qs)
	onMap := v.rowWalls != nil && x0 >= 0 && min(p.Y, q.Y) >= 0 && x1 <= v.w && max(p.Y+ps, q.Y+qs) <= v.h
	var stopper [81]int32
	last, before, clear, sure := 0, 0, -1, true
	for k, o := range lineOrder {
		if k == 1 && onMap && v.runStops(walls[last], x0, x1, &from, &to) {
			return false, false
		}
		if k == cutAfter && v.cutOff(p, ps, q, qs) {
			return false, false
		}
		ax, ay := from.at(int(o) / 9)
		cx, cy := to.at(int(o) % 9)
		l := line(ax, ay, cx, cy)
		if hit, ok := l.hits(walls[last], false); hit {
			stopper[k] = int32(last)
			sure = sure && ok
			continue
		}
		if hit, ok := l.hits(walls[before], false); hit {
			// The wall before the last one (the lines round a corner of two walls).
			stopper[k], last, before = int32(before), before, last
			sure = sure && ok
			continue
		}
		i, ok := l.blocker(walls, false)
		sure = sure && ok
		if i < 0 {
			clear = k
			break
		}
		stopper[k], last, before = int32(i), i, last
	}
	if sure {
		return clear >= 0, clear >= 0
	}
	if clear >= 0 {
		ax, ay := from.at(int(lineOrder[clear]) / 9)
		cx, cy := to.at(int(lineOrder[clear]) % 9)
		back := line(cx, cy, ax, ay)
		if i, _ := back.blocker(walls, false); i < 0 {
			return true, true
		}
		stopper[clear] = 0
		for k := clear + 1; k < 81; k++ {
			stopper[k] = 0
		}
	}
	for k, o := range lineOrder {
		ax, ay := from.at(int(o) / 9)
		cx, cy := to.at(int(o) % 9)
		l := line(cx, cy, ax, ay)
		if hit, _ := l.hits(walls[stopper[k]], false); hit {
			continue
		}
		if i, _ := l.blocker(walls, false); i < 0 {
			return clear >= 0, true
		}
	}
	return clear >= 0, false
}

// lineOrder is the order sees tries the lines in (from's point by 9, to's point): the
// lines between corners first, so that a space partly hidden finds its clear line sooner,
// then the rest as they come.
var lineOrder = func() (o [81]uint8) {
	n := 0
	add := func(k int) {
		if !slices.Contains(o[:n], uint8(k)) {
			o[n] = uint8(k)
			n++
		}
	}
	for _, i := range corners {
		add(i*9 + i)
	}
	for _, i := range corners {
		for _, j := range corners {
			add(i*9 + j)
		}
	}
	for k := range 81 {
		add(k)
	}
	return o
}()

// cutAfter is how many lines sees tries, all stopped, before it looks for walls that cut
// the spaces off. Before runStops, 1 cost least (0, 2, 4 and 16 cost 3%, 0%, 0% and 4% more
// a cold assault battle); with runStops after the first line taking most pairs stopped
// outright, the search pays for itself later: 6 (19.16M a cold assault battle) against 1,
// 2, 4, 8, 16 and 30 (19.67M, 19.52M, 19.16M, 19.16M, 19.17M, 19.29M).
const cutAfter = 6

// blockersIn appends the walls and closed doors in the box around two spaces to out.
func (v *view) blockersIn(out []Point, p Point, ps int, q Point, qs int) []Point {
	x0, x1 := min(p.X, q.X), max(p.X+ps, q.X+qs)
	y0, y1 := min(p.Y, q.Y), max(p.Y+ps, q.Y+qs)
	if x0 >= 0 && y0 >= 0 && x1 <= v.w && y1 <= v.h {
		if v.rowWalls != nil {
			// The row's walls as bits: only the box's, in the same order (by column) as
			// wallRows lists them, so that the lines meet them in the same order.
			box := uint64(1)<<(x1-x0) - 1
			for y := y0; y < y1; y++ {
				for m := v.rowWalls[y] >> x0 & box; m != 0; m &= m - 1 {
					out = append(out, Point{x0 + bits.TrailingZeros64(m), y})
				}
			}
			return out
		}
		for y := y0; y < y1; y++ {
			for _, x := range v.wallRows[y] {
				if x >= x0 && x < x1 {
					out = append(out, Point{x, y})
				}
			}
		}
		return out
	}
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if v.blocked(x, y) {
				out = append(out, Point{x, y})
			}
		}
	}
	return out
}
