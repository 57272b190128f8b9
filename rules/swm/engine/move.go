package engine

import "container/heap"

// Movement (rulebook, Movement pp. 4-5 and 14; Terrain pp. 23-26): a step to a side costs
// 1, a diagonal 2; entering low objects or difficult terrain doubles it; a diagonal may not
// pass a wall's corner; allies may be passed through but not stopped on; enemies, walls
// and pits block (Flight passes enemies, low objects, difficult terrain and pits; a
// Hologram ignores all terrain); a big character pays for terrain if any square of its
// space enters it and may not enter a square with an enemy.

var steps = []Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// reach is where a character can go this turn: the cost of the cheapest path to each
// top-left position and the path's previous position.
type reach struct {
	w    int
	cost []int
	prov []int // steps on the path that leave a square next to an enemy (to avoid)
	prev []int
}

func (r *reach) at(p Point) int { return r.cost[p.Y*r.w+p.X] }

// path returns the positions from the start to p, the start excluded.
func (r *reach) path(p Point) []Point {
	var out []Point
	for i := p.Y*r.w + p.X; r.prev[i] >= 0; i = r.prev[i] {
		out = append(out, Point{i % r.w, i / r.w})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// passable reports whether the character's space may pass through p (top-left).
func (b *Battle) passable(c *Char, p Point) bool {
	for _, q := range footprint(p, c.Size) {
		if !b.m.in(q) {
			return false
		}
		if c.ab.hologram {
			continue
		}
		if b.blocks(q) {
			return false
		}
		if b.m.At(q) == Pit && !c.ab.flight {
			return false
		}
		if o := b.occ[q.Y*b.m.W+q.X]; o > 0 && !c.ab.flight {
			if other := b.chars[o-1]; other.Side != c.Side {
				return false
			}
		}
	}
	return true
}

// stepCost is the cost of moving the space from p by s, or -1 when the step is not allowed.
func (b *Battle) stepCost(c *Char, p, s Point) int {
	n := Point{p.X + s.X, p.Y + s.Y}
	if !b.passable(c, n) {
		return -1
	}
	cost := 1
	if s.X != 0 && s.Y != 0 {
		cost = 2
		// No diagonal past the corner of a wall: both squares beside the step must be
		// free of walls.
		if !c.ab.hologram {
			for _, q := range append(footprint(Point{p.X + s.X, p.Y}, c.Size), footprint(Point{p.X, p.Y + s.Y}, c.Size)...) {
				if b.blocks(q) {
					return -1
				}
			}
		}
	}
	if !c.ab.flight && !c.ab.hologram {
		for _, q := range footprint(n, c.Size) {
			if q.X >= p.X && q.X < p.X+c.Size && q.Y >= p.Y && q.Y < p.Y+c.Size {
				continue // not newly entered
			}
			if t := b.m.At(q); t == Low || t == Difficult {
				return 2 * cost
			}
		}
	}
	return cost
}

// nextToEnemy reports whether the space at p touches an enemy who could attack it.
func (b *Battle) nextToEnemy(c *Char, p Point) bool {
	for _, e := range b.chars {
		if e.Side != c.Side && !e.Defeated && touching(p, c.Size, e.Pos, e.Size) {
			return true
		}
	}
	return false
}

// reachable runs Dijkstra from the character's position up to budget.
func (b *Battle) reachable(c *Char, budget int) *reach {
	n := b.m.W * b.m.H
	r := &reach{w: b.m.W, cost: make([]int, n), prov: make([]int, n), prev: make([]int, n)}
	for i := range r.cost {
		r.cost[i], r.prev[i] = -1, -1
	}
	start := c.Pos.Y*b.m.W + c.Pos.X
	r.cost[start] = 0
	pq := &queue{{start, 0, 0}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(item)
		if it.cost != r.cost[it.i] || it.prov != r.prov[it.i] {
			continue
		}
		p := Point{it.i % b.m.W, it.i / b.m.W}
		leaving := 0
		if !c.ab.flight && b.nextToEnemy(c, p) {
			leaving = 1
		}
		for _, s := range steps {
			sc := b.stepCost(c, p, s)
			if sc < 0 || it.cost+sc > budget {
				continue
			}
			j := (p.Y+s.Y)*b.m.W + p.X + s.X
			nc, np := it.cost+sc, it.prov+leaving
			if r.cost[j] < 0 || nc < r.cost[j] || nc == r.cost[j] && np < r.prov[j] {
				r.cost[j], r.prov[j], r.prev[j] = nc, np, it.i
				heap.Push(pq, item{j, nc, np})
			}
		}
	}
	return r
}

type item struct{ i, cost, prov int }
type queue []item

func (q queue) Len() int { return len(q) }
func (q queue) Less(i, j int) bool {
	return q[i].cost < q[j].cost || q[i].cost == q[j].cost && q[i].prov < q[j].prov
}
func (q queue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)   { *q = append(*q, x.(item)) }
func (q *queue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// moveAlong walks the path a square at a time. Leaving a square next to an enemy lets that
// enemy make an attack of opportunity first (Attacks of Opportunity, p. 20); a defeated
// mover stops there.
func (b *Battle) moveAlong(c *Char, path []Point) {
	if len(path) == 0 {
		return
	}
	from := c.Pos
	// The mover leaves the occupancy grid while it moves (it may pass through allies) and
	// takes its square at the end.
	b.lift(c)
	defer func() {
		if !c.Defeated {
			b.place(c)
		}
	}()
	for _, p := range path {
		if !c.ab.flight && !c.ab.hologram {
			for _, e := range b.chars {
				if e.Side == c.Side || e.Defeated || e.aooTurn == b.turn || !e.canAttack() {
					continue
				}
				if !b.adjacentAt(c.Pos, c.Size, e) {
					continue
				}
				e.aooTurn = b.turn
				b.logf("  %s makes an attack of opportunity as %s moves away", e.Label, c.Label)
				b.attack(e, c, nil, false, true)
				if c.Defeated {
					return
				}
			}
		}
		c.Pos = p
	}
	b.logf("  %s moves from %v to %v", c.Label, from, c.Pos)
}
