package engine

import (
	"cmp"
	"slices"
)

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
// never a Hologram. The best attack first (among equals, in the characters' order).
func (b *Battle) targets(att *Char, p Point) []target {
	out := b.legalTargets(att, p, nil)
	slices.SortStableFunc(out, func(x, y target) int { return cmp.Compare(y.score, x.score) })
	return out
}

// bestTarget is targets' first, for the many choices that weigh only the best attack from a
// square: the first of the best score in legalTargets' order, as the stable sort puts first,
// without the sort or a list of its own (it reuses the battle's).
func (b *Battle) bestTarget(att *Char, p Point) (target, bool) {
	ts := b.legalTargets(att, p, b.found[:0])
	b.found = ts
	if len(ts) == 0 {
		return target{}, false
	}
	best := ts[0]
	for _, t := range ts[1:] {
		if cmp.Compare(t.score, best.score) > 0 {
			best = t
		}
	}
	return best, true
}

// legalTargets appends the legal targets of an attacker at p to out (a new list when out
// is nil), in the characters' order (targets).
func (b *Battle) legalTargets(att *Char, p Point, out []target) []target {
	// seen, adj and ranges are the battle's scratch lists: nothing legalTargets calls asks
	// for targets again.
	seen, adj := b.seen[:0], b.adj[:0]
	defer func() { b.seen, b.adj = seen, adj }()
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
	if len(cands) == 0 {
		return out
	}
	// The ranges to the enemies matter only for a target with cover (the nearest-target
	// rule): they are worked out for the first one.
	nearest, dist := -1, b.ranges // dist by character ID
	if out == nil {
		out = make([]target, 0, len(cands))
	}
	for _, e := range cands {
		s := b.aim(att, p, e, nil)
		if s.Cover && len(adj) == 0 && !att.ab.accurate {
			if nearest < 0 {
				nearest, dist = b.enemyRanges(att, p)
			}
			if dist[e.ID] > nearest {
				continue
			}
		}
		ex, hit := b.expected(att, p, e, s)
		// Value: the points a defeat would score, weighed by how much of the target the
		// attack is expected to take.
		score := shotWorth(ex, e)
		out = append(out, target{e, score, hit, ex})
	}
	return out
}

