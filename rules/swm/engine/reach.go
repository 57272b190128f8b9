package engine

import (
	"slices"
	"sync/atomic"
)

// Where a character can go: Dijkstra over the positions of its space, which can stop once
// every position up to a cost is settled and go on later (afterAttack looks at the nearest
// squares first and seldom needs the far ones).

// reach is where a character can go this turn: the cost of the cheapest path to each
// top-left position and the path's previous position; with the search's state while it
// is not finished.
type reach struct {
	key  reachKey // the question answered (reachable)
	w    int
	cost []int
	prov []int // steps on the path that leave a square next to an enemy (to avoid)
	prev []int

	// The search: what it asks of each step, the queue, and the positions settled, in
	// the order they were.
	c       *Char
	mover   int
	tab     []atomic.Uint32 // the view's step table (nil: staticStep)
	walks   bool
	offset  [len(steps)]int
	pq      queue
	settled []int
}

func (r *reach) at(p Point) int { return r.cost[p.Y*r.w+p.X] }

// path returns the positions from the start to p, the start excluded, in out's array.
func (r *reach) path(p Point, out []Point) []Point {
	out = out[:0]
	for i := p.Y*r.w + p.X; r.prev[i] >= 0; i = r.prev[i] {
		out = append(out, Point{i % r.w, i / r.w})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// reachKey is a reachable question: who, how far, and with everyone where moved left them.
type reachKey struct {
	c      *Char
	budget int
	moves  int
}

// reachable runs Dijkstra from the character's position up to budget. The answer is the
// battle's one reach, overwritten by the next call. It depends on the character, the budget
// and where everyone stands and which doors are open (moved counts their changes), so the
// last answer is kept for the same question: a move asks again for what choosing the square
// just asked (bestSpot, closer or afterAttack, then moveTo).
func (b *Battle) reachable(c *Char, budget int) *reach {
	r := b.startReach(c, budget)
	b.settle(r, budget)
	return r
}

// startReach is the reach for the question, kept or new (only the start queued). Between
// it and the last settle, nothing may ask reachable another question.
func (b *Battle) startReach(c *Char, budget int) *reach {
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
	for k, s := range steps {
		r.offset[k] = s.Y*b.m.W + s.X
	}
	r.c, r.mover = c, moverOf(c)
	r.tab = b.view.stepTable(r.mover, c.Size)
	r.walks = !c.ab.flight && !c.ab.hologram
	start := c.Pos.Y*b.m.W + c.Pos.X
	r.cost[start] = 0
	r.pq = append(r.pq[:0], item{start, 0, 0})
	if cap(r.settled) < n {
		r.settled = make([]int, 0, n) // a position is settled once
	}
	r.settled = r.settled[:0]
	return r
}

// settle goes on with the search until every position of cost up to limit is settled (its
// cost, risk and path final): the queue holds nothing cheaper. Stopped and gone on with,
// the search takes exactly the steps of one run through.
func (b *Battle) settle(r *reach, limit int) {
	c, budget, mover, tab := r.c, r.key.budget, r.mover, r.tab
	pq := r.pq
	for len(pq) > 0 && pq[0].cost <= limit {
		var it item
		it, pq = pq.pop()
		if it.cost != r.cost[it.i] || it.prov != r.prov[it.i] {
			continue
		}
		r.settled = append(r.settled, it.i)
		leaving := 0
		if !c.ab.flight && b.marks[it.i]&markNext != 0 {
			leaving = 1
		}
		// The eight steps' costs, four bits each (the cost + 2): the table's, or worked
		// out alike for a space too big for the tables.
		var costs uint32
		if tab != nil {
			costs = b.view.stepsFrom(tab, mover, c.Size, it.i)
		} else {
			for k, s := range steps {
				costs |= uint32(b.view.staticStep(mover, c.Size, Point{it.i % b.m.W, it.i / b.m.W}, s)+2) << (4 * k)
			}
		}
		room := uint(budget - it.cost) // it.cost is at most budget
		for k := range len(steps) {
			sc := int(costs>>(4*k)&15) - 2
			if uint(sc) > room { // a step not allowed (-1) is a very large uint
				continue
			}
			j := it.i + r.offset[k]
			if r.walks && b.marks[j]&markEnemy != 0 {
				continue
			}
			nc, np := it.cost+sc, it.prov+leaving
			if r.cost[j] < 0 || nc < r.cost[j] || nc == r.cost[j] && np < r.prov[j] {
				r.cost[j], r.prov[j], r.prev[j] = nc, np, it.i
				pq = pq.push(item{j, nc, np})
			}
		}
	}
	r.pq = pq
}

// level is the positions of the cost with no risk (prov 0) on their paths, in the map's
// order, settling the search as far as that cost first. The costs are asked in order from
// 1, with from (0 at first) kept between calls: the positions are settled in order of cost,
// so the level's are found from where the last one's ended, whether the search was just
// begun or kept from an earlier question.
func (b *Battle) level(r *reach, cost int, from *int, out []int) []int {
	b.settle(r, cost)
	out = out[:0]
	k := *from
	for ; k < len(r.settled) && r.cost[r.settled[k]] <= cost; k++ {
		if i := r.settled[k]; r.cost[i] == cost && r.prov[i] == 0 {
			out = append(out, i)
		}
	}
	*from = k
	slices.Sort(out)
	return out
}

// settleTo goes on with the search until the position at p is settled (or the search ends).
func (b *Battle) settleTo(r *reach, p Point) {
	i := p.Y*r.w + p.X
	for len(r.pq) > 0 && (r.cost[i] < 0 || r.pq[0].cost <= r.cost[i]) {
		b.settle(r, r.pq[0].cost)
	}
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
