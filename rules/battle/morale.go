package battle

import (
	"math"

	"muster/rules/combat"
)

// moralePhase (Chapter Five): broken squads try to rally, run on, or leave the table from
// their rally point; squads that took casualties this turn test; other squads below their
// starting level that did not fire or fight, with no enemy within 12", try to rally. Each
// squad makes one test a phase ("squads which have taken casualties make morale tests;
// other squads may attempt to improve their morale by rallying").
func (b *Battle) moralePhase() {
	b.logPhase("Morale")
	for ui := range b.units {
		b.units[ui].tested = false
	}
	for ui := range b.units {
		u := &b.units[ui]
		if !u.onTable() || !u.subjectToMorale() || b.status(u) != combat.Broken {
			continue
		}
		// A broken squad's rally test is its one test of the phase (its casualties this turn
		// are in its threat level): one that rallies does not test again until the next.
		u.tested = true
		b.hand(ui)
		res := b.r.RallyTest(b.dice, b.rallySituation(ui))
		if res.Status != combat.Broken {
			u.level, u.atRally = res.Level, false
			b.logMorale(ui, "rally", res)
			continue
		}
		if u.atRally {
			b.logMorale(ui, "last rally", res)
			b.leaveTable(ui, stFled)
			continue
		}
		b.logMorale(ui, "rally", res)
		b.flee(ui)
	}
	// Casualty tests are taken together: every squad rolls, then the squads that break or
	// withdraw leave, each taking a parting swing from enemies that stay in the fight.
	for ui := range b.units {
		u := &b.units[ui]
		u.leaving = false
		if !u.onTable() || !u.subjectToMorale() || u.casualties == 0 || b.status(u) == combat.Broken || u.tested {
			continue
		}
		u.tested = true // "other squads may attempt to improve their morale by rallying"
		m := b.standardMorale(ui, combat.CasualtyTest)
		m.WonCloseAssault, m.LostCloseAssault = u.wonAssault, u.lostAssault
		res := b.moraleTest(ui, m)
		u.level = res.Level
		u.leaving = res.Status == combat.Broken || res.Withdraw
		b.results[ui] = res
		b.logMorale(ui, "casualties", res)
	}
	// Where each withdraws from is fixed before anyone moves.
	for ui := range b.units {
		if u := &b.units[ui]; u.leaving {
			u.from = Point{X: math.NaN()}
			if e := b.nearestEnemy(ui); e >= 0 {
				u.from = b.centroid(e)
			}
		}
	}
	for ui := range b.units {
		if u := &b.units[ui]; u.leaving {
			b.leave(ui, b.results[ui])
		}
	}
	for ui := range b.units {
		u := &b.units[ui]
		if !u.onTable() || !u.subjectToMorale() || u.level >= u.spec.Start || b.status(u) == combat.Broken || u.tested {
			continue
		}
		x := b.rallyBase(ui)
		if !b.r.CanRally(x) {
			continue
		}
		x.Command, x.HalfCasualties, x.BehindCover = b.command(ui), b.halfDown(ui), b.behindCover(ui)
		b.hand(ui)
		res := b.r.RallyTest(b.dice, x)
		if res.Level > u.level {
			u.level = res.Level
		}
		b.logMorale(ui, "rally", res)
	}
}

// standardMorale is a squad's morale test of the given kind with the Standard Threat Level
// Modifiers, which "apply to all situations" (Chapter Five, "Morale Test Chart"): its
// status, each casualty it took this turn, its commander hit this turn, and behind cover
// when it has not moved this turn (a squad testing to charge has not moved yet). The
// close assault won or lost counts only in the Morale Phase that follows; the caller adds
// it, and the charge and receiving a charge modifiers.
func (b *Battle) standardMorale(ui int, kind combat.TestKind) combat.Morale {
	u := &b.units[ui]
	return combat.Morale{Kind: kind, Command: b.command(ui), Level: u.level, Start: u.spec.Start,
		Casualties: u.casualties, CommanderHit: u.cmdHitUntested,
		BehindCover: !u.walked && !u.ran && b.behindCover(ui)}
}

// moraleTest rolls a squad's morale test. Its commander's being hit has now counted: "the
// wounding or loss of a squad's commander increases the threat level of the first morale
// test after the commander is hit by +2" (Chapter Five).
func (b *Battle) moraleTest(ui int, m combat.Morale) combat.MoraleResult {
	defer b.use(b.hand(ui))
	b.units[ui].cmdHitUntested = false
	return b.r.MoraleTest(b.dice, m)
}

