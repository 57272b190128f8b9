package battle

import (
	"muster/rules"
	"muster/rules/combat"
)

// Mounts in close assault (Chapter Thirteen, "Mounts", "Close Assault Combat"): "a soldier
// can fight from a creature's back, or the creature itself may fight. Sometimes both may do
// so." Each Close Assault Combat Phase, a rider still on his mount
//   - attacks from its back only after a difficulty 6 beast riding test; failing, "the rider
//     cannot attack this phase": he still defends (his roll can keep him unharmed) but cannot
//     hurt, as in a parting swing. From a large creature he needs "a suitably long weapon,
//     such as a spear or force pike" (longWeapon), or he cannot attack at all;
//   - lets his mount attack with its attack forms after an opposed beast riding roll against
//     its Orneriness Code: the mount fights the enemy soldiers paired with its rider
//     (combat.CreatureFight), who may hit it back.
// A wounded rider tests at -1. Riders in a parting swing only defend, as everyone leaving.

// riderDifficulty is the beast riding test to attack from a mount's back.
const riderDifficulty = 6

// longWeapon: the close assault weapons long enough to fight from a large creature's back.
// The catalogue has no force pike; the spear and the gaderffii (a staff as long) are.
func longWeapon(w *rules.Weapon) bool {
	if w == nil {
		return false
	}
	n := rules.Normalize(w.Name)
	return n == rules.Normalize("spear") || n == rules.Normalize("gaderffii") || n == rules.Normalize("force pike")
}

// ridingSkill is a rider's beast riding code now: -1 if wounded.
func ridingSkill(f *fig) int {
	if f.f.Wounded && !f.painControlled {
		return f.spec.Riding + combat.WoundPenalty
	}
	return f.spec.Riding
}

// ridersTest: each rider among the fighters tests to attack from the saddle; one who fails
// (or has no long weapon on a large mount) cannot hurt this phase.
func (b *Battle) ridersTest() {
	for s := range 2 {
		for i, fi := range b.fidx[s] {
			f := &b.figs[fi]
			if !f.riding {
				continue
			}
			why := ""
			switch {
			case f.spec.MountLarge && !longWeapon(f.spec.Melee):
				why = "has no weapon long enough to fight from his " + lower(b.units[f.home].spec.MountKind.Name)
			case !combat.Test(b.dice, ridingSkill(f), riderDifficulty):
				why = "fails his beast riding test"
			}
			if why != "" {
				b.fighters[s][i].Disengaging = true
			}
			if b.lg != nil {
				b.logf("  %s of %s %s\n", f.spec.Who, b.name(int(f.unit)), ifs(why == "", "fights from the saddle", why+": he cannot attack this phase"))
			}
		}
	}
}

// mountsAttack: after the pairing, each rider's mount attacks the enemies paired with him
// when he wins an opposed beast riding roll against its Orneriness Code. The damage is
// marked, to apply with the rest when the round ends.
func (b *Battle) mountsAttack() {
	for gi := range b.groups {
		g := &b.groups[gi]
		ls := g.LoneSide
		b.mountAttack(ls, g.Lone, g.Others[:g.N], 1-ls)
		for k := 0; k < g.N; k++ {
			b.mountAttack(1-ls, g.Others[k], []int{g.Lone}, ls)
		}
	}
}

// mountAttack: rider i of side s, whose mount may attack foes (indexes of side fs fighters).
func (b *Battle) mountAttack(s, i int, foes []int, fs int) {
	if i >= len(b.fidx[s]) {
		return
	}
	f := &b.figs[b.fidx[s][i]]
	if !f.riding || len(foes) == 0 {
		return
	}
	c := b.units[f.home].spec.MountKind
	x, y := combat.Opposed(b.dice, ridingSkill(f), f.spec.MountOrn)
	if x <= y {
		if b.lg != nil {
			b.logf("  %s of %s cannot make his %s attack\n", f.spec.Who, b.name(int(f.unit)), lower(c.Name))
		}
		return
	}
	pick := b.mountFoes[:0]
	for _, j := range foes {
		if j < len(b.fighters[fs]) && len(pick) < combat.MaxOnOne {
			pick = append(pick, b.fighters[fs][j])
		}
	}
	b.mountFoes = pick
	n := len(pick)
	if n == 0 {
		return
	}
	plan := &b.units[f.home].spec.mountAttacks[n-1]
	attacks := plan.attacks
	b.r.CreatureFight(b.dice, &f.mount, attacks, plan.mod, pick)
	b.act(c.Name)
	for _, j := range foes[:n] {
		b.phaseHits(int(f.unit), int(b.figs[b.fidx[fs][j]].unit), 0.5)
	}
	if b.lg != nil {
		b.logf("  %s of %s: his %s attacks (%d attack form%s)\n", f.spec.Who, b.name(int(f.unit)), lower(c.Name), len(attacks), ifs(len(attacks) == 1, "", "s"))
	}
}

// mountPlan is a mount's attacks on n foes to its front, and the modifier on each roll.
type mountPlan struct {
	attacks []combat.CreatureAttack
	mod     int
}

// mountPlans works out a creature's attacks on 1, 2 and 3 foes to its front.
func mountPlans(c *rules.Creature) [combat.MaxOnOne]mountPlan {
	var out [combat.MaxOnOne]mountPlan
	arcs := make([]combat.Arc, combat.MaxOnOne) // all Front
	for n := 1; n <= combat.MaxOnOne; n++ {
		out[n-1].attacks, out[n-1].mod = combat.CreatureAttacks(c, arcs[:n])
	}
	return out
}

// anyRiding: a figure of the engagement is on his mount (a squad that went on foot when one
// rider was thrown may still have others in the saddle).
func (b *Battle) anyRiding(ei int) bool {
	en := &b.engs[ei]
	for s := range 2 {
		for k := 0; k < len(en.units[s]); k++ {
			u := &b.units[en.units[s][k]]
			if !u.spec.Mounted {
				continue
			}
			for _, fi := range u.members {
				if b.figs[fi].riding && b.figs[fi].alive() {
					return true
				}
			}
		}
	}
	return false
}
