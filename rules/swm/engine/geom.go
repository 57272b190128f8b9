package engine

// Geometry: range, line of sight, adjacency and cover on the square grid (rulebook, Line of
// Sight p. 8, Cover pp. 10 and 16-18, range in the glossary).

// blocks reports a square that stops movement and sight: a wall or a closed door (outside
// the map is a wall).
func (b *Battle) blocks(p Point) bool { return b.view.blocked(p.X, p.Y) }

// dist is the range from a space to every square (as spread counts it, from the sight
// table): squares counted as for movement (a diagonal is 2, so it is the count of
// orthogonal steps), terrain costs ignored, around walls (glossary, range). The space's own
// squares are 0, an adjacent square 1. Closed doors block it like walls (the planner's
// enemyField counts through them).
func (b *Battle) dist(p Point, size int) []int32 { return b.view.distFrom(p, size) }

// spread counts squares out from the sources (0) in orthogonal steps that never enter a
// wall or closed door; -1 marks a square that cannot be reached. A source may itself be a
// wall (a pillar on the map's centre): the count then starts at its edge.
func (v *view) spread(from []Point) []int32 {
	d := make([]int32, v.w*v.h)
	for i := range d {
		d[i] = -1
	}
	queue := make([]int, 0, v.w*v.h)
	for _, q := range from {
		if q.X >= 0 && q.Y >= 0 && q.X < v.w && q.Y < v.h && d[q.Y*v.w+q.X] < 0 {
			d[q.Y*v.w+q.X] = 0
			queue = append(queue, q.Y*v.w+q.X)
		}
	}
	// Breadth first: each square's count is its layer, whatever order the neighbours of a
	// square are taken in.
	for k := 0; k < len(queue); k++ {
		i := queue[k]
		x, next := i%v.w, d[i]+1
		if x+1 < v.w && d[i+1] < 0 && !v.blocks[i+1] {
			d[i+1] = next
			queue = append(queue, i+1)
		}
		if x > 0 && d[i-1] < 0 && !v.blocks[i-1] {
			d[i-1] = next
			queue = append(queue, i-1)
		}
		if n := i + v.w; n < len(d) && d[n] < 0 && !v.blocks[n] {
			d[n] = next
			queue = append(queue, n)
		}
		if n := i - v.w; n >= 0 && d[n] < 0 && !v.blocks[n] {
			d[n] = next
			queue = append(queue, n)
		}
	}
	return d
}

// centre are the squares that touch the centre of the map: one, two or four, as the
// map's sides are odd or even.
func (m *Map) centre() []Point {
	mid := func(n int) []int {
		if n%2 == 1 {
			return []int{n / 2}
		}
		return []int{n/2 - 1, n / 2}
	}
	var out []Point
	for _, y := range mid(m.H) {
		for _, x := range mid(m.W) {
			out = append(out, Point{x, y})
		}
	}
	return out
}

// centreDist counts squares from the centre of the map as range is counted: around walls
// (How to Win, tie-breaker; glossary, range). nearest reads a character off it.
func (b *Battle) centreDist() []int32 { return b.view.spread(b.m.centre()) }

var orth = []Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// rangeTo is the range from a space to a character: the nearest of its squares. A
// character behind walls with no way round is out of range (a large number).
func (b *Battle) rangeTo(p Point, size int, t *Char) int { return b.nearest(b.dist(p, size), t) }

