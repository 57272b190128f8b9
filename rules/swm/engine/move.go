package engine

import "sync/atomic"

// Movement (rulebook, Movement pp. 4-5 and 14; Terrain pp. 23-26): a step to a side costs
// 1, a diagonal 2; entering low objects or difficult terrain doubles it; a diagonal may not
// pass a wall's corner; allies may be passed through but not stopped on; enemies, walls
// and pits block (Flight passes enemies, low objects, difficult terrain and pits; a
// Hologram ignores all terrain); a big character pays for terrain if any square of its
// space enters it and may not enter a square with an enemy.

var steps = [...]Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// reach is where a character can go this turn: the cost of the cheapest path to each
// top-left position and the path's previous position.
type reach struct {
	key  reachKey // the question answered (reachable)
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

// How a character moves, for the step tables: walkers pay for terrain and are stopped by
// enemies and pits; Flight passes enemies, pits and terrain costs; a Hologram ignores all
// terrain.
const (
	walker = iota
	flier
	ghost
	movers
)

func moverOf(c *Char) int {
	switch {
	case c.ab.hologram:
		return ghost
	case c.ab.flight:
		return flier
	}
	return walker
}

// staticStep is the cost of a mover's space of the size moving from p by s on the view's
// squares (without the characters), or -1 when the squares do not allow the step: every
// square of the new space on the map and open to it, no diagonal past the corner of a wall
// (both spaces beside the step free of walls), double for entering low objects or difficult
// terrain with any new square.
func (v *view) staticStep(mover, size int, p, s Point) int {
	n := Point{p.X + s.X, p.Y + s.Y}
	if n.X < 0 || n.Y < 0 || n.X+size > v.w || n.Y+size > v.h {
		return -1
	}
	if mover != ghost {
		for y := n.Y; y < n.Y+size; y++ {
			for x := n.X; x < n.X+size; x++ {
				i := y*v.w + x
				if v.blocks[i] || mover == walker && v.cells[i] == Pit {
					return -1
				}
			}
		}
	}
	cost := 1
	if s.X != 0 && s.Y != 0 {
		cost = 2
		if mover != ghost && (v.spaceBlocked(Point{p.X + s.X, p.Y}, size) || v.spaceBlocked(Point{p.X, p.Y + s.Y}, size)) {
			return -1
		}
	}
	if mover == walker {
		for y := n.Y; y < n.Y+size; y++ {
			for x := n.X; x < n.X+size; x++ {
				if x >= p.X && x < p.X+size && y >= p.Y && y < p.Y+size {
					continue // not newly entered
				}
				if t := v.cells[y*v.w+x]; t == Low || t == Difficult {
					return 2 * cost
				}
			}
		}
	}
	return cost
}

// spaceBlocked reports a wall or closed door (or the map's edge) in the space at p.
func (v *view) spaceBlocked(p Point, size int) bool {
	for y := p.Y; y < p.Y+size; y++ {
		for x := p.X; x < p.X+size; x++ {
			if v.blocked(x, y) {
				return true
			}
		}
	}
	return false
}

// stepTable is the view's table of staticStep for the mover and size (nil for a size the
// tables do not hold): by square, the costs of its eight steps (steps), four bits each
// (the cost + 2; 0 until the square is first asked for, by stepsFrom).
func (v *view) stepTable(mover, size int) []atomic.Uint32 {
	if size < 1 || size > maxSpace {
		return nil
	}
	return stepTableOf(&v.steps[mover][size-1], v.w*v.h)
}

// stepTableOf is the step table at tab, made on first asking.
func stepTableOf(tab *atomic.Pointer[[]atomic.Uint32], n int) []atomic.Uint32 {
	if t := tab.Load(); t != nil {
		return *t
	}
	t := make([]atomic.Uint32, n)
	if !tab.CompareAndSwap(nil, &t) {
		return *tab.Load()
	}
	return t
}

// stepsFrom is the square's entry in a step table, worked out the first time it is asked.
// staticStep looks no farther than a square round the space, so where no door is that
// near, the entry is the same with any doors open, and it is kept in the terrain's table
// too, for the other door states.
func (v *view) stepsFrom(tab []atomic.Uint32, mover, size, i int) uint32 {
	if e := tab[i].Load(); e != 0 {
		return e
	}
	x, y := i%v.w, i/v.w
	var shared *atomic.Uint32
	if size <= maxSpace && !v.ter.doorWithin(x-1, y-1, x+size+1, y+size+1) {
		shared = &stepTableOf(&v.ter.steps[mover][size-1], v.w*v.h)[i]
		if e := shared.Load(); e != 0 {
			tab[i].Store(e)
			return e
		}
	}
	var e uint32
	for k, s := range steps {
		e |= uint32(v.staticStep(mover, size, Point{x, y}, s)+2) << (4 * k)
	}
	tab[i].Store(e)
	if shared != nil {
		shared.Store(e)
	}
	return e
}

// stepCost is the cost of moving the character's space from p by s (one of steps), or -1
// when the step is not allowed: the squares allow it (staticStep), and no enemy stands in
// the way of a walker (markEnemies). reachable asks the same of every step it takes.
func (b *Battle) stepCost(c *Char, p, s Point) int {
	sc := b.view.staticStep(moverOf(c), c.Size, p, s)
	if sc < 0 || c.ab.flight || c.ab.hologram {
		return sc
	}
	b.markEnemies(c)
	if b.marks[(p.Y+s.Y)*b.m.W+p.X+s.X]&markEnemy != 0 {
		return -1
	}
	return sc
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

// Marks on the squares for reachable, by position of the character's space (markEnemies).
const (
	markNext  = 1 << iota // the space touches an enemy (nextToEnemy)
	markEnemy             // an enemy stands in the space
)

// markEnemies sets b.marks for every position of the character's space on the map: what
// reachable asks of every square it leaves and every step it takes.
func (b *Battle) markEnemies(c *Char) {
	m := b.m
	b.marks = grow(b.marks, m.W*m.H)
	clear(b.marks)
	for _, e := range b.chars {
		if e.Side == c.Side {
			continue
		}
		if !e.Defeated {
			for y := max(0, e.Pos.Y-c.Size); y <= min(m.H-1, e.Pos.Y+e.Size); y++ {
				for x := max(0, e.Pos.X-c.Size); x <= min(m.W-1, e.Pos.X+e.Size); x++ {
					if touching(Point{x, y}, c.Size, e.Pos, e.Size) {
						b.marks[y*m.W+x] |= markNext
					}
				}
			}
		}
		if b.occ[e.Pos.Y*m.W+e.Pos.X] == e.ID+1 { // on the grid
			for y := max(0, e.Pos.Y-c.Size+1); y <= min(m.H-1, e.Pos.Y+e.Size-1); y++ {
				for x := max(0, e.Pos.X-c.Size+1); x <= min(m.W-1, e.Pos.X+e.Size-1); x++ {
					b.marks[y*m.W+x] |= markEnemy
				}
			}
		}
	}
}

// grow is s with length n, reusing its array when it is big enough.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// reachable runs Dijkstra from the character's position up to budget. The answer is the
// battle's one reach, overwritten by the next call. It depends on the character, the budget
// and where everyone stands and which doors are open (moved counts their changes), so the
// last answer is kept for the same question: a move asks again for what choosing the square
// just asked (bestSpot, closer or afterAttack, then moveTo).
func (b *Battle) reachable(c *Char, budget int) *reach {
	r := &b.reach
	k := reachKey{c, budget, b.moves}
	if r.key == k {
		return r
	}
	r.key = k
	n := b.m.W * b.m.H
	r.w = b.m.W
	r.cost, r.prov, r.prev = grow(r.cost, n), grow(r.prov, n), grow(r.prev, n)
	if len(b.unreached) != n {
		b.unreached = make([]int, n)
		for i := range b.unreached {
			b.unreached[i] = -1
		}
	}
	copy(r.cost, b.unreached)
	copy(r.prev, b.unreached)
	clear(r.prov)
	b.markEnemies(c)
	var offset [len(steps)]int
	for k, s := range steps {
		offset[k] = s.Y*b.m.W + s.X
	}
	mover := moverOf(c)
	tab := b.view.stepTable(mover, c.Size)
	walks := !c.ab.flight && !c.ab.hologram
	start := c.Pos.Y*b.m.W + c.Pos.X
	r.cost[start] = 0
	pq := append(b.queue[:0], item{start, 0, 0})
	for len(pq) > 0 {
		var it item
		it, pq = pq.pop()
		if it.cost != r.cost[it.i] || it.prov != r.prov[it.i] {
			continue
		}
		leaving := 0
		if !c.ab.flight && b.marks[it.i]&markNext != 0 {
			leaving = 1
		}
		var costs uint32
		if tab != nil {
			costs = b.view.stepsFrom(tab, mover, c.Size, it.i)
		}
		for k := range len(steps) {
			var sc int
			if tab != nil {
				sc = int(costs>>(4*k)&15) - 2
			} else {
				sc = b.view.staticStep(mover, c.Size, Point{it.i % b.m.W, it.i / b.m.W}, steps[k])
			}
			if sc < 0 || it.cost+sc > budget {
				continue
			}
			j := it.i + offset[k]
			if walks && b.marks[j]&markEnemy != 0 {
				continue
			}
			nc, np := it.cost+sc, it.prov+leaving
			if r.cost[j] < 0 || nc < r.cost[j] || nc == r.cost[j] && np < r.prov[j] {
				r.cost[j], r.prov[j], r.prev[j] = nc, np, it.i
				pq = pq.push(item{j, nc, np})
			}
		}
	}
	b.queue = pq
	return r
}

// reachKey is a reachable question: who, how far, and with everyone where moved left them.
type reachKey struct {
	c      *Char
	budget int
	moves  int
}

// item is a position on reachable's queue with the path's cost and risk when it was queued.
type item struct{ i, cost, prov int }

// queue is a binary heap of items, the cheapest (then the least risky) first. It is
// container/heap's algorithm written for items: among equals the order of the pops, and so
// the paths chosen, are exactly the ones container/heap gave.
type queue []item

func (q queue) less(i, j int) bool {
	return q[i].cost < q[j].cost || q[i].cost == q[j].cost && q[i].prov < q[j].prov
}

func (q queue) push(x item) queue {
	q = append(q, x)
	for j := len(q) - 1; ; {
		i := (j - 1) / 2 // parent
		if i == j || !q.less(j, i) {
			break
		}
		q[i], q[j] = q[j], q[i]
		j = i
	}
	return q
}

func (q queue) pop() (item, queue) {
	n := len(q) - 1
	q[0], q[n] = q[n], q[0]
	for i := 0; ; {
		j1 := 2*i + 1
		if j1 >= n || j1 < 0 {
			break
		}
		j := j1 // left child
		if j2 := j1 + 1; j2 < n && q.less(j2, j1) {
			j = j2 // right child
		}
		if !q.less(j, i) {
			break
		}
		q[i], q[j] = q[j], q[i]
		i = j
	}
	return q[n], q[:n]
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
				b.note(tAoO)
				if b.log {
					b.logf("  %s makes an attack of opportunity as %s moves away", e.Label, c.Label)
				}
				b.attack(e, c, nil, false, true)
				if c.Defeated {
					return
				}
			}
		}
		if b.trace != nil {
			b.trace.step(c, p)
		}
		c.Pos = p
		b.moved()
	}
	if b.log {
		b.logf("  %s moves from %v to %v", c.Label, from, c.Pos)
	}
}
