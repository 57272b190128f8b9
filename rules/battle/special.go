package battle

import (
	"math"

	"muster/rules/combat"
)

// specialPhase (Introduction, "Special Actions Phase"; Chapters Eleven and Twelve): strikes
// due land first; heroes control pain; medpacs heal; soldiers near a hidden objective search
// for it; commanders with comlinks call strikes; reinforcement rolls made in this phase;
// the markers come off (each turn's flags are cleared when the next turn starts).
func (b *Battle) specialPhase() {
	b.logPhase("Special actions")
	b.resolveStrikes()
	b.cloudsTurn()
	b.firesTurn()
	b.assumeCommand()
	b.giveUpCommand()
	b.forcePowers()
	b.medpacs()
	b.search()
	b.callStrikes()
	b.reinforce("special")
}

// medpacs: a soldier with a medpac tries to heal a wounded soldier of his squad, wounded in
// an earlier turn: first aid against 7, or 9 at the second try; +1 to heal himself; the
// medpac is used up either way (Chapter Eleven, "Medpac"). One try per medic a phase.
func (b *Battle) medpacs() {
	for ui := range b.units {
		u := &b.units[ui]
		if !u.onTable() || u.eng >= 0 {
			continue
		}
		b.hand(ui)
		for _, mi := range u.members {
			m := &b.figs[mi]
			if !m.alive() || int(m.unit) != ui || m.medpacs == 0 {
				continue
			}
			for _, pi := range u.members {
				p := &b.figs[pi]
				if !p.alive() || int(p.unit) != ui || !p.f.Wounded || p.healTries >= 2 || p.woundTurn >= b.turn {
					continue
				}
				diff := 7
				if p.healTries == 1 {
					diff = 9
				}
				if pi == mi {
					diff++
				}
				skill := m.spec.FirstAid
				if m.f.Wounded {
					skill += combat.WoundPenalty
				}
				m.medpacs--
				b.act("medpac")
				p.healTries++
				ok := combat.Test(b.dice, skill, diff)
				if ok {
					p.f.Wounded = false
					b.touchCond(p)
				}
				if b.lg != nil {
					b.logf("%s of %s uses a medpac on %s: %s\n", m.spec.Who, b.name(ui), p.spec.Who, ifs(ok, "healed", "no good"))
				}
				break
			}
		}
	}
}

// search: while the objective is hidden, every soldier ending within its search range with
// a line of sight to it tests his search skill against its difficulty; a pass reveals it
// to all (The Crystal Forest of Goratak).
func (b *Battle) search() {
	oi := b.field.carryObjective()
	if oi < 0 || b.objFound {
		return
	}
	o := &b.field.Scenario.Objectives[oi]
	for i := range b.figs {
		f := &b.figs[i]
		if !f.alive() || !b.units[f.unit].onTable() {
			continue
		}
		if dist2(f.pos, b.objAt) > o.SearchRange*o.SearchRange {
			continue
		}
		if ok, _ := b.field.sight(f.pos, b.objAt, false, false); !ok {
			continue
		}
		skill := f.spec.Search - b.handicap(f)
		if f.spec.Sensor {
			skill++ // a combat sensor: +1 to search (Chapter Eleven, "Combat Sensor")
			b.act("combat sensor")
		}
		if combat.Test(b.dice, skill, o.Search) {
			b.objFound = true
			if b.lg != nil {
				b.logf("%s of %s finds %s\n", f.spec.Who, b.name(int(f.unit)), o.Name)
			}
			return
		}
	}
}

// callStrikes: each commander with a comlink calls one off-board strike a turn, while his
// side has strikes, at the enemy unit with the most figures that has no friend within the
// template and 3" more, to land in the next Special Actions Phase. He must see the point.
func (b *Battle) callStrikes() {
	for s := range 2 {
		lo, hi := b.sideRange(s)
		for ci := lo; ci < hi; ci++ {
			cu := &b.units[ci]
			if !cu.onTable() || !cu.spec.Comlink || b.status(cu) == combat.Broken {
				continue
			}
			su := b.strikeUnit(s)
			if su < 0 {
				return
			}
			kind := b.units[su].spec.Strike
			bm, _ := b.r.Tables.ArtilleryStrike.Bombardment(kind)
			_, caller := b.nearestFig(ci, b.centroid(ci))
			if caller < 0 {
				continue
			}
			target, bestN := -1, 0
			elo, ehi := b.sideRange(1 - s)
			for e := elo; e < ehi; e++ {
				if !b.units[e].onTable() || b.units[e].eng >= 0 || (b.night && b.unitUnseen(ci, e)) {
					continue // (hidden, or out of sight in the dark: darkness.go)
				}
				at := b.centroid(e)
				if b.friendNear(s, at, bm.TemplateRadius+3) {
					continue
				}
				if ok, _ := b.field.sight(b.figs[caller].pos, at, b.field.at(b.figs[caller].pos).hill, false); !ok {
					continue
				}
				if n := b.aliveCount(e); n > bestN {
					target, bestN = e, n
				}
			}
			if target < 0 {
				continue
			}
			b.units[su].strikes--
			b.act("comlink")
			at := b.centroid(target)
			b.strikes = append(b.strikes, strikeCall{unit: su, due: b.turn + 1, at: at,
				heading: heading(b.figs[caller].pos, at), command: b.command(ci)})
			if b.lg != nil {
				b.logf("%s calls a %s strike on %s for next turn\n", b.name(ci), kind, b.name(target))
			}
		}
	}
}