// nearest is the least count in d over the character's squares; a large number when none
// is reachable.
func (b *Battle) nearest(d []int32, t *Char) int {
	best := 1 << 20
	for y := t.Pos.Y; y < t.Pos.Y+t.Size; y++ {
		for x := t.Pos.X; x < t.Pos.X+t.Size; x++ {
			if x >= 0 && y >= 0 && x < b.m.W && y < b.m.H {
				if v := int(d[y*b.m.W+x]); v >= 0 && v < best {
					best = v
				}
			}
		}
	}
	return best
}

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
	from, to := spacePoints(p, ps), spacePoints(q, qs)
	// Neighbouring lines are mostly stopped by the same wall: the wall that stopped the last
	// line is tried first, so that a space out of sight costs a test or two a line. Where
	// every line's answer is sure (farther than rounding from a wall's edge), it is the same
	// from either end, and so is the answer; otherwise the way back is worked out too.
	// A wall that surely stops the lines between the spaces' corners stops every line
	// between them: the points a line from a point can reach through a square (its shadow)
	// make a convex set, and the other points lie between the corners. Most spaces out of
	// sight are behind one wall, tried first: the one across the line between the centres.
	l := line(from[0][0], from[0][1], to[0][0], to[0][1])
	if w, ok := l.blocker(walls, false); w >= 0 && ok {
		shut := true
		for _, i := range corners {
			if !shuts(walls[w], from[i], to) {
				shut = false
				break
			}
		}
		if shut {
			return false, false
		}
	}
	var stopper [81]int
	last, clear, sure := 0, -1, true
	for k := range 81 {
		a, c := from[k/9], to[k%9]
		l := line(a[0], a[1], c[0], c[1])
		if hit, ok := l.hits(walls[last], false); hit {
			stopper[k] = last
			sure = sure && ok
			continue
		}
		i, ok := l.blocker(walls, false)
		sure = sure && ok
		if i < 0 {
			clear = k
			break
		}
		stopper[k], last = i, i
	}
	if sure {
		return clear >= 0, clear >= 0
	}
	if clear >= 0 {
		a, c := from[clear/9], to[clear%9]
		back := line(c[0], c[1], a[0], a[1])
		if i, _ := back.blocker(walls, false); i < 0 {
			return true, true
		}
		stopper[clear] = 0
		for k := clear + 1; k < 81; k++ {
			stopper[k] = 0
		}
	}
	for k := range 81 {
		a, c := from[k/9], to[k%9]
		l := line(c[0], c[1], a[0], a[1])
		if hit, _ := l.hits(walls[stopper[k]], false); hit {
			continue
		}
		if i, _ := l.blocker(walls, false); i < 0 {
			return clear >= 0, true
		}
	}
	return clear >= 0, false
}

// shuts reports that the wall surely stops the lines from a to the corners of the other
// space's points, and so to all of them (sees).
func shuts(w Point, a [2]float64, to [9][2]float64) bool {
	var l segment
	for _, j := range corners {
		l.set(a[0], a[1], to[j][0], to[j][1])
		if hit, ok := l.hits(w, false); !hit || !ok {
			return false
		}
	}
	return true
}

