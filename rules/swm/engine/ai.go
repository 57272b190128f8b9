package engine

import "sort"

// The players' choices. The rulebook leaves them to the players; Muster's players are
// simple and the same for both squads (docs/swm.md): activate first whoever can attack
// now; attack from where it stands if it can (Double Attack then attacks twice), else move
// the shortest way to a square with the best target, spending a Force point for 2 more
// squares if that is what it takes, else close in at double speed.

// target is a legal target seen from a space, with the attack's value.
type target struct {
	t      *Char
	score  float64
	hit    float64
	expect float64
}

// targets lists the legal targets of an attacker standing at p (legal target, glossary):
// line of sight; only adjacent enemies when any is adjacent; an enemy with cover only if
// it is the nearest (ties allowed) unless Accurate Shot; Melee Attack only adjacent;
// never a Hologram.
func (b *Battle) targets(att *Char, p Point) []target {
	var seen, adj []*Char
	for _, e := range b.chars {
		if e.Side == att.Side || e.Defeated || e.ab.hologram {
			continue
		}
		if !b.los(p, att.Size, e.Pos, e.Size) {
			continue
		}
		seen = append(seen, e)
		if touching(p, att.Size, e.Pos, e.Size) {
			adj = append(adj, e)
		}
	}
	cands := seen
	if len(adj) > 0 {
		cands = adj
	} else if att.ab.melee {
		return nil
	}
	nearest := 1 << 30
	dist := map[*Char]int{}
	for _, e := range b.chars {
		if e.Side != att.Side && !e.Defeated && !e.ab.hologram {
			d := b.rangeTo(p, att.Size, e)
			dist[e] = d
			nearest = min(nearest, d)
		}
	}
	var out []target
	for _, e := range cands {
		s := b.aim(att, p, e, nil)
		if s.Cover && len(adj) == 0 && dist[e] > nearest && !att.ab.accurate {
			continue
		}
		ex, hit := b.expected(att, p, e, s)
		// Value: the points a defeat would score, weighed by how much of the target the
		// attack is expected to take.
		score := ex/float64(max(1, e.HP))*float64(e.Cost) + ex/1000
		out = append(out, target{e, score, hit, ex})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].score > out[j].score })
	return out
}

