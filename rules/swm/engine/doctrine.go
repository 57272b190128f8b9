package engine

// The players' choices that weigh an ability against an attack (docs/swm.md, "The players'
// choices"): an ability is used when the rules make it pay, and never when they cannot.

import (
	"cmp"
	"slices"
)

// canDeflect: the target would answer the attacker's hit with Lightsaber Deflect (a
// nonmelee attack, a Force point left and none spent this turn: spend).
func (b *Battle) canDeflect(att, t *Char) bool {
	return !att.ab.melee && t.ab.deflect && t.Force >= 1 && t.fpTurn != b.turn
}

// gripTargets are the enemies Force Grip could hurt from p: legal targets by the rules for
// attacks (abilityTargets) whom its 10 damage is not all taken from by Damage Reduction.
func (b *Battle) gripTargets(c *Char, p Point) []*Char {
	save := c.ab.melee
	c.ab.melee = false
	ts := b.targets(c, p)
	c.ab.melee = save
	var out []*Char
	for _, t := range ts {
		if b.reduced(nil, p, t.t, forceGripDamage) > 0 {
			out = append(out, t.t)
		}
	}
	return out
}

// canGrip reports whether Force Grip has a target from p (gripTargets is not empty), for
// gripSpot's squares: without sorting the targets or listing them anew.
func (b *Battle) canGrip(c *Char, p Point) bool {
	save := c.ab.melee
	c.ab.melee = false
	ts := b.legalTargets(c, p, b.found[:0])
	b.found = ts
	c.ab.melee = save
	for _, t := range ts {
		if b.reduced(nil, p, t.t, forceGripDamage) > 0 {
			return true
		}
	}
	return false
}

// gripSpot is the square within budget, nearest the enemy, from which Force Grip has a
// target; none when no square has.
func (b *Battle) gripSpot(c *Char, budget int) (Point, bool) {
	field := b.enemyField(c)
	r := b.reachable(c, budget)
	type cand struct {
		p       Point
		d, cost int
	}
	var cs []cand
	for i, v := range r.cost {
		p := Point{i % b.m.W, i / b.m.W}
		if v < 0 || v > 0 && (!b.fits(c, p, false) || b.m.At(p) == Pit || !b.keeps(c, p)) {
			continue
		}
		cs = append(cs, cand{p, fieldAt(field, b.m.W, p, c.Size), v})
	}
	slices.SortStableFunc(cs, func(x, y cand) int { return cmp.Or(cmp.Compare(x.d, y.d), cmp.Compare(x.cost, y.cost)) })
	for i, k := range cs {
		if i >= 60 {
			// The nearest squares to the enemy see it if any do; past them the double
			// move is worth more than a grip from far back.
			break
		}
		if b.canGrip(c, k.p) {
			return k.p, true
		}
	}
	return Point{}, false
}

// shotWorth is an attack's value as targets scores it: the points a defeat would score,
// weighed by the share of the target the attack is expected to take.
func shotWorth(ex float64, t *Char) float64 {
	return ex/float64(max(1, t.HP))*float64(t.Cost) + ex/1000
}

// ownShot is the best attack a character could make on its own turn from where it stands
// (0 with none): what it gives up by combining fire.
func (b *Battle) ownShot(a *Char) float64 {
	if !a.canAttack() {
		return 0
	}
	if t, ok := b.bestTarget(a, a.Pos); ok {
		return t.score
	}
	return 0
}

// healValue is what healing the ally is worth, on the scale of an attack's (shotWorth): the
// damage removed as a share of the Hit Points it will have, times its cost: the nearer the
// ally is to defeat, the more the healing keeps it in play.
func healValue(heal int, a *Char) float64 {
	h := min(heal, a.MaxHP-a.HP)
	if h <= 0 {
		return 0
	}
	return float64(h) / float64(a.HP+h) * float64(a.Cost)
}

