package battle

import (
	"math"

	"muster/rules/combat"
)

// Heroes' choices beyond those of squads (Chapter Twelve): whom to aim at with specific
// targeting, and when to give up command.

// specificTarget is the figure a hero (figure ffi of unit ui) firing at unit ti aims at
// with specific targeting ("a specific soldier within a squad, or ... a hero or droid
// drawing cover from the squad", Chapter Twelve, "Specific Targeting", book line 2850), and
// the target's condition for that shot: an enemy hero standing with the squad (among the
// figures seen, b.tidx); else a lone enemy hero drawing cover from it (within his command
// distance of it, so not to be fired at directly) whom the firer sees, at his own range and
// cover; else the squad's commander, when his command is better than the squad's own, so
// that taking him out makes every later morale test harder (docs/decisions.md). -1: none.
func (b *Battle) specificTarget(ui, ti int, ffi int32, view combat.TargetView) (int32, combat.TargetView) {
	for _, tfi := range b.tidx {
		if g := &b.figs[tfi]; g.spec.Hero != nil && int(g.home) != ti {
			return tfi, view
		}
	}
	lo, hi := b.sideRange(b.units[ti].side)
	for h := lo; h < hi; h++ {
		hu := &b.units[h]
		if hu.spec.Kind != KindHero || !hu.onTable() || hu.eng >= 0 || len(hu.members) == 0 {
			continue
		}
		hfi := hu.members[0]
		g := &b.figs[hfi]
		if !g.alive() || int(g.unit) != h || !b.canSee(ui, ffi, hfi) {
			continue
		}
		if d, _ := b.nearestFig(ti, g.pos); d > float64(hu.spec.Command)+1 {
			continue // not drawing cover from this squad
		}
		ok, cover := b.los(ffi, hfi)
		if !ok {
			continue
		}
		v := view
		v.Distance = fmax(math.Sqrt(dist2(b.figs[ffi].pos, g.pos)), 0.5)
		v.Cover, v.Prone, v.Camouflage = cover, g.prone, hu.spec.Camo
		return hfi, v
	}
	u := &b.units[ti]
	if u.spec.Kind != KindSquad || u.leader < 0 || u.spec.Command <= u.spec.SquadCommand {
		return -1, view
	}
	for _, tfi := range b.tidx {
		if g := &b.figs[tfi]; tfi == u.leader && g.spec.Hero == nil && int(g.home) == ti {
			return tfi, view
		}
	}
	return -1, view
}

// specificName names the figure a specific shot aims at, and where: a hero by name, a
// soldier by role; "in" the squad, or "beside" it for a lone hero drawing cover from it.
func (b *Battle) specificName(g *fig) string {
	switch {
	case g.spec.Hero == nil:
		return "the " + g.spec.Who + " in"
	case b.units[g.home].state == stAttached:
		return b.name(int(g.home)) + " in"
	}
	return b.name(int(g.home)) + " beside"
}

// lastRally: a broken squad at its rally point, which leaves the battle if its next rally
// test fails.
func (b *Battle) lastRally(u *unit) bool {
	return u.atRally && b.status(u) == combat.Broken
}

// giveUpCommand: a hero "can relinquish command of the squad during a Special Actions Phase,
// ... handing the squad over to a squad member" (Chapter Twelve, "Heroes and Command", line
// 2787). The doctrine has a hero in command of a broken squad at its rally point, which
// leaves the battle if it fails its next rally test and takes him with it, hand it back to
// its commander (or, him out, to the squad's own command) and fight on alone; no hero takes
// command of such a squad (assumeCommand).
func (b *Battle) giveUpCommand() {
	for ui := range b.units {
		u := &b.units[ui]
		if !u.onTable() || u.leader < 0 || !b.lastRally(u) {
			continue
		}
		hi := u.leader
		f := &b.figs[hi]
		if f.spec.Hero == nil || int(f.home) == ui || !f.alive() || f.powerTurn == b.turn || b.ownAlive(ui) == 0 {
			continue
		}
		f.powerTurn = b.turn // his special action this phase
		u.leader = -1
		if c := u.members[0]; b.figs[c].alive() && int(b.figs[c].home) == ui && b.figs[c].spec.Role == RoleCommander {
			u.leader = c
		}
		b.act("giving up command")
		if b.lg != nil {
			b.logf("%s gives up command of %s\n", b.name(int(f.home)), b.name(ui))
		}
		b.detachHero(ui)
	}
}