// pick chooses the side's next character to activate: one that can attack from where it
// stands, the best shot first; else the costliest.
func (b *Battle) pick(side int) *Char {
	var best *Char
	bestScore := -1.0
	for _, c := range b.chars {
		if c.Side != side || c.Defeated || c.Activated {
			continue
		}
		score := float64(c.Cost) / 1000
		if c.canAttack() {
			if ts := b.targets(c, c.Pos); len(ts) > 0 {
				score += 1 + ts[0].score
			}
		}
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best
}

// activate plays one character's turn.
func (b *Battle) activate(c *Char) {
	b.turn++
	c.Activated = true
	b.logf(" %s's turn (%d Hit Points, %d Force)", c.Label, c.HP, c.Force)
	defer b.endTurn(c)
	if c.ab.hologram {
		b.hologramTurn(c)
		return
	}
	canMove := c.harpoonRound != b.round
	if c.ab.fireSupport && b.fireSupport(c) {
		return
	}
	if c.canAttack() {
		if ts := b.targets(c, c.Pos); len(ts) > 0 {
			// Attack, then move (Activating Characters): unless Double Attack took the
			// move for a second attack.
			if b.attackPhase(c, ts, false) && canMove {
				b.afterAttack(c, c.ab.speed)
			}
			return
		}
	}
	if !canMove {
		b.logf("  %s is held by a Harpoon Gun and cannot move", c.Label)
		b.support(c)
		return
	}
	speed := c.ab.speed
	if c.canAttack() && !c.ab.heavy {
		if p, ok := b.bestSpot(c, speed); ok {
			used := b.moveTo(c, p, speed)
			b.attackPhase(c, b.targets(c, c.Pos), true)
			if c.ab.mobile {
				// Mobile Attack: the rest of the move after the attack.
				b.afterAttack(c, speed-used)
			}
			return
		}
		// Force points: 2 more squares, as part of the move (Move Faster, p. 22).
		if c.Force > 0 {
			if p, ok := b.bestSpot(c, speed+2); ok && b.spend(c, 1) {
				b.logf("  %s spends a Force point to move 2 extra squares", c.Label)
				used := b.moveTo(c, p, speed+2)
				b.attackPhase(c, b.targets(c, c.Pos), true)
				if c.ab.mobile {
					b.afterAttack(c, speed+2-used)
				}
				return
			}
		}
		// Charging Fire replaces the turn: double speed, then an attack.
		if c.ab.charging {
			if p, ok := b.bestSpot(c, 2*speed); ok {
				b.logf("  %s uses Charging Fire", c.Label)
				b.moveTo(c, p, 2*speed)
				b.attackPhase(c, b.targets(c, c.Pos), true)
				return
			}
		}
		// Force Grip replaces attacks: close in, then grip whoever is in sight.
		if c.ab.forceGrip && c.Force > 0 {
			b.moveTo(c, b.closer(c, speed), speed)
			if ts := b.abilityTargets(c); len(ts) > 0 && b.spend(c, 1) {
				b.logf("  %s uses Force Grip on %s", c.Label, ts[0].Label)
				b.quiet = false
				b.damage(ts[0], 10, "Force Grip")
				return
			}
			b.support(c)
			return
		}
	}
	// Nothing to attack this turn: double move toward the enemy.
	b.moveTo(c, b.closer(c, 2*speed), 2*speed)
	if c.ab.heavy {
		return
	}
}

// attackPhase makes the character's attacks from where it stands: Lightsaber Sweep among
// several adjacent enemies; else one attack, with Double Attack a second if it has not
// moved; replaces-attacks abilities where they are worth more.
// It reports whether the character may still move (it did not attack twice).
func (b *Battle) attackPhase(c *Char, ts []target, moved bool) bool {
	if len(ts) == 0 {
		b.support(c)
		return true
	}
	if c.ab.sweep && len(ts) >= 2 && touching(c.Pos, c.Size, ts[1].t.Pos, ts[1].t.Size) && c.Force > 0 && c.fpTurn != b.turn && b.spend(c, 1) {
		b.logf("  %s uses Lightsaber Sweep", c.Label)
		for _, t := range ts {
			if !c.Defeated && !t.t.Defeated && touching(c.Pos, c.Size, t.t.Pos, t.t.Size) {
				b.attack(c, t.t, nil, false, false)
			}
		}
		return true
	}
	if b.replaceAttacks(c, ts) {
		return true
	}
	attacks := 1
	if c.ab.double && !moved {
		attacks = 2
	}
	for i := range attacks {
		if i > 0 {
			ts = b.targets(c, c.Pos)
			if len(ts) == 0 || c.Defeated || !c.canAttack() {
				return true
			}
		}
		t := ts[0].t
		helpers := b.combineFire(c, t)
		useForce := c.ab.useForce && c.Force >= 3 && c.fpTurn != b.turn && ts[0].hit < 0.5
		b.attack(c, t, helpers, useForce, false)
	}
	return attacks == 1
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
	r := b.reachable(c, budget)
	type cand struct {
		p    Point
		cost int
	}
	var cs []cand
	for i, v := range r.cost {
		p := Point{i % b.m.W, i / b.m.W}
		if v > 0 && r.prov[i] == 0 && b.fits(c, p, false) && b.m.At(p) != Pit {
			cs = append(cs, cand{p, v})
		}
	}
	// The nearest squares first; a few dozen are enough to find cover if there is any.
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].cost < cs[j].cost })
	best, bestN := c.Pos, now
	for i, k := range cs {
		if i >= 40 || bestN == 0 {
			break
		}
		if n := b.watchers(c, k.p); n < bestN {
			best, bestN = k.p, n
		}
	}
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

