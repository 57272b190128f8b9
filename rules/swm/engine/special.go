package engine

// Combined fire and the abilities that replace attacks or the turn.

import (
	"cmp"
	"slices"
)

// combineFire chooses allies to combine fire on this attack (Combined Fire, p. 19):
// unactivated, with line of sight to the target, not Melee Attack, dealing damage and able
// to attack; Mounted Weapon attackers only with Mounted Weapon allies or adjacent Gunners.
// Muster's players call on an ally only when it has no target of its own from where it
// stands, and only while the shot misses more often than it hits.
func (b *Battle) combineFire(c, t *Char) []*Char {
	if c.ab.melee || *c.Card.Damage == 0 {
		return nil
	}
	var helpers []*Char
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
		s := b.aim(c, c.Pos, t, helpers)
		if _, hit := b.expected(c, c.Pos, t, s); hit >= 0.5 {
			break
		}
		if len(b.targets(a, a.Pos)) > 0 {
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
	slices.SortStableFunc(out, func(x, y *Char) int { return cmp.Compare(x.HP, y.HP) })
	return out
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