// strikeUnit is a side's unit of off-board strikes with strikes left, or -1.
func (b *Battle) strikeUnit(s int) int {
	lo, hi := b.sideRange(s)
	for i := lo; i < hi; i++ {
		u := &b.units[i]
		if u.spec.Strike != "" && u.strikes > 0 && !u.lost {
			return i
		}
	}
	return -1
}

// It looks only at the units of side s on the table whose box comes within r of p (every
// figure still fighting is a member of the unit it fights with).
func (b *Battle) friendNear(s int, p Point, r float64) bool {
	lo, hi := b.sideRange(s)
	for ui := lo; ui < hi; ui++ {
		if !b.units[ui].onTable() || !b.unitBox(ui).pad(r).contains(p) {
			continue
		}
		for _, fi := range b.units[ui].members {
			if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && dist2(f.pos, p) <= r*r {
				return true
			}
		}
	}
	if b.audit != nil {
		b.auditFriendNear(s, p, r)
	}
	return false
}

// resolveStrikes: each strike due makes its caller's command roll on the Artillery Strike
// Resolution Table; one that occurs deviates (combat.StrikeLanding) and bursts on everyone
// under its template (Chapter Eleven, "Resolving Strikes").
func (b *Battle) resolveStrikes() {
	for i := 0; i < len(b.strikes); i++ {
		sc := &b.strikes[i]
		if sc.due != b.turn {
			continue
		}
		su := &b.units[sc.unit]
		if su.lost {
			continue
		}
		b.hand(sc.unit)
		res := b.r.ResolveStrike(b.dice, sc.command)
		switch res.Effect {
		case "lost":
			su.lost = true
			if b.lg != nil {
				b.logf("%s: no further bombardment available\n", b.name(sc.unit))
			}
			continue
		case "cancelled":
			if b.lg != nil {
				b.logf("%s: the strike is cancelled\n", b.name(sc.unit))
			}
			continue
		case "delayed":
			sc.due += max(res.Delay, 1)
			if b.lg != nil {
				b.logf("%s: the strike is delayed %d turn(s)\n", b.name(sc.unit), res.Delay)
			}
			continue
		}
		kind := su.spec.Strike
		bm, _ := b.r.Tables.ArtilleryStrike.Bombardment(kind)
		land := b.r.StrikeLanding(b.dice, kind, sc.at, sc.heading)
		b.burstF, b.burstE, b.burstI = b.burstF[:0], b.burstE[:0], b.burstI[:0]
		r := bm.TemplateRadius
		for k := range b.figs {
			g := &b.figs[k]
			if !g.alive() || !b.units[g.unit].onTable() || dist2(g.pos, land) > (r+baseRadius)*(r+baseRadius) {
				continue
			}
			b.burstF = append(b.burstF, &g.f)
			b.burstE = append(b.burstE, combat.Exposure{At: g.pos, Prone: g.prone})
			b.burstI = append(b.burstI, int32(k))
		}
		b.clearPhaseHits()
		b.r.Burst(b.dice, land, r, bm.Damage, false, b.burstF, b.burstE, nil)
		if b.trace != nil {
			b.trace.traceTemplate(sc.unit, kind+" strike", land, r, len(b.burstI))
		}
		for _, gi := range b.burstI {
			b.phaseHits(sc.unit, int(b.figs[gi].unit), 1)
		}
		if b.lg != nil {
			b.logf("%s strike lands %s\" from its mark, %d figures under it\n", kind, in1(math.Sqrt(dist2(land, sc.at))), len(b.burstI))
		}
		b.endPhaseAll()
	}
}
