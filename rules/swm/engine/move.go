package engine

import "sync/atomic"

// Movement (rulebook, Movement pp. 4-5 and 14; Terrain pp. 23-26): a step to a side costs
// 1, a diagonal 2; entering low objects or difficult terrain doubles it; a diagonal may not
// pass a wall's corner; allies may be passed through but not stopped on; enemies, walls
// and pits block (Flight passes enemies, low objects, difficult terrain and pits; a
// Hologram ignores all terrain); a big character pays for terrain if any square of its
// space enters it and may not enter a square with an enemy.

var steps = [...]Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

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
			// The positions touching the enemy's space are the ring round the box from
			// (x0, y0) to (x1, y1), on the map (touching).
			x0, x1 := e.Pos.X-c.Size, e.Pos.X+e.Size
			y0, y1 := e.Pos.Y-c.Size, e.Pos.Y+e.Size
			for y := max(0, y0); y <= min(m.H-1, y1); y++ {
				row := b.marks[y*m.W : (y+1)*m.W]
				if y == y0 || y == y1 {
					for x := max(0, x0); x <= min(m.W-1, x1); x++ {
						row[x] |= markNext
					}
					continue
				}
				if x0 >= 0 {
					row[x0] |= markNext
				}
				if x1 < m.W {
					row[x1] |= markNext
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
