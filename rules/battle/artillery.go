package battle

import (
	"math"

	"muster/rules"
	"muster/rules/combat"
)

// On-board artillery (Chapter Eleven, "On-Board Artillery"): a piece placed at set-up, fired
// by its crew, a squad "considered to be a squad [that] follows all the rules for squads".
// An army file has no link between a piece and its crew, so the squad listed right after
// the piece crews it (docs/decisions.md; the door, rules/battle/muster, makes it so). The crew holds by its gun; while soldiers of it stand
// within 1" of the gun, the lead gunner fires it at the Fire Rate, "always at short range",
// his blaster artillery plus the Fire Control, +2 undermanned; a miss deviates as a grenade
// at medium range, and a 1-2 on the distance die overshoots (combat.OnBoardArtillery).

// gunReach is how near the gun a crewman must stand: "within 1\"" of it, base to base.
const gunReach = 1.0 + 2*baseRadius

// fireRate is how many turns a piece takes between shots: "1/2" fires every other turn.
func fireRate(p *rules.Artillery) int {
	if p.FireRate == "1/2" {
		return 2
	}
	return 1
}

// crewNear counts the crew's soldiers within reach of the gun.
func (b *Battle) crewNear(ui int) int {
	u := &b.units[ui]
	n := 0
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && int(f.unit) == ui && dist2(f.pos, u.gunAt) <= gunReach*gunReach {
			n++
		}
	}
	return n
}

// fireGun: the crew fires its piece in the Fire Combat Phase when it may (its Fire Rate, a
// crewman by the gun, not broken): at the visible enemy figure, at least the piece's minimum
// range away, with the most enemies under the blast and no friend within it and 3" more. The
// whole squad serves the gun that phase. It reports whether the gun fired.
func (b *Battle) fireGun(ui int) bool {
	u := &b.units[ui]
	p := u.spec.Piece
	if p == nil || u.eng >= 0 || b.status(u) == combat.Broken || (u.gunFired > 0 && b.turn-u.gunFired < fireRate(p)) {
		return false
	}
	crew := b.crewNear(ui)
	if crew == 0 {
		return false
	}
	r := p.BlastRadius + baseRadius
	lo, hi := b.sideRange(1 - u.side)
	best, bn := Point{}, 0
	// Every enemy figure on the table that a shot may catch, gathered once: each aiming
	// point counts those under its blast.
	under := b.gunPts[:0]
	for k := lo; k < hi; k++ {
		if !b.units[k].onTable() {
			continue
		}
		for _, oi := range b.units[k].members {
			if o := &b.figs[oi]; o.alive() && int(o.unit) == k {
				under = append(under, o.pos)
			}
		}
	}
	b.gunPts = under
	for ei := lo; ei < hi; ei++ {
		e := &b.units[ei]
		if !e.onTable() || e.eng >= 0 || (b.hideOn && b.hidden[ei]) {
			continue
		}
		for _, fi := range e.members {
			g := &b.figs[fi]
			if !g.alive() || int(g.unit) != ei || dist2(g.pos, u.gunAt) < float64(p.MinRange*p.MinRange) {
				continue
			}
			n := 0
			for _, o := range under {
				if dist2(o, g.pos) <= r*r {
					n++
				}
			}
			if n <= bn {
				continue
			}
			if ok, _ := b.field.sight(u.gunAt, g.pos, b.field.at(u.gunAt).hill, g.prone); !ok || b.friendNear(u.side, g.pos, r+3) {
				continue
			}
			best, bn = g.pos, n
		}
	}
	if bn == 0 {
		return false
	}
	u.gunFired = b.turn
	b.act(p.Name)
	if b.hideOn {
		b.reveal(ui, "it fires")
	}
	diff := b.r.Base(combat.Short)
	if crew < p.Crew {
		diff += 2 // undermanned
	}
	switch b.status(u) {
	case combat.Shaken:
		diff++
	case combat.Demoralized:
		diff += 2
	}
	skill := u.spec.PieceSkill + p.FireControl
	land, ok := b.r.OnBoardArtillery(b.dice, skill, diff, u.gunAt, best)
	if !ok {
		if b.lg != nil {
			b.logf("%s fires its %s: the shot overshoots\n", b.name(ui), lower(p.Name))
		}
		return true
	}
	b.burstF, b.burstE, b.burstI = b.burstF[:0], b.burstE[:0], b.burstI[:0]
	for i := range b.figs {
		g := &b.figs[i]
		if !g.alive() || !b.units[g.unit].onTable() || dist2(g.pos, land) > r*r {
			continue
		}
		if g.spec.Hero != nil {
			g.hero.Unaware = !frontArc(g.pos, b.units[g.unit].fdir, u.gunAt)
		}
		b.burstF = append(b.burstF, &g.f)
		b.burstE = append(b.burstE, combat.Exposure{At: g.pos, Prone: g.prone})
		b.burstI = append(b.burstI, int32(i))
	}
	b.r.Burst(b.dice, land, p.BlastRadius, p.Damage, false, b.burstF, b.burstE, nil)
	if b.trace != nil {
		b.trace.traceTemplate(ui, lower(p.Name), land, p.BlastRadius, len(b.burstI))
	}
	for _, gi := range b.burstI {
		b.phaseHits(ui, int(b.figs[gi].unit), 1)
	}
	if b.lg != nil {
		b.logf("%s fires its %s: %s, %d under the blast\n", b.name(ui), lower(p.Name),
			ifs(dist2(land, best) < 1e-9, "on target", "it deviates "+in1(math.Sqrt(dist2(land, best)))+"\""), len(b.burstI))
	}
	b.diveOut(land, p.BlastRadius)
	return true
}
