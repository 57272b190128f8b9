package engine

// Combined fire and the abilities that replace attacks or the turn.

import (
	"cmp"
	"slices"
)

// combineFire chooses allies to combine fire on this attack (Combined Fire, p. 19):
// unactivated, with line of sight to the target, not Melee Attack, dealing damage and able
// to attack; Mounted Weapon attackers only with Mounted Weapon allies or adjacent Gunners.
// Muster's players call on an ally when the +4 it gives is worth more than the attack it
// gives up: the attack's value (shotWorth) gains more with the ally than the best attack
// the ally could make from where it stands. Those with the least to give up are asked
// first.
func (b *Battle) combineFire(c, t *Char) []*Char {
	if c.ab.melee || *c.Card.Damage == 0 {
		return nil
	}
	type cand struct {
		a   *Char
		own float64
	}
	var cs []cand
	for _, a := range b.chars {
		// Combined fire pools attacks (p. 19): a character that cannot attack (a Hologram,
		// or Fragile below its number: "can no longer attack") has none to pool.
		if a.Side != c.Side || a == c || a.Defeated || a.Activated || a.ab.melee || !a.canAttack() || *a.Card.Damage == 0 {
			continue
		}
		if c.ab.mounted && !a.ab.mounted && !(a.ab.gunner && b.adjacent(a, c)) {
			continue
		}
		if !b.los(a.Pos, a.Size, t.Pos, t.Size) {
			continue
		}
		cs = append(cs, cand{a, b.ownShot(a)})
	}
	if len(cs) == 0 {
		return nil
	}
	b.note(tCombinedChance)
	slices.SortStableFunc(cs, func(x, y cand) int { return cmp.Compare(x.own, y.own) })
	var helpers []*Char
	value := func(hs []*Char) float64 {
		ex, _ := b.expected(c, c.Pos, t, b.aim(c, c.Pos, t, hs))
		return shotWorth(ex, t)
	}
	now := value(nil)
	for _, k := range cs {
		next := value(append(helpers[:len(helpers):len(helpers)], k.a))
		if next-now <= k.own {
			continue
		}
		k.a.Activated = true
		b.logf("  %s combines fire with %s", k.a.Label, c.Label)
		helpers = append(helpers, k.a)
		now = next
	}
	if len(helpers) > 0 {
		b.note(tCombined)
	}
	return helpers
}

// replaceAttacks uses an ability that replaces attacks when it is worth more than the
// attack: Harpoon Gun on a Mounted Weapon enemy yet to move, Grenades on a cluster.
func (b *Battle) replaceAttacks(c *Char, ts []target) bool {
	if c.ab.harpoon {
		// Harpoon Gun when holding the enemy in place denies more than the attack is
		// worth (harpoonValue).
		for _, t := range ts {
			v := b.harpoonValue(c, t.t)
			if v > 0 {
				b.note(tHarpoonChance)
			}
			if v > ts[0].score {
				b.note(tHarpoon)
				b.harpoon(c, t.t)
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
				if o != t.t && !o.Defeated && b.adjacent(t.t, o) {
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
				if !o.Defeated && !o.ab.hologram && (o == best || b.adjacent(best, o)) {
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

// harpoon fires the Harpoon Gun: the target "cannot move this round. It can avoid this
// effect with a save of 11" (glossary, L593).
func (b *Battle) harpoon(c, t *Char) {
	b.logf("  %s fires its Harpoon Gun at %s", c.Label, t.Label)
	if !b.save(t, 11, true) {
		t.harpoonRound = b.round
		b.logf("  %s cannot move this round", t.Label)
	}
}

// support is what a character without a target does instead of attacking: Heal or
// Industrial Repair an adjacent wounded ally.
func (b *Battle) support(c *Char) {
	for _, a := range b.chars {
		if a.Side != c.Side || a.Defeated || a.HP >= a.MaxHP || a.ab.hologram {
			continue
		}
		near := a == c || b.adjacent(c, a)
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
		if t, ok := b.bestTarget(c, c.Pos); ok {
			bestV = t.score
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
