package engine

// Where characters go: the square to attack from, the way toward the enemy, the move
// after an attack.

// bestSpot finds the square within budget with the best target, the nearest first: the
// candidates are ordered by move cost and the first dozen with any target are compared.
func (b *Battle) bestSpot(c *Char, budget int) (Point, bool) {
	best, bestScore, found, tried := Point{}, -1.0, false, 0
	r := b.startReach(c, budget)
	try := func(i int) {
		p := Point{i % b.m.W, i / b.m.W}
		// Whether the character may stop on a square is asked only of the squares the
		// search comes to: the candidates, and their order, are the same as if it were
		// asked of every square first (neither has an effect but its own memo).
		if !b.fits(c, p, false) || b.m.At(p) == Pit || !b.keeps(c, p) {
			return
		}
		if c.ab.melee && !b.nextToEnemy(c, p) {
			return
		}
		t, ok := b.bestTarget(c, p)
		if !ok {
			return
		}
		tried++
		// Each attack of opportunity risked on the way costs the move some value.
		score := t.score - 0.5*float64(r.prov[i])
		if score > bestScore {
			best, bestScore, found = p, score, true
		}
	}
	// The squares reached by risk, then cost, then place on the map. Those with no risk
	// come first, a cost at a time, and the search goes only as far as they need
	// (level); the others, when the dozen are not found among those, by a count of their
	// keys once the search is done. Nothing the loop calls orders squares or searches.
	level, from := b.levelBuf, 0
	for cost := 1; cost <= budget && tried < 12; cost++ {
		level = b.level(r, cost, &from, level)
		for _, i := range level {
			if tried >= 12 {
				break
			}
			try(i)
		}
	}
	b.levelBuf = level
	if tried < 12 {
		b.settle(r, budget)
		o := &b.order
		o.reset()
		for i, v := range r.cost {
			if v > 0 && r.prov[i] > 0 {
				o.add(i, r.prov[i]*(budget+1)+v) // v is at most budget
			}
		}
		for _, i := range o.sorted() {
			if tried >= 12 {
				break
			}
			try(i)
		}
	}
	return best, found
}

// closer is the square within budget nearest (by range, through doors) to the nearest
// enemy, for a character that cannot attack this turn.
func (b *Battle) closer(c *Char, budget int) Point {
	r := b.reachable(c, budget)
	field := b.enemyField(c)
	best, bestD := c.Pos, fieldAt(field, b.m.W, c.Pos, c.Size)
	for i, v := range r.cost {
		if v <= 0 {
			continue
		}
		// Whether the character may stop there is asked only of a square nearer than the
		// best so far: the same square wins (neither question has an effect but its memo).
		p := Point{i % b.m.W, i / b.m.W}
		if d := fieldAt(field, b.m.W, p, c.Size); d < bestD && b.fits(c, p, false) && b.keeps(c, p) {
			best, bestD = p, d
		}
	}
	return best
}

// enemyField is the range from every square to the nearest enemy of c that can be
// attacked, counting closed doors as open (they open for whoever ends a turn next to them).
// It depends on the side and on where everyone stands and which doors are open, so each
// side's is kept until a move (moved): a Hologram's turn asks it of every trooper twice.
// The slice is the battle's, not to be changed.
func (b *Battle) enemyField(c *Char) []int {
	f := &b.fields[c.Side]
	if f.moves == b.moves+1 {
		return f.d
	}
	f.moves = b.moves + 1
	m := b.m
	f.d = grow(f.d, m.W*m.H)
	d := f.d
	for i := range d {
		d[i] = -1
	}
	queue := b.fieldQueue[:0]
	defer func() { b.fieldQueue = queue }()
	for _, e := range b.chars {
		if e.Side == c.Side || e.Defeated || e.ab.hologram {
			continue
		}
		for _, q := range e.squares() {
			if m.in(q) && d[q.Y*m.W+q.X] < 0 {
				d[q.Y*m.W+q.X] = 0
				queue = append(queue, q)
			}
		}
	}
	for h := 0; h < len(queue); h++ {
		q := queue[h]
		for _, s := range orth {
			n := Point{q.X + s.X, q.Y + s.Y}
			if !m.in(n) || d[n.Y*m.W+n.X] >= 0 || b.blocks(n) && m.At(n) != Door {
				continue
			}
			d[n.Y*m.W+n.X] = d[q.Y*m.W+q.X] + 1
			queue = append(queue, n)
		}
	}
	return d
}

