package battle

import (
	"math"

	"muster/rules/combat"
)

// engagement is a close assault: the units of each side locked in it.
type engagement struct {
	// units[s] are side s's units in it: as many as charge in (the book sets no limit; a
	// fifth squad charging in used to be left out of the fight yet held in it).
	units [2][]int
	live  bool
}

// engage locks a charger and its target in close assault, joining an engagement either is
// already in.
func (b *Battle) engage(ui, ti int) {
	if b.hideOn {
		b.reveal(ui, "in close assault")
		b.reveal(ti, "in close assault")
	}
	e := b.units[ti].eng
	if e < 0 {
		e = b.units[ui].eng
	}
	if e < 0 {
		for i := range b.engs {
			if !b.engs[i].live {
				e = i
				break
			}
		}
		if e < 0 {
			b.engs = append(b.engs, engagement{})
			e = len(b.engs) - 1
		}
		en := &b.engs[e] // (its lists kept, so that battles allocate nothing once warmed up)
		en.units[0], en.units[1], en.live = en.units[0][:0], en.units[1][:0], true
	}
	b.joinEng(e, ui)
	b.joinEng(e, ti)
}

func (b *Battle) joinEng(e, ui int) {
	u := &b.units[ui]
	if u.eng == e {
		return
	}
	b.leaveEngagement(ui)
	en := &b.engs[e]
	en.units[u.side] = append(en.units[u.side], ui)
	u.eng = e
}

// leaveEngagement takes a unit out of its close assault; when a side has no unit left in
// it, the engagement ends.
func (b *Battle) leaveEngagement(ui int) {
	u := &b.units[ui]
	e := u.eng
	if e < 0 {
		return
	}
	u.eng, u.chargedIn = -1, false
	b.endSaber(ui)
	en := &b.engs[e]
	s := u.side
	for k, v := range en.units[s] {
		if v == ui {
			last := len(en.units[s]) - 1
			en.units[s][k] = en.units[s][last]
			en.units[s] = en.units[s][:last]
			break
		}
	}
	if len(en.units[0]) == 0 || len(en.units[1]) == 0 {
		for side := range 2 {
			for k := 0; k < len(en.units[side]); k++ {
				b.units[en.units[side][k]].eng, b.units[en.units[side][k]].chargedIn = -1, false
				b.endSaber(en.units[side][k])
			}
			en.units[side] = en.units[side][:0]
		}
		en.live = false
	}
}

// fighter is a figure as close assault sees him.
func (b *Battle) fighter(fi int32) combat.Fighter {
	f := &b.figs[fi]
	u := &b.units[f.unit]
	fr := combat.Fighter{Fig: &f.f, Skill: f.spec.MeleeSkill, Weapon: f.spec.Melee, Damage: f.spec.MeleeDamage,
		Prone: f.prone, Morale: b.status(u), Droid: f.spec.Role == RoleDroid, Creature: f.spec.Role == RoleCreature}
	if f.f.Wounded && (f.spec.Melee == nil || f.spec.Melee.STRBonus) {
		fr.Damage-- // a wounded soldier's Strength is 1 lower
	}
	fr.Extra -= b.handicap(f) // stunned, plank gas wounds, blinded
	if h := f.spec.Hero; h != nil {
		fr.BrawlingParry, fr.MeleeParry = h.BrawlParry, h.MeleeParry
		if f.saber == saberOn && !f.f.Wounded {
			fr.Skill += h.Sense
			fr.Damage += h.Control
		}
	}
	if b.status(u) == combat.Broken {
		// "All skills, except the commander's command skill, are reduced to 0" while the
		// squad flees (Chapter Five, "Broken").
		fr.Skill = 0
	}
	return fr
}

// assaultPhase resolves every close assault (Chapter Four): soldiers paired off as evenly
// as possible, at most three on one (combat.Pair, the lone soldier attacking the opponent
// he is likeliest to beat); creatures attack with each attack form (combat.CreatureFight);
// damage applied at the end; the side with more casualties that turn forced back 4".
func (b *Battle) assaultPhase() {
	any := false
	for i := range b.engs {
		any = any || b.engs[i].live
	}
	if !any {
		return
	}
	b.logPhase("Close assault")
	for ei := range b.engs {
		if b.engs[ei].live {
			b.clearPhaseHits()
			b.hand(b.engagementDice(ei))
			b.assaultRound(ei, -1)
		}
	}
}