// behindCover: "a stationary squad within 1\" of cover terrain between it and enemy squads"
// (Chapter Five, "Squad is Behind Cover"): most of its figures (half on a tie) have cover
// terrain, or a barrier that gives cover, on the inch between them and the nearest enemy
// unit. A squad in the middle of a wood is behind the wood's edge toward the enemy only if
// that edge is within 1"; the wood around him counts as cover between (docs/decisions.md).
// Whether it stood still is the caller's to say.
func (b *Battle) behindCover(ui int) bool {
	u := &b.units[ui]
	if u.bcStamp == b.moves+1 {
		return u.bcVal // nothing has moved since it was worked out
	}
	v := b.behindCoverNow(ui)
	u.bcStamp, u.bcVal = b.moves+1, v
	return v
}

func (b *Battle) behindCoverNow(ui int) bool {
	e := b.nearestEnemy(ui)
	if e < 0 {
		return false
	}
	ec := b.centroid(e)
	// The figures still fighting, in member order; the answer is known as soon as most of
	// them (half on a tie) have cover, or too few are left to make it so.
	figs := b.liveFigs(ui)
	n, in, left := len(figs), 0, len(figs)
	for _, fi := range figs {
		left--
		f := &b.figs[fi]
		d := sub(ec, f.pos)
		l := norm(d)
		if l >= 1e-9 {
			end := add(f.pos, scale(d, fmin(1, l)/l))
			// A figure with no cover where he stands (f.cover: his ground, or a barrier
			// within 1") can only have cover terrain ahead of him.
			if (f.cover > combat.Open && b.coverOnWay(f.pos, end)) || (f.cover == combat.Open && b.field.at(end).cover > combat.Open) {
				if in++; 2*in >= n {
					return true
				}
			}
		}
		if in+left == 0 || 2*(in+left) < n {
			return false
		}
	}
	return false
}

// coverOnWay: a barrier giving cover across the segment a-c (an inch long), or cover terrain
// at either end of it (areas are convex and rarely narrower than an inch).
func (b *Battle) coverOnWay(a, c Point) bool {
	sb := segBox(a, c)
	for i := range b.field.barriers {
		br := &b.field.barriers[i]
		if br.cover > combat.Open && br.bb.overlaps(sb) && segmentsCross(a, c, br.a, br.b) {
			return true
		}
	}
	return b.field.at(a).cover > combat.Open || b.field.at(c).cover > combat.Open
}

func (b *Battle) rallySituation(ui int) combat.Rally {
	x := b.rallyBase(ui)
	x.Command, x.HalfCasualties = b.command(ui), b.halfDown(ui)
	if b.r.CanRally(x) { // behind cover matters only to a test that is made
		x.BehindCover = b.behindCover(ui)
	}
	return x
}

// rallyBase is rallySituation without what only a test reads (the command, half down,
// behind cover): what CanRally reads. Whether an enemy is within 12" is asked only where it
// decides CanRally: a squad below its starting level, not broken, that did not fire or
// fight (nothing else reads it).
func (b *Battle) rallyBase(ui int) combat.Rally {
	u := &b.units[ui]
	x := combat.Rally{Level: u.level, Start: u.spec.Start, Casualties: u.casualties,
		CommanderHit: u.commanderHit, FiredOrAssaulted: u.fired || u.oppFired || u.defFired || u.fought}
	if x.Level < x.Start && !x.FiredOrAssaulted && b.status(u) != combat.Broken {
		x.EnemyWithin12 = b.enemyWithin(ui, 12)
	}
	return x
}

// leave carries out a result that breaks a squad or makes it withdraw.
func (b *Battle) leave(ui int, res combat.MoraleResult) {
	u := &b.units[ui]
	u.leaving = false
	if u.eng >= 0 && b.enemyStays(ui) {
		b.partingSwing(ui)
	}
	if b.aliveCount(ui) == 0 || !u.onTable() {
		return
	}
	if res.Status == combat.Broken {
		b.detachHero(ui)
		b.flee(ui)
	} else {
		b.withdrawFrom(ui, u.from)
	}
}

// enemyStays: some enemy unit in the unit's close assault is not leaving it too.
func (b *Battle) enemyStays(ui int) bool {
	en := &b.engs[b.units[ui].eng]
	s := 1 - b.units[ui].side
	for k := 0; k < len(en.units[s]); k++ {
		if !b.units[en.units[s][k]].leaving {
			return true
		}
	}
	return false
}

// applyMorale applies a morale test's result at once: the new level; a squad that breaks
// takes a parting swing if it was in close assault and flees a full run; a withdraw result
// likewise, 4" away (Chapter Five, "Explanation of Results").
func (b *Battle) applyMorale(ui int, what string, res combat.MoraleResult) {
	u := &b.units[ui]
	old := b.status(u)
	u.level = res.Level
	b.logMorale(ui, what, res)
	switch {
	case res.Status == combat.Broken && old != combat.Broken:
		b.detachHero(ui)
		if u.eng >= 0 {
			b.partingSwing(ui)
		}
		if b.aliveCount(ui) > 0 {
			b.flee(ui)
		}
	case res.Withdraw:
		if u.eng >= 0 {
			b.partingSwing(ui)
		}
		if b.aliveCount(ui) > 0 {
			b.withdraw(ui)
		}
	}
}