// combineFire chooses allies to combine fire on this attack (Combined Fire, p. 19):
// unactivated, with line of sight to the target, not Melee Attack and dealing damage;
// Mounted Weapon attackers only with Mounted Weapon allies or adjacent Gunners. Muster's
// players call on an ally only when it has no target of its own from where it stands, and
// only while the shot misses more often than it hits.
func (b *Battle) combineFire(c, t *Char) []*Char {
	if c.ab.melee || *c.Card.Damage == 0 {
		return nil
	}
	var helpers []*Char
	for _, a := range b.chars {
		if a.Side != c.Side || a == c || a.Defeated || a.Activated || a.ab.melee || a.ab.hologram || *a.Card.Damage == 0 {
			continue
		}
		if c.ab.mounted && !a.ab.mounted && !(a.ab.gunner && touching(a.Pos, a.Size, c.Pos, c.Size)) {
			continue
		}
		if !b.los(a.Pos, a.Size, t.Pos, t.Size) {
			continue
		}
		s := b.aim(c, c.Pos, t, helpers)
		if _, hit := b.expected(c, c.Pos, t, s); hit >= 0.5 {
			break
		}
		if a.canAttack() && len(b.targets(a, a.Pos)) > 0 {
			continue
		}
		a.Activated = true
		b.logf("  %s combines fire with %s", a.Label, c.Label)
		helpers = append(helpers, a)
	}
	return helpers
}

// replaceAttacks uses an ability that replaces attacks when it is worth more than the
// attack: Harpoon Gun on a Mounted Weapon enemy yet to move, Grenades on a cluster.
func (b *Battle) replaceAttacks(c *Char, ts []target) bool {
	if c.ab.harpoon {
		for _, t := range ts {
			if t.t.ab.mounted && !t.t.Activated && b.rangeTo(c.Pos, c.Size, t.t) <= 6 {
				b.logf("  %s fires its Harpoon Gun at %s", c.Label, t.t.Label)
				if !b.save(t.t, 11, true) {
					t.t.harpoonRound = b.round
					b.logf("  %s cannot move this round", t.t.Label)
				}
				return true
			}
		}
	}
	if c.ab.grenades > 0 {
		best, bestN := (*Char)(nil), 1
		for _, t := range ts {
			if b.rangeTo(c.Pos, c.Size, t.t) > 6 {
				continue
			}
			n, allies := 1, 0
			for _, o := range b.chars {
				if o != t.t && !o.Defeated && touching(o.Pos, o.Size, t.t.Pos, t.t.Size) {
					if o.Side == c.Side {
						allies++
					} else {
						n++
					}
				}
			}
			if allies == 0 && n > bestN {
				best, bestN = t.t, n
			}
		}
		if best != nil {
			b.logf("  %s throws Grenades %d at %s", c.Label, c.ab.grenades, best.Label)
			var hit []*Char
			for _, o := range b.chars {
				if !o.Defeated && !o.ab.hologram && (o == best || touching(o.Pos, o.Size, best.Pos, best.Size)) {
					hit = append(hit, o)
				}
			}
			for _, o := range hit {
				if !b.save(o, 11, o.Side != c.Side) {
					b.damage(o, b.reduced(nil, c.Pos, o, c.ab.grenades), "Grenades")
				}
			}
			return true
		}
	}
	return false
}

// support is what a character without a target does instead of attacking: Heal or
// Industrial Repair an adjacent wounded ally.
func (b *Battle) support(c *Char) {
	for _, a := range b.chars {
		if a.Side != c.Side || a.Defeated || a.HP >= a.MaxHP || a.ab.hologram {
			continue
		}
		near := a == c || touching(a.Pos, a.Size, c.Pos, c.Size)
		switch {
		case c.ab.heal > 0 && near && a.living():
			a.HP = min(a.MaxHP, a.HP+c.ab.heal)
			b.logf("  %s heals %s to %d Hit Points", c.Label, a.Label, a.HP)
			return
		case c.ab.repair > 0 && a != c && near && (a.ab.mounted || a.ab.machinery):
			a.HP = min(a.MaxHP, a.HP+c.ab.repair)
			b.logf("  %s repairs %s to %d Hit Points", c.Label, a.Label, a.HP)
			return
		}
	}
}

// abilityTargets are the legal targets of a Force power or ability that reaches any
// enemy in sight (the same rules as for attacks), weakest first.
func (b *Battle) abilityTargets(c *Char) []*Char {
	save := c.ab.melee
	c.ab.melee = false
	ts := b.targets(c, c.Pos)
	c.ab.melee = save
	var out []*Char
	for _, t := range ts {
		out = append(out, t.t)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].HP < out[j].HP })
	return out
}