// assaultRound fights one round of an engagement. When parting is a unit, it is the
// parting swing at that disengaging (or routing) unit: it cannot hurt, its enemies strike at
// +2 from the rear, and nobody is forced back.
func (b *Battle) assaultRound(ei int, parting int) {
	en := &b.engs[ei]
	var soldiers [2]int
	b.saberTests(ei)
	for s := range 2 {
		b.fighters[s] = b.fighters[s][:0]
		b.fidx[s] = b.fidx[s][:0]
		for k := 0; k < len(en.units[s]); k++ {
			ui := en.units[s][k]
			u := &b.units[ui]
			u.fought = true
			flank := !u.charged && b.flankedBy(ei, ui)
			for _, fi := range u.members {
				f := &b.figs[fi]
				if !f.alive() || int(f.unit) != ui {
					continue
				}
				soldiers[s]++
				if u.charged && f.prone {
					continue // wounded by defensive fire: fell prone short of contact
				}
				fr := b.fighter(fi)
				fr.Charging = u.firstRound && u.charged
				fr.SideOrRear = flank
				// "Defending soldiers behind a barrier fight at +1" (Chapter Four), for as long
				// as the combat lasts: not only in the round of the charge.
				if !u.charged && !u.chargedIn && b.anyChargedIn(ei, 1-s) {
					fr.Barrier = b.field.barrierBetween(f.pos, b.centroid(en.units[1-s][0]))
				}
				if parting >= 0 {
					if ui == parting {
						fr.Disengaging = true
					} else {
						fr.Extra += combat.PartingSwingModifier
					}
				}
				b.fighters[s] = append(b.fighters[s], fr)
				b.fidx[s] = append(b.fidx[s], fi)
			}
		}
	}
	if parting >= 0 {
		// Only the disengaging unit and its enemies take part.
		ps := b.units[parting].side
		k := 0
		for i, fi := range b.fidx[ps] {
			if int(b.figs[fi].unit) == parting {
				b.fighters[ps][k], b.fidx[ps][k] = b.fighters[ps][i], fi
				k++
			}
		}
		b.fighters[ps], b.fidx[ps] = b.fighters[ps][:k], b.fidx[ps][:k]
	}
	n0, n1 := len(b.fighters[0]), len(b.fighters[1])
	b.creatureFights()
	mounts := parting < 0 && b.anyRiding(ei)
	if mounts {
		b.ridersTest()
	}
	b.groups = combat.Pair(len(b.fighters[0]), len(b.fighters[1]), b.groups[:0])
	for g := range b.groups {
		b.r.ChooseAttack(&b.groups[g], b.fighters[1-b.groups[g].LoneSide])
	}
	if mounts {
		b.mountsAttack()
	}
	if b.acted != nil {
		for s := range 2 {
			for _, fr := range b.fighters[s] {
				if fr.Weapon != nil {
					b.act(fr.Weapon.Name)
				} else if !fr.Creature {
					b.act("hands")
				}
			}
		}
	}
	b.r.Close(b.dice, b.fighters, b.groups, &b.close)
	for s := range 2 {
		for k := 0; k < len(en.units[s]); k++ {
			for j := 0; j < len(en.units[1-s]); j++ {
				b.phaseHits(en.units[s][k], en.units[1-s][j], float64(b.close.Wins[s])+0.01)
			}
		}
	}
	if b.lg != nil {
		b.logAssault(ei, parting, n0, n1)
	}
	var cas [2]int
	// The units as they are now: the engagement may end, or lose units, while its damage is
	// applied.
	var units engagement
	for s := range 2 {
		b.engSnap[s] = append(b.engSnap[s][:0], en.units[s]...)
		units.units[s] = b.engSnap[s]
	}
	for s := range 2 {
		for k := 0; k < len(units.units[s]); k++ {
			ui := units.units[s][k]
			b.endPhaseUnit(ui)
			// "The squad which has received the most casualties that turn" (Chapter
			// Four): the round's, and any before it this turn (defensive fire).
			cas[s] += b.units[ui].casualties
		}
	}
	for s := range 2 {
		for k := 0; k < len(units.units[s]); k++ {
			b.units[units.units[s][k]].firstRound = false
		}
	}
	if parting >= 0 || !b.engs[ei].live {
		return
	}
	loser := combat.ForceBack(cas, soldiers)
	if loser < 0 {
		return
	}
	b.forceBack(ei, loser)
}

// saberTests: each hero with the lightsaber combat power in the engagement uses it "just
// before the hero is involved in combat": a difficulty 6 test at the lower of control and
// sense. A pass adds sense to his lightsaber rolls and control to its Damage Strength for
// the rest of the combat, until he is wounded; a failure leaves him unmodified and he may
// not try again in this combat (Chapter Twelve, "Lightsaber Combat").
func (b *Battle) saberTests(ei int) {
	en := &b.engs[ei]
	for s := range 2 {
		for k := 0; k < len(en.units[s]); k++ {
			ui := en.units[s][k]
			for _, fi := range b.units[ui].members {
				f := &b.figs[fi]
				h := f.spec.Hero
				if h == nil || !h.SaberCombat || !f.alive() || int(f.unit) != ui || f.saber != saberUntried || f.f.Wounded {
					continue
				}
				f.powerTurn = b.turn
				b.act("lightsaber combat")
				ok := combat.HeroTest(b.dice, &f.hero, h.saberLevel(), combat.LightsaberCombatDifficulty)
				f.saber = saberOff
				if ok {
					f.saber = saberOn
				}
				if b.lg != nil {
					b.logf("  %s uses lightsaber combat: %s\n", b.who(f), ifs(ok, "sense and control flow into the blade", "it fails"))
				}
			}
		}
	}
}