// bestHeal is the wounded living ally next to the healer (or the healer itself, as support
// reads Heal) worth healing most, and its value.
func (b *Battle) bestHeal(c *Char) (*Char, float64) {
	var best *Char
	bestV := 0.0
	for _, a := range b.chars {
		if a.Side != c.Side || a.Defeated || a.ab.hologram || !a.living() || a.HP >= a.MaxHP {
			continue
		}
		if a != c && !b.adjacent(c, a) {
			continue
		}
		if v := healValue(c.ab.heal, a); v > bestV {
			best, bestV = a, v
		}
	}
	return best, bestV
}

// harpoonable: the Harpoon Gun's reach, "a target enemy with Mounted Weapon within 6
// squares" (glossary, L593), yet to move this round and not already held.
func (b *Battle) harpoonable(c, t *Char) bool {
	return t.ab.mounted && !t.Activated && t.harpoonRound != b.round && b.rangeTo(c.Pos, c.Size, t) <= 6
}

// harpoonValue is what a Harpoon Gun on the target is worth: "That enemy cannot move this
// round", so what it would gain by moving before it attacks (the best target within its
// Speed over the best from where it stands, as its own players choose: bestSpot), times
// the chance it fails its save of 11 (10 faces of 20). A Heavy Weapon gains nothing by
// moving: it cannot then attack.
func (b *Battle) harpoonValue(c, t *Char) float64 {
	if !b.harpoonable(c, t) || t.ab.heavy || !t.canAttack() {
		return 0
	}
	here := 0.0
	if best, ok := b.bestTarget(t, t.Pos); ok {
		here = best.score
	}
	p, ok := b.bestSpot(t, t.ab.speed)
	if !ok {
		return 0
	}
	there := 0.0
	if best, ok := b.bestTarget(t, p); ok {
		there = best.score
	}
	return 0.5 * max(0, there-here)
}

// aooRisk is what moving away from where c stands is expected to cost: each adjacent enemy
// that can attack makes an attack of opportunity, valued as c's own attacks are (shotWorth).
func (b *Battle) aooRisk(c *Char) float64 {
	risk := 0.0
	for _, e := range b.chars {
		if e.Side == c.Side || e.Defeated || !e.canAttack() || !b.adjacent(c, e) {
			continue
		}
		s := b.aim(e, e.Pos, c, nil)
		ex, _ := b.expected(e, e.Pos, c, s)
		risk += shotWorth(ex, c)
	}
	return risk
}

// anchored is the ally Hologram whose anchor c is: the trooper ally nearest to it (the
// first in the squad among equals), within 2 squares. The anchor keeps within 2 squares
// of it, so that the Hologram is never alone when it activates (glossary, Hologram: "It
// is defeated if it activates when no trooper ally is within 2 squares"); the other
// troopers go where they will. Nil for none.
func (b *Battle) anchored(c *Char) *Char {
	if !c.ab.trooper || c.Defeated {
		return nil
	}
	for _, h := range b.chars {
		if h.Side != c.Side || h.Defeated || !h.ab.hologram {
			continue
		}
		d := b.rangeTo(h.Pos, h.Size, c)
		if d > 2 {
			continue
		}
		first := true
		for _, o := range b.chars {
			if o == c || o.Side != c.Side || o.Defeated || !o.ab.trooper {
				continue
			}
			if od := b.rangeTo(h.Pos, h.Size, o); od < d || od == d && o.ID < c.ID {
				first = false
				break
			}
		}
		if first {
			return h
		}
	}
	return nil
}

// keeps: c may end its move at p without leaving the Hologram it anchors (anchored) alone.
func (b *Battle) keeps(c *Char, p Point) bool {
	h := b.anchorScratch(c)
	return h == nil || b.rangeTo(p, c.Size, h) <= 2
}

// anchorScratch is anchored, kept while no one moves: keeps asks it for every square a
// move considers.
func (b *Battle) anchorScratch(c *Char) *Char {
	k := anchorKey{c, b.moves, b.turn}
	if b.anchor.key != k {
		b.anchor = anchorMemo{k, b.anchored(c)}
	}
	return b.anchor.holo
}

type anchorKey struct {
	c           *Char
	moves, turn int
}

type anchorMemo struct {
	key  anchorKey
	holo *Char
}
