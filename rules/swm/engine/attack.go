package engine

import "muster/rules/swm/odds"

// Attacks (rulebook, Attacking pp. 8 and 18-21, the glossary's abilities).

// shot is one attack's numbers before the die.
type shot struct{ odds.Attack }

// aim works out an attack from a space at p: Attack with combined fire and Cunning
// Attack; Defense with commander effects, cover and Flanking Attack; Damage with
// Advantageous and Cunning Attack, Lightsaber against an adjacent enemy, Spotter.
func (b *Battle) aim(att *Char, p Point, t *Char, helpers []*Char) shot {
	s := shot{}
	s.Attack.Attack = *att.Card.Attack + b.ceBonus(att, ceAttack)
	s.Combined = len(helpers)
	s.Defense = *t.Card.Defense + b.ceBonus(t, ceDefense)
	s.Cover = b.cover(att, p, t)
	if t.flankedRound == b.round && att.ab.mounted && t.flankedBy != att.ID && b.chars[t.flankedBy].Side == att.Side {
		s.Defense -= 4
	}
	s.Damage = *att.Card.Damage + b.ceBonus(att, ceDamage)
	if !t.Activated {
		if att.ab.advantageous {
			s.Damage += 10
		}
		if att.ab.cunning {
			s.Attack.Attack += 4
			s.Damage += 10
		}
	}
	if att.ab.saber && b.adjacentAt(p, att.Size, t) {
		s.Damage += 10
	}
	spot := 0
	for _, h := range helpers {
		if h.ab.spotter > spot && b.rangeTo(h.Pos, h.Size, t) <= 6 {
			spot = h.ab.spotter
		}
	}
	s.Damage += spot
	s.Droid = t.ab.droid
	return s
}

// expected is the shot's expected damage after Damage Reduction, capped at the target's
// Hit Points, for choosing targets.
func (b *Battle) expected(att *Char, p Point, t *Char, s shot) (float64, float64) {
	need := max(s.Need(), 2)
	faces := 1 + max(0, 19-need+1)
	hit := float64(faces) / 20
	dmg := float64(b.reduced(att, p, t, s.Damage))
	crit := dmg
	if !s.Droid {
		crit = float64(b.reduced(att, p, t, 2*s.Damage))
	}
	e := (float64(faces-1)*min(dmg, float64(t.HP)) + min(crit, float64(t.HP))) / 20
	return e, hit
}

// reduced applies Damage Reduction, which adjacent enemies with lightsabers ignore.
func (b *Battle) reduced(att *Char, p Point, t *Char, dmg int) int {
	if t.ab.dr == 0 || att != nil && att.ab.lightsaber && b.adjacentAt(p, att.Size, t) {
		return dmg
	}
	return max(0, dmg-t.ab.dr)
}

// attack makes one attack (and Twin Attack's extra one). helpers combine fire; aoo marks an
// attack of opportunity (no combined fire, no extra attacks). It reports whether the
// target was defeated.
func (b *Battle) attack(att, t *Char, helpers []*Char, useForce, aoo bool) bool {
	b.strike(att, t, helpers, useForce, aoo)
	if att.ab.twin && !aoo && !t.Defeated && !att.Defeated && att.canAttack() {
		b.logf("  Twin Attack: %s attacks %s again", att.Label, t.Label)
		b.strike(att, t, nil, false, false)
	}
	return t.Defeated
}