// bestSpot finds the square within budget with the best target, the nearest first: the
// candidates are ordered by move cost and the first dozen with any target are compared.
func (b *Battle) bestSpot(c *Char, budget int) (Point, bool) {
	r := b.reachable(c, budget)
	type cand struct {
		p    Point
		cost int
		prov int
	}
	var cs []cand
	for y := 0; y < b.m.H; y++ {
		for x := 0; x < b.m.W; x++ {
			p := Point{x, y}
			if v := r.at(p); v > 0 && b.fits(c, p, false) && !(b.m.At(p) == Pit) {
				cs = append(cs, cand{p, v, r.prov[y*b.m.W+x]})
			}
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].prov != cs[j].prov {
			return cs[i].prov < cs[j].prov
		}
		return cs[i].cost < cs[j].cost
	})
	best, bestScore, found, tried := Point{}, -1.0, false, 0
	for _, k := range cs {
		if tried >= 12 {
			break
		}
		if c.ab.melee && !b.nextToEnemy(c, k.p) {
			continue
		}
		if !b.seesEnemy(c, k.p) {
			continue
		}
		ts := b.targets(c, k.p)
		if len(ts) == 0 {
			continue
		}
		tried++
		// Each attack of opportunity risked on the way costs the move some value.
		score := ts[0].score - 0.5*float64(k.prov)
		if score > bestScore {
			best, bestScore, found = k.p, score, true
		}
	}
	return best, found
}

func (b *Battle) seesEnemy(c *Char, p Point) bool {
	for _, e := range b.chars {
		if e.Side != c.Side && !e.Defeated && !e.ab.hologram && b.los(p, c.Size, e.Pos, e.Size) {
			return true
		}
	}
	return false
}

// closer is the square within budget nearest (by range, through doors) to the nearest
// enemy, for a character that cannot attack this turn.
func (b *Battle) closer(c *Char, budget int) Point {
	r := b.reachable(c, budget)
	field := b.enemyField(c)
	best, bestD := c.Pos, fieldAt(field, b.m.W, c.Pos, c.Size)
	for i, v := range r.cost {
		p := Point{i % b.m.W, i / b.m.W}
		if v <= 0 || !b.fits(c, p, false) {
			continue
		}
		if d := fieldAt(field, b.m.W, p, c.Size); d < bestD {
			best, bestD = p, d
		}
	}
	return best
}