// blockersIn appends the walls and closed doors in the box around two spaces to out.
func (v *view) blockersIn(out []Point, p Point, ps int, q Point, qs int) []Point {
	x0, x1 := min(p.X, q.X), max(p.X+ps, q.X+qs)
	y0, y1 := min(p.Y, q.Y), max(p.Y+ps, q.Y+qs)
	if x0 >= 0 && y0 >= 0 && x1 <= v.w && y1 <= v.h {
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

// touching reports spaces that share an edge or a corner and do not overlap.
func touching(p Point, ps int, q Point, qs int) bool {
	gapX := max(q.X-(p.X+ps), p.X-(q.X+qs))
	gapY := max(q.Y-(p.Y+ps), p.Y-(q.Y+qs))
	return gapX <= 0 && gapY <= 0 && (gapX == 0 || gapY == 0)
}

// adjacentAt: touching squares with line of sight between them; a wall between makes two
// characters not adjacent (Attacks of Opportunity, Walls).
func (b *Battle) adjacentAt(p Point, ps int, t *Char) bool {
	return touching(p, ps, t.Pos, t.Size) && b.los(p, ps, t.Pos, t.Size)
}

// adjacent is the glossary's adjacency between two characters, for everything that reaches
// "adjacent" characters (Splash, Grenades, touch, Gunner): "Two characters are adjacent
// only if they have line of sight to each other" (Attacks of Opportunity, Walls).
func (b *Battle) adjacent(a, c *Char) bool { return b.adjacentAt(a.Pos, a.Size, c) }

// cover reports whether the target has cover against an attacker standing at p: the
// attacker picks the best corner of its space; from it, a line to the target's space
// through a wall, another character or low objects (not in or next to the attacker's
// space) gives cover. An adjacent enemy never has cover (Cover, p. 16).
func (b *Battle) cover(att *Char, p Point, t *Char) bool {
	// Cover depends on where everyone stands and which doors are open: an answer holds
	// until something moves (moved), and a turn asks the same several times (a target's
	// value, combined fire's every ally, the attack itself).
	if b.coverMoves != b.moves {
		clear(b.covers)
		b.coverMoves = b.moves
	}
	key := coverKey{att.ID, p, t.ID, t.Pos}
	if v, ok := b.covers[key]; ok {
		return v
	}
	v := b.coverNow(att, p, t)
	if b.covers == nil {
		b.covers = map[coverKey]bool{}
	}
	b.covers[key] = v
	return v
}

// coverKey is a cover question: the attacker and where it stands, the target and where.
type coverKey struct {
	att int
	p   Point
	t   int
	tp  Point
}

// coverNow works out cover: from what the squares alone make of each corner's lines
// (cornerLines, kept in the view's table), and the lines through the other characters.
func (b *Battle) coverNow(att *Char, p Point, t *Char) bool {
	if b.adjacentAt(p, att.Size, t) {
		return false
	}
	// The other characters in the box around the two (not Holograms).
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
	var cl cornerLines
	cl.init(b.view, p, att.Size, t.Pos, t.Size)
	cl.walls, cl.obst = b.walls[:0], b.squareObst[:0]
	defer func() {
		cl.keep()
		b.walls, b.squareObst = cl.walls, cl.obst
	}()
	k := uint(0)
	for cy := p.Y; cy <= p.Y+att.Size; cy++ {
		for cx := p.X; cx <= p.X+att.Size; cx++ {
			if !cl.squares(k, cx, cy) && cl.sees(k, cx, cy) && !covered(obst, cl.tsq, float64(cx), float64(cy)) {
				return false
			}
			k++
		}
	}
	return true
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
	gathered    bool
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
		return covered(cl.obst, cl.tsq, float64(cx), float64(cy))
	}
	if cl.known&(1<<(4*k)) == 0 {
		cl.gather()
		cl.known |= 1 << (4 * k)
		if covered(cl.obst, cl.tsq, float64(cx), float64(cy)) {
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

// gather lists the walls, closed doors and low objects on the map in the box around the
// two spaces (the low objects in or next to the attacker's space are shot over). The tests
// only ask whether some line meets some obstacle, so the order of the lists changes
// nothing.
func (cl *cornerLines) gather() {
	if cl.gathered {
		return
	}
	cl.gathered = true
	v, p, ps, q, qs := cl.v, cl.p, cl.ps, cl.q, cl.qs
	x0, x1 := max(0, min(p.X, q.X)-1), min(v.w-1, max(p.X+ps, q.X+qs)+1)
	y0, y1 := max(0, min(p.Y, q.Y)-1), min(v.h-1, max(p.Y+ps, q.Y+qs)+1)
	walls, obst := cl.walls[:0], cl.obst[:0]
	for y := y0; y <= y1; y++ {
		for _, x := range v.wallRows[y] {
			if x >= x0 && x <= x1 {
				walls = append(walls, Point{x, y})
			}
		}
		for _, x := range v.lowRows[y] {
			if x >= x0 && x <= x1 && !(x >= p.X-1 && x <= p.X+ps && y >= p.Y-1 && y <= p.Y+ps) {
				obst = append(obst, Point{x, y})
			}
		}
	}
	cl.walls, cl.obst = walls, append(obst, walls...)
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