// enemyRanges is the range from an attacker at p to each enemy in play (by character ID, in
// the battle's list) and the least of them.
func (b *Battle) enemyRanges(att *Char, p Point) (int, []int) {
	nearest := 1 << 30
	dist := grow(b.ranges, len(b.chars))
	b.ranges = dist
	from := b.dist(p, att.Size) // rangeTo's counts from p, looked up once for every enemy
	for _, e := range b.chars {
		if e.Side != att.Side && !e.Defeated && !e.ab.hologram {
			d := b.nearest(from, e)
			dist[e.ID] = d
			nearest = min(nearest, d)
		}
	}
	return nearest, dist
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
		if c.ab.hologram {
			// A Hologram follows its troopers: it activates after them, so that it ends
			// its turn where they ended theirs (hologramTurn).
			score = -1 + score
		}
		if c.canAttack() {
			if t, ok := b.bestTarget(c, c.Pos); ok {
				score += 1 + t.score
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
	defer b.endTurn(c)
	if b.audit != nil {
		if h := b.anchored(c); h != nil {
			defer func() {
				if !c.Defeated && b.anchored(c) != h && b.rangeTo(h.Pos, h.Size, c) > 2 && !h.Defeated {
					b.note(badAnchor)
				}
			}()
		}
	}
	if c.ab.hologram {
		// A Hologram has no Hit Points to count: it cannot be damaged (glossary).
		b.logf(" %s's turn (a Hologram)", c.Label)
		b.hologramTurn(c)
		return
	}
	if b.log {
		b.logf(" %s's turn (%d Hit Points, %d Force)", c.Label, c.HP, c.Force)
	}
	canMove := c.harpoonRound != b.round
	if c.ab.fireSupport && b.fireSupport(c) {
		return
	}
	if c.canAttack() {
		if ts := b.targets(c, c.Pos); len(ts) > 0 {
			if canMove && b.breakAway(c, ts) {
				return
			}
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
		// Force Grip replaces attacks: move (a single move) to the square nearest the
		// enemy from which an enemy it can hurt is in sight, and grip; with no such square
		// the double move below closes in instead.
		if c.ab.forceGrip && c.Force > 0 && c.fpTurn != b.turn {
			if p, ok := b.gripSpot(c, speed); ok {
				b.note(tGripChance)
				b.moveTo(c, p, speed)
				if c.Defeated {
					return
				}
				if b.forceGrip(c) {
					b.note(tGrip)
				} else {
					b.note(badGripMove)
					b.support(c)
				}
				return
			}
		}
	}
	// Nothing to attack this turn: double move toward the enemy.
	b.moveTo(c, b.closer(c, 2*speed), 2*speed)
	if c.ab.heavy {
		return
	}
}

// breakAway moves a character next to an enemy to a square with a better target and
// attacks from there, when that target is worth more than the attack from where it stands
// (two with Double Attack) plus the attacks of opportunity leaving will draw (aooRisk). A
// Heavy Weapon cannot attack after moving; a Flight character draws none and is left to
// the usual choices.
func (b *Battle) breakAway(c *Char, ts []target) bool {
	if c.ab.heavy || c.ab.flight || !b.nextToEnemy(c, c.Pos) {
		return false
	}
	stay := ts[0].score
	if c.ab.double {
		stay *= 2
	}
	risk := b.aooRisk(c)
	p, ok := b.bestSpot(c, c.ab.speed)
	if !ok {
		return false
	}
	there, ok := b.bestTarget(c, p)
	if !ok || there.score-risk <= stay {
		return false
	}
	b.note(tAoOMove)
	b.logf("  %s moves away from the enemy next to it for a better target", c.Label)
	used := b.moveTo(c, p, c.ab.speed)
	b.attackPhase(c, b.targets(c, c.Pos), true)
	if c.ab.mobile {
		b.afterAttack(c, c.ab.speed-used)
	}
	return true
}

// attackPhase makes the character's attacks from where it stands: Lightsaber Sweep among
// several adjacent enemies; else one attack, with Double Attack a second if it has not
// moved; replaces-attacks abilities where they are worth more.
// It reports whether the character may still move (it did not attack twice, and was not
// defeated on its way).
func (b *Battle) attackPhase(c *Char, ts []target, moved bool) bool {
	if c.Defeated {
		// Defeated by an attack of opportunity on the way: removed from the map (L197).
		return false
	}
	if len(ts) == 0 {
		b.support(c)
		return true
	}
	if c.ab.heal > 0 {
		// Heal replaces the attack when the ally it keeps in play is worth more.
		if a, v := b.bestHeal(c); a != nil {
			b.note(tHealChance)
			if v > ts[0].score {
				b.note(tHeal)
				b.support(c)
				return true
			}
		}
	}
	sweepable := c.ab.sweep && len(ts) >= 2 && touching(c.Pos, c.Size, ts[1].t.Pos, ts[1].t.Size) && c.Force > 0 && c.fpTurn != b.turn
	if sweepable {
		b.note(tSweepChance)
	}
	if c.ab.sweep && len(ts) >= 2 && touching(c.Pos, c.Size, ts[1].t.Pos, ts[1].t.Size) && c.Force > 0 && c.fpTurn != b.turn && b.spend(c, 1) {
		b.logf("  %s uses Lightsaber Sweep", c.Label)
		b.note(tSweep)
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
		b.note(tDoubleChance)
	}
	for i := range attacks {
		if i > 0 {
			ts = b.targets(c, c.Pos)
			if len(ts) == 0 || c.Defeated || !c.canAttack() {
				return true
			}
			b.note(tDouble)
		}
		t := ts[0].t
		// Use the Force when the attack misses more often than it hits, never against a
		// target that can deflect it: Lightsaber Deflect makes the 3 Force points a save
		// of 11 away from nothing.
		useForce := c.ab.useForce && c.Force >= 3 && c.fpTurn != b.turn && ts[0].hit < 0.5 && !b.canDeflect(c, t)
		var helpers []*Char
		if !useForce {
			// Use the Force hits automatically: allies combining fire would spend their
			// activations on a roll that is never made.
			helpers = b.combineFire(c, t)
		}
		b.attack(c, t, helpers, useForce, false)
	}
	return attacks == 1
}

// forceGripDamage is Force Grip's printed damage: "spend 1 Force point to deal 10 damage to
// any enemy within line of sight" (Quick Start, Darth Vader's Force powers).
const forceGripDamage = 10

// forceGrip uses Force Grip on the enemy in sight it hurts most (the weakest first among
// equals). Its 10 is damage like any other, so Damage Reduction takes from it (glossary:
// "When this character would take damage, reduce the damage dealt"); the exception for
// adjacent enemies with lightsabers is for attacks, and Force Grip is not one. No Force
// point is spent on an enemy it cannot hurt.
func (b *Battle) forceGrip(c *Char) bool {
	var best *Char
	bestDmg := 0
	for _, t := range b.gripTargets(c, c.Pos) {
		if d := min(b.reduced(nil, c.Pos, t, forceGripDamage), t.HP); d > bestDmg {
			best, bestDmg = t, d
		}
	}
	if best == nil || !b.spend(c, 1) {
		return false
	}
	b.logf("  %s uses Force Grip on %s", c.Label, best.Label)
	b.damage(best, b.reduced(nil, c.Pos, best, forceGripDamage), "Force Grip")
	return true
}