// enemyField is the range from every square to the nearest enemy of c that can be
// attacked, counting closed doors as open (they open for whoever ends a turn next to them).
func (b *Battle) enemyField(c *Char) []int {
	m := b.m
	d := make([]int, m.W*m.H)
	for i := range d {
		d[i] = -1
	}
	var queue []Point
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
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
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

// fieldAt is the field's least value over a space (unreachable squares count as far).
func fieldAt(f []int, w int, p Point, size int) int {
	best := 1 << 30
	for _, q := range footprint(p, size) {
		i := q.Y*w + q.X
		if i >= 0 && i < len(f) && f[i] >= 0 && f[i] < best {
			best = f[i]
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
	r := b.reachable(c, budget)
	b.moveAlong(c, r.path(p))
	return r.at(p)
}

// hologramTurn: a Hologram is defeated if it activates with no trooper ally within 2
// squares; otherwise it keeps near the troopers (glossary, Hologram).
func (b *Battle) hologramTurn(c *Char) {
	near := 1 << 30
	for _, a := range b.chars {
		if a.Side == c.Side && a != c && !a.Defeated && a.ab.trooper {
			near = min(near, b.rangeTo(c.Pos, c.Size, a))
		}
	}
	if near > 2 {
		c.Defeated = true
		b.lift(c)
		b.logf("  %s has no trooper ally within 2 squares and is defeated", c.Label)
		return
	}
	// Keep within 2 squares of the trooper ally nearest the enemy, as close to it as the
	// Speed allows, so that the Hologram survives its next activation.
	var lead *Char
	for _, a := range b.chars {
		if a.Side == c.Side && a != c && !a.Defeated && a.ab.trooper && (lead == nil || b.nearestEnemy(a, a.Pos) < b.nearestEnemy(lead, lead.Pos)) {
			lead = a
		}
	}
	r := b.reachable(c, c.ab.speed)
	best, bestD := c.Pos, b.rangeTo(c.Pos, c.Size, lead)
	for i, v := range r.cost {
		p := Point{i % b.m.W, i / b.m.W}
		if v <= 0 || !b.fits(c, p, false) {
			continue
		}
		if d := b.rangeTo(p, c.Size, lead); d < bestD {
			best, bestD = p, d
		}
	}
	b.moveTo(c, best, c.ab.speed)
}

// endTurn: doors open when a character ends a turn next to them and close when no one is
// (Doors, p. 26); a character that ends its turn in a pit is defeated.
func (b *Battle) endTurn(c *Char) {
	if !c.Defeated && !c.ab.hologram {
		for _, q := range c.squares() {
			if b.m.At(q) == Pit {
				c.Defeated = true
				b.lift(c)
				b.logf("  %s ends its turn in a pit and is defeated", c.Label)
				break
			}
		}
	}
	changed := false
	for y := 0; y < b.m.H; y++ {
		for x := 0; x < b.m.W; x++ {
			p := Point{x, y}
			if b.m.At(p) != Door {
				continue
			}
			open := false
			for _, o := range b.chars {
				if !o.Defeated && !o.ab.hologram && onOrNext(p, o) {
					open = true
				}
			}
			if open != b.doorOpen[p] {
				b.doorOpen[p] = open
				changed = true
			}
		}
	}
	if changed {
		b.distCache = map[spaceKey][]int{}
		b.losCache = map[losKey]bool{}
	}
}

// onOrNext reports a character on the square or next to it.
func onOrNext(p Point, c *Char) bool {
	return p.X >= c.Pos.X-1 && p.X <= c.Pos.X+c.Size && p.Y >= c.Pos.Y-1 && p.Y <= c.Pos.Y+c.Size
}

// fireSupport uses Fire Support Mission (replaces turn) when it is worth more than an attack
// from where the character stands: a target in sight (adjacent enemies first; cover does
// not matter); it and everyone within 2 squares take 60, or 10 with a save of 6. Not an
// attack.
func (b *Battle) fireSupport(c *Char) bool {
	worth := func(x *Char) float64 {
		// The expected damage (60 on a failed save, 5 faces of 20; else 10) as a share of
		// what is left, times the cost.
		e := min(float64(x.HP), (5*60.0+15*10.0)/20)
		return e / float64(max(1, x.HP)) * float64(x.Cost)
	}
	var adj, seen []*Char
	for _, e := range b.chars {
		if e.Side == c.Side || e.Defeated || e.ab.hologram || !b.los(c.Pos, c.Size, e.Pos, e.Size) {
			continue
		}
		seen = append(seen, e)
		if touching(c.Pos, c.Size, e.Pos, e.Size) {
			adj = append(adj, e)
		}
	}
	if len(adj) > 0 {
		seen = adj
	}
	var best *Char
	bestV := 0.0
	if c.canAttack() {
		if ts := b.targets(c, c.Pos); len(ts) > 0 {
			bestV = ts[0].score
		}
	}
	for _, t := range seen {
		v := 0.0
		for _, x := range b.blast(t, 2) {
			if x.Side == c.Side {
				v -= worth(x)
			} else {
				v += worth(x)
			}
		}
		if v > bestV {
			best, bestV = t, v
		}
	}
	if best == nil {
		return false
	}
	b.logf("  %s calls a Fire Support Mission on %s", c.Label, best.Label)
	for _, x := range b.blast(best, 2) {
		dmg := 60
		if b.save(x, 6, x.Side != c.Side) {
			dmg = 10
		}
		b.damage(x, b.reduced(nil, c.Pos, x, dmg), "the Fire Support Mission")
	}
	return true
}

// blast lists the characters within n squares of the target (range counted around walls),
// the target first; Holograms cannot be damaged.
func (b *Battle) blast(t *Char, n int) []*Char {
	out := []*Char{t}
	for _, x := range b.chars {
		if x != t && !x.Defeated && !x.ab.hologram && b.rangeTo(t.Pos, t.Size, x) <= n {
			out = append(out, x)
		}
	}
	return out
}