func (b *Battle) strike(att, t *Char, helpers []*Char, useForce, aoo bool) {
	if b.audit != nil {
		b.audit.strike(b, att, t, aoo)
	}
	b.quiet = false
	s := b.aim(att, att.Pos, t, helpers)
	var roll int
	var o odds.Outcome
	note := ""
	if useForce && b.audit != nil {
		if b.canDeflect(att, t) {
			b.note(badUseForce)
		} else {
			b.note(tUseForce)
		}
	}
	if useForce && b.spend(att, 3) {
		// Use the Force: the attack hits automatically and counts as a critical hit. No
		// die is rolled: one that decided nothing would shift every later roll of a seed.
		o = odds.Outcome{Hit: true, Critical: !s.Droid, Damage: 2 * s.Damage}
		if s.Droid {
			o.Damage = s.Damage
		}
		note = " (Use the Force: an automatic critical hit)"
	} else {
		roll = b.d20()
		o = odds.Resolve(roll, s.Attack)
		if !o.Hit && b.spend(att, 1) {
			first := roll
			roll = b.d20()
			o = odds.Resolve(roll, s.Attack)
			note = " (Force point: rerolled a " + itoa(first) + ")"
		}
	}
	if b.log {
		b.logStrike(att, t, s, o, roll, note, useForce)
	}
	if b.trace != nil {
		b.trace.strike(att, t, o.Hit, o.Critical)
	}
	if att.ab.flanking {
		t.flankedRound, t.flankedBy = b.round, att.ID
	}
	if !o.Hit {
		if att.ab.splash > 0 {
			b.splash(att, t, true)
		}
		return
	}
	melee := att.ab.melee
	if b.audit != nil && !t.Defeated && b.canDeflect(att, t) {
		b.note(tDeflectChance)
	}
	if !melee && t.ab.deflect && !t.Defeated && b.spend(t, 1) {
		b.note(tDeflect)
		if b.save(t, 11, false) {
			b.logf("  %s deflects the shot (Lightsaber Deflect)", t.Label)
			if att.ab.splash > 0 {
				b.splash(att, t, false)
			}
			return
		}
		// The Force point is spent all the same: the log says where it went.
		b.logf("  %s spends a Force point on Lightsaber Deflect and fails the save of 11", t.Label)
	}
	if n := b.reduced(att, att.Pos, t, o.Damage); n <= 0 && o.Damage > 0 {
		b.logf("  %s's Damage Reduction %d stops all %d damage", t.Label, t.ab.dr, o.Damage)
	} else {
		b.damage(t, n, att.Label)
	}
	if att.ab.splash > 0 {
		b.splash(att, t, false)
	}
	if melee && !t.Defeated && t.ab.riposte && t.canAttack() && !att.Defeated && b.spend(t, 1) {
		b.logf("  %s ripostes (Lightsaber Riposte)", t.Label)
		b.strike(t, att, nil, false, true)
	}
}

// logStrike says what an attack rolled and did.
func (b *Battle) logStrike(att, t *Char, s shot, o odds.Outcome, roll int, note string, useForce bool) {
	what := "misses"
	if o.Hit {
		what = "hits"
		if o.Critical {
			what = "scores a critical hit on"
		}
	}
	extra := ""
	if s.Combined > 0 {
		extra += ", " + itoa(s.Combined) + " combining fire"
	}
	if s.Cover {
		extra += ", target in cover"
	}
	if useForce && note != "" {
		b.logf("  %s attacks %s%s: %s", att.Label, t.Label, note, what)
	} else {
		b.logf("  %s attacks %s: %d + %d%s against Defense %d%s: %s", att.Label, t.Label, roll, s.Attack.Attack+4*s.Combined, extra,
			s.Defense+boolInt(s.Cover)*4, note, what)
	}
}

// splash: Splash X on the characters adjacent to the target (touching it, with line of
// sight: a wall between them makes them not adjacent), and on the target itself after a
// miss; a save of 11 avoids it.
func (b *Battle) splash(att, t *Char, missed bool) {
	x := att.ab.splash
	var hit []*Char
	if missed {
		hit = append(hit, t)
	}
	for _, c := range b.chars {
		if c != t && !c.Defeated && !c.ab.hologram && b.adjacent(t, c) {
			hit = append(hit, c)
		}
	}
	for _, c := range hit {
		if c.Defeated {
			continue
		}
		if b.save(c, 11, c.Side != att.Side) {
			b.logf("  %s saves against Splash %d", c.Label, x)
			continue
		}
		b.damage(c, b.reduced(att, att.Pos, c, x), "Splash")
	}
}

// save rolls d20 against n: a natural 20 succeeds, a natural 1 fails. A failed save may be
// rerolled for a Force point (the character's once this turn). Saves an enemy forces keep
// the tie-breaker's count going.
func (b *Battle) save(c *Char, n int, forced bool) bool {
	if forced {
		b.quiet = false
	}
	ok := func(r int) bool { return r == 20 || r != 1 && r >= n }
	r := b.d20()
	if ok(r) {
		return true
	}
	if b.spend(c, 1) {
		r = b.d20()
		b.logf("  %s spends a Force point to reroll a failed save: %d", c.Label, r)
		return ok(r)
	}
	return false
}

// spend pays Force points if the character has them and has not spent any this turn.
func (b *Battle) spend(c *Char, n int) bool {
	if c.Force < n || c.fpTurn == b.turn {
		return false
	}
	c.Force -= n
	c.fpTurn = b.turn
	return true
}

// damage takes Hit Points; at 0 or lower the character is defeated and removed.
func (b *Battle) damage(c *Char, n int, from string) {
	if c.ab.hologram || n <= 0 || c.Defeated {
		return
	}
	b.quiet = false
	c.HP -= n
	if b.trace != nil {
		b.trace.damage(c, n, from)
	}
	if c.HP <= 0 {
		c.Defeated = true
		b.lift(c)
		if b.log {
			b.logf("  %s takes %d from %s and is defeated", c.Label, n, from)
		}
		return
	}
	if b.log {
		b.logf("  %s takes %d from %s (%d Hit Points left)", c.Label, n, from, c.HP)
	}
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