// dropLevel lowers a squad's morale level by one (a charge that falls short, a disengage;
// Chapter Four). A squad it brings to 0 is broken and routs at once: "when it first breaks, a
// broken squad immediately makes a full run move away from the enemy" (Chapter Five,
// "Broken"), not at the next Morale Phase.
func (b *Battle) dropLevel(ui int) {
	u := &b.units[ui]
	if !u.subjectToMorale() || u.level == 0 {
		return
	}
	old := b.status(u)
	u.level--
	if b.lg != nil {
		b.logf("%s: morale level %d\n", b.name(ui), u.level)
	}
	if old != combat.Broken && b.status(u) == combat.Broken {
		if b.lg != nil {
			b.logf("%s breaks and routs\n", b.name(ui))
		}
		b.detachHero(ui)
		b.flee(ui)
	}
}

// detachAll: the heroes with a squad whose own soldiers are all gone fight on alone.
func (b *Battle) detachAll(ui int) {
	u := &b.units[ui]
	leader := u.leader
	u.leader = -1
	b.detachHero(ui)
	u.leader = leader
}

// detachHero: a hero with a squad that breaks, who is not its commander, leaves it and
// fights on alone (lone heroes are not subject to morale); one in command stays with it.
func (b *Battle) detachHero(ui int) {
	u := &b.units[ui]
	for k := 0; k < len(u.members); k++ {
		fi := u.members[k]
		f := &b.figs[fi]
		if int(f.home) == ui || fi == u.leader {
			continue
		}
		h := int(f.home)
		u.members = append(u.members[:k], u.members[k+1:]...)
		u.boxOK, u.cOK = false, false
		k--
		f.unit = int32(h)
		hu := &b.units[h]
		hu.attached = -1
		switch {
		case f.alive():
			hu.state = stOnTable
			b.place(h, f.pos, u.facing)
			if b.lg != nil {
				b.logf("%s leaves %s and fights alone\n", b.name(h), b.name(ui))
			}
		case f.gone:
			hu.state = stFled
		default:
			hu.state = stDestroyed
		}
	}
}

// leaveTable removes a unit from play (fled, or escaped), with any hero leading it.
func (b *Battle) leaveTable(ui int, st uint8) {
	u := &b.units[ui]
	b.leaveEngagement(ui)
	u.state = st
	u.boxOK, u.cOK = false, false
	for _, fi := range u.members {
		f := &b.figs[fi]
		if int(f.unit) == ui && f.alive() {
			f.gone = true
			b.moves++
			if int(f.home) != ui {
				b.units[f.home].state = st
			}
			if fi == b.objBy {
				b.dropObjective(fi)
			}
		}
	}
	if st == stFled {
		if b.lg != nil {
			b.logf("%s leaves the battle\n", b.name(ui))
		}
	}
}

// assumeCommand: in the Special Actions Phase a hero "can assume command of a squad" within
// his command rating in inches (Chapter Twelve, "Heroes and Squads"); it is his special action
// for the phase. The doctrine has the hero with the best command skill take command of each
// squad whose own leader commands worse (or is out): one fighting with it, or a lone hero
// near enough and not in close assault, who then joins it. Heroes never give command up.
func (b *Battle) assumeCommand() {
	for ui := range b.units {
		u := &b.units[ui]
		if !u.onTable() || u.spec.Kind != KindSquad || !u.subjectToMorale() || b.lastRally(u) {
			continue
		}
		now := b.command(ui)
		best, bc := int32(-1), now
		for _, fi := range b.heroFigs {
			f := &b.figs[fi]
			h := f.spec.Hero
			if !f.alive() || f.powerTurn == b.turn || fi == u.leader || h.Command <= bc {
				continue
			}
			hu := &b.units[f.home]
			switch {
			case int(f.unit) == ui:
			case hu.onTable() && hu.side == u.side && int(f.unit) == int(f.home) && hu.eng < 0:
				// (A lone hero locked in close assault fights on: joining a squad elsewhere
				// would leave his own unit in the engagement with nobody in it.)
				if d, _ := b.nearestFig(ui, f.pos); d > float64(h.Command) {
					continue
				}
			default:
				continue
			}
			best, bc = fi, h.Command
		}
		if best < 0 {
			continue
		}
		f := &b.figs[best]
		f.powerTurn = b.turn // his special action this phase
		if int(f.unit) != ui {
			hu := &b.units[f.home]
			f.unit = int32(ui)
			u.members = append(u.members, best)
			u.boxOK, u.cOK = false, false
			hu.boxOK, hu.cOK = false, false // his own unit has no figure on the table now
			hu.attached, hu.state = ui, stAttached
			b.moves++
		}
		u.leader = best
		if b.lg != nil {
			b.logf("%s takes command of %s\n", b.name(int(f.home)), b.name(ui))
		}
	}
}