// enemyFieldMemo is a side's enemyField, worked out when moves (plus one, so that the zero
// memo holds nothing) was the battle's count of moves.
type enemyFieldMemo struct {
	moves int
	d     []int
}

// fieldAt is the field's least value over a space (unreachable squares count as far).
func fieldAt(f []int, w int, p Point, size int) int {
	best := 1 << 30
	for y := p.Y; y < p.Y+size; y++ { // the space's squares (footprint), without a list
		for x := p.X; x < p.X+size; x++ {
			i := y*w + x
			if i >= 0 && i < len(f) && f[i] >= 0 && f[i] < best {
				best = f[i]
			}
		}
	}
	return best
}

func (b *Battle) nearestEnemy(c *Char, p Point) int {
	return fieldAt(b.enemyField(c), b.m.W, p, c.Size)
}

// moveTo walks the cheapest path to p and returns what the move cost.
func (b *Battle) moveTo(c *Char, p Point, budget int) int {
	if p == c.Pos {
		return 0
	}
	r := b.startReach(c, budget)
	b.settleTo(r, p)
	// The path is the battle's list: nothing on the way (attacks of opportunity) moves.
	cost, path := r.at(p), r.path(p, b.path)
	b.path = path
	b.moveAlong(c, path)
	return cost
}

// afterAttack is the move after an attack (attack then move, or the rest of a Mobile
// Attack): Muster's players step out of sight of as many enemies as the move allows. A
// character next to an enemy stays (leaving would draw attacks of opportunity), and Heavy
// Weapon and Melee Attack characters stay.
func (b *Battle) afterAttack(c *Char, budget int) {
	if budget <= 0 || c.Defeated || c.ab.heavy || c.ab.melee || b.nextToEnemy(c, c.Pos) {
		return
	}
	now := b.watchers(c, c.Pos)
	if now == 0 {
		return
	}
	// The nearest squares first (then in the map's order); a few dozen are enough to find
	// cover if there is any. The search goes a cost at a time, as far as the squares
	// looked at need (settle). Whether the character may stop on a square is asked only
	// of the squares the loop comes to: the candidates, and their order, are the same as
	// if it were asked of every square first (neither has an effect but its own memo).
	r := b.startReach(c, budget)
	best, bestN, n := c.Pos, now, 0
	level, from := b.levelBuf, 0
	for cost := 1; cost <= budget && n < 40 && bestN != 0; cost++ {
		level = b.level(r, cost, &from, level)
		for _, i := range level {
			if n >= 40 || bestN == 0 {
				break
			}
			p := Point{i % b.m.W, i / b.m.W}
			if !b.fits(c, p, false) || b.m.At(p) == Pit || !b.keeps(c, p) {
				continue
			}
			n++
			if w := b.watchers(c, p); w < bestN {
				best, bestN = p, w
			}
		}
	}
	b.levelBuf = level
	if best != c.Pos {
		b.moveTo(c, best, budget)
	}
}

// watchers counts the enemies that could attack a character standing at p: in sight and
// able to attack.
func (b *Battle) watchers(c *Char, p Point) int {
	n := 0
	for _, e := range b.chars {
		if e.Side != c.Side && !e.Defeated && e.canAttack() && b.los(e.Pos, e.Size, p, c.Size) {
			n++
		}
	}
	return n
}
