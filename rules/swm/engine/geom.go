package engine

// Geometry: range and adjacency on the square grid (range in the glossary; Attacks of
// Opportunity, Walls). Line of sight is in sight.go, cover in cover.go.

// blocks reports a square that stops movement and sight: a wall or a closed door (outside
// the map is a wall).
func (b *Battle) blocks(p Point) bool { return b.view.blocked(p.X, p.Y) }

// dist is the range from a space to every square (as spread counts it, from the view's
// tables): squares counted as for movement (a diagonal is 2, so it is the count of
// orthogonal steps), terrain costs ignored, around walls (glossary, range). The space's own
// squares are 0, an adjacent square 1. Closed doors block it like walls (the planner's
// enemyField counts through them).
func (b *Battle) dist(p Point, size int) []int32 { return b.view.distFrom(p, size) }

// spread counts squares out from the sources (0) in orthogonal steps that never enter a
// wall or closed door; -1 marks a square that cannot be reached. A source may itself be a
// wall (a pillar on the map's centre): the count then starts at its edge.
func (v *view) spread(from []Point) []int32 {
	// The count goes on a copy of the view's unreached, the map with a border (-1 an open
	// square, -2 a blocked one or the border), so that a step tests one number; the counts
	// are copied out row by row, the blocked squares not counted from set back to -1.
	var buf [maxSpreadPad]int32
	pd := buf[:]
	if len(v.unreached) > len(buf) {
		pd = make([]int32, len(v.unreached))
	}
	copy(pd, v.unreached)
	var qbuf [maxSpreadPad]int32
	queue := qbuf[:]
	if len(pd) > len(qbuf) {
		queue = make([]int32, len(pd))
	}
	pw := v.w + 2
	tail := 0
	for _, q := range from {
		if i := (q.Y+1)*pw + q.X + 1; q.X >= 0 && q.Y >= 0 && q.X < v.w && q.Y < v.h && pd[i] < 0 {
			pd[i] = 0
			queue[tail] = int32(i)
			tail++
		}
	}
	// Breadth first: each square's count is its layer, whatever order the neighbours of a
	// square are taken in.
	for k := 0; k < tail; k++ {
		i := int(queue[k])
		next := pd[i] + 1
		if pd[i+1] == -1 {
			pd[i+1] = next
			queue[tail] = int32(i + 1)
			tail++
		}
		if pd[i-1] == -1 {
			pd[i-1] = next
			queue[tail] = int32(i - 1)
			tail++
		}
		if pd[i+pw] == -1 {
			pd[i+pw] = next
			queue[tail] = int32(i + pw)
			tail++
		}
		if pd[i-pw] == -1 {
			pd[i-pw] = next
			queue[tail] = int32(i - pw)
			tail++
		}
	}
	d := make([]int32, v.w*v.h)
	for y := range v.h {
		copy(d[y*v.w:(y+1)*v.w], pd[(y+1)*pw+1:])
	}
	for _, i := range v.blockedAt {
		if d[i] == -2 {
			d[i] = -1
		}
	}
	return d
}

// maxSpreadPad is the largest map with its border whose counts spread keeps on the stack.
const maxSpreadPad = 1024

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
