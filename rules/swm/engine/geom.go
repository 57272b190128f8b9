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