// endSaber: a unit's heroes leave their close assault; lightsaber combat is tested afresh in
// the next.
func (b *Battle) endSaber(ui int) {
	for _, fi := range b.units[ui].members {
		b.figs[fi].saber = saberUntried
	}
}

// anyChargedIn: some unit of side s charged into the engagement.
func (b *Battle) anyChargedIn(ei, s int) bool {
	en := &b.engs[ei]
	for k := 0; k < len(en.units[s]); k++ {
		if u := &b.units[en.units[s][k]]; u.charged || u.chargedIn {
			return true
		}
	}
	return false
}

// flankedBy: a unit charged this turn from its flank or rear fights at -2 in the first
// round.
func (b *Battle) flankedBy(ei, ui int) bool {
	en := &b.engs[ei]
	s := 1 - b.units[ui].side
	for k := 0; k < len(en.units[s]); k++ {
		c := en.units[s][k]
		if b.units[c].charged && b.flanked(ui, c) {
			return true
		}
	}
	return false
}

// creatureFights takes each creature and the foes it attacks (up to three, each in reach of
// an attack form) out of the pairing and resolves them with combat.CreatureFight.
func (b *Battle) creatureFights() {
	for s := range 2 {
		for i := 0; i < len(b.fighters[s]); i++ {
			if !b.fighters[s][i].Creature {
				continue
			}
			c := b.figs[b.fidx[s][i]].spec.Creature
			foes := b.fighters[1-s]
			// Its foes: up to three soldiers (not creatures) of the other side, from the end.
			var pick []combat.Fighter
			var arcs []combat.Arc
			for j := len(foes) - 1; j >= 0 && len(pick) < combat.MaxOnOne; j-- {
				if foes[j].Creature {
					continue
				}
				pick = append(pick, foes[j])
				arcs = append(arcs, combat.Front)
				foes = append(foes[:j], foes[j+1:]...)
				b.fidx[1-s] = append(b.fidx[1-s][:j], b.fidx[1-s][j+1:]...)
			}
			b.fighters[1-s] = foes
			if len(pick) == 0 {
				continue // creature against creature: paired like soldiers
			}
			attacks, mod := combat.CreatureAttacks(c, arcs)
			b.r.CreatureFight(b.dice, &b.figs[b.fidx[s][i]].f, attacks, mod, pick)
			if b.lg != nil {
				b.logf("the %s attacks %d with %d attack forms\n", lower(c.Name), len(pick), len(attacks))
			}
			b.fighters[s] = append(b.fighters[s][:i], b.fighters[s][i+1:]...)
			b.fidx[s] = append(b.fidx[s][:i], b.fidx[s][i+1:]...)
			i--
		}
	}
}

// forceBack: the losing side's units retreat 4" directly away from their enemies keeping
// their facing, halted by walls, doors and windows; the winners advance as far, staying in
// contact (Chapter Four, "Force Back and Advance After Combat"). The doctrine always
// advances.
func (b *Battle) forceBack(ei, loser int) {
	en := &b.engs[ei]
	win := 1 - loser
	var wc Point
	for k := 0; k < len(en.units[win]); k++ {
		wc = add(wc, b.centroid(en.units[win][k]))
		b.units[en.units[win][k]].wonAssault = true
	}
	wc = scale(wc, 1/float64(max(len(en.units[win]), 1)))
	moved := combat.ForceBackDistance
	for k := 0; k < len(en.units[loser]); k++ {
		ui := en.units[loser][k]
		u := &b.units[ui]
		u.lostAssault = true
		away := sub(b.centroid(ui), wc)
		n := norm(away)
		if n < 1e-9 {
			away, n = b.homeDir(ui), 1
		}
		end := b.field.pushBack(u.anchor, scale(away, 1/n), combat.ForceBackDistance)
		d := math.Sqrt(dist2(u.anchor, end))
		moved = fmin(moved, d)
		b.place(ui, end, u.facing)
		if b.lg != nil {
			b.logf("%s is forced back %s\"\n", b.name(ui), in1(d))
		}
	}
	for k := 0; k < len(en.units[win]); k++ {
		ui := en.units[win][k]
		u := &b.units[ui]
		e := en.units[loser][0]
		dir := sub(b.centroid(e), b.centroid(ui))
		if n := norm(dir); n > 1e-9 && moved > 0 {
			dest := add(u.anchor, scale(dir, moved/n))
			end := b.field.walk(u.anchor, dest, moved+4, false, false, nil).end
			b.place(ui, end, u.facing)
		}
	}
}

// partingSwing gives the enemies of a unit leaving close assault one free attack.
func (b *Battle) partingSwing(ui int) {
	e := b.units[ui].eng
	if e < 0 || !b.engs[e].live {
		return
	}
	b.clearPhaseHits()
	if b.lg != nil {
		b.logf("%s takes a parting swing\n", b.name(ui))
	}
	b.assaultRound(e, ui)
}
