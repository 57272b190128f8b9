package battle

import (
	"math"

	"muster/rules/combat"
)

// Mounts, riders and creatures running amok (Chapter Thirteen, "Mounts"): a hit on a rider strikes his mount on 5-6
// (4-6 a large creature: combat.Figure.Mount); a mount wounded or incapacitated falls, and
// its rider either gets clear (difficulty 6 beast riding) or is pinned, prone, and hurt at
// the creature's Strength; a wounded rider keeps his seat on an opposed beast riding roll
// against the Orneriness Code, or falls off and his mount runs off. A squad with a rider
// thrown goes on foot (it moves as one body).

// largeCreatureSTR: creatures this strong are taken as "over 3 meters tall or long"
// (bantha, krayt dragon, rancor, wampa); the chart does not say (docs/decisions.md).
const largeCreatureSTR = 7

// mountDifficulty is the beast riding test to get clear of a falling mount.
const mountDifficulty = 6

// mountEndPhase applies the damage marked on a rider's mount when the phase ends.
func (b *Battle) mountEndPhase(ui int, f *fig) {
	h := f.mount.EndPhase(b.dice, b.r)
	if h == combat.NoEffect {
		return
	}
	if h == combat.Wound {
		// A wounded mount lies down and "can stand up in the next Movement Phase", when
		// its rider may mount it again (remount.go).
		f.mountDown, b.units[f.home].remount = true, true
	}
	clear := combat.Test(b.dice, f.spec.Riding, mountDifficulty)
	if f.spec.MountLarge {
		b.fallOver(f, f.spec.MountSTR, b.units[f.home].spec.MountKind.Name) // creaturefall.go
	}
	b.dismount(ui, f)
	if !clear {
		f.prone = true
		var one [1]int
		one[0] = f.spec.MountSTR
		b.r.Resist(b.dice, &f.f, one[:]) // applied with his own damage, below
	}
	if b.lg != nil {
		b.logf("  %s of %s: his mount is hit and falls; %s\n", f.spec.Who, b.name(ui), ifs(clear, "he jumps clear", "it falls on him"))
	}
}

// keepSeat: a rider just wounded makes an opposed beast riding roll (at -1) against his
// mount's Orneriness Code to stay on it; failing, he falls off and the mount runs off.
func (b *Battle) keepSeat(ui int, f *fig) {
	x, y := combat.Opposed(b.dice, f.spec.Riding+combat.WoundPenalty, f.spec.MountOrn)
	if x > y {
		return
	}
	b.dismount(ui, f)
	f.prone = true
	if b.lg != nil {
		b.logf("  %s of %s falls from his mount\n", f.spec.Who, b.name(ui))
	}
}

// dismount: the rider is on foot, and so is his squad.
func (b *Battle) dismount(ui int, f *fig) {
	f.riding = false
	f.f.Mount = nil
	b.units[ui].mounted = false
}

// runAmok: a creature unit with a wounded creature runs amok (Chapter Thirteen, "Running
// Amok"): at the start of its Movement Phase a die above its Orneriness Code stops it where
// it stands; otherwise it runs its full Movement Rate in a direction rolled on the Grenade
// Burst Template around its facing (a 4, straight back, rolled again), halting at the first
// figure it meets: an enemy is then attacked (close assault), a friend only stops it. The
// whole unit runs (creatures of a unit move together). It reports whether the unit's move is
// spent.
func (b *Battle) runAmok(ui int) bool {
	u := &b.units[ui]
	orn := 0
	for _, fi := range u.members {
		if f := &b.figs[fi]; f.alive() && f.spec.Creature != nil {
			orn = f.spec.Creature.Orneriness
			break
		}
	}
	if b.dice.D6() > orn {
		u.amok = false
		if b.lg != nil {
			b.logf("%s stops running amok\n", b.name(ui))
		}
		return true
	}
	roll := b.dice.D6()
	for roll == 4 {
		roll = b.dice.D6()
	}
	start := u.anchor
	dir := combat.Deviate(Point{}, u.facing, roll, 1)
	dest := b.clampTable(add(start, scale(dir, u.spec.Run)))
	end := b.route(ui, start, dest, u.spec.Run-b.standUp(ui), false)
	// Halt at the first figure in the way.
	hit := -1
	steps := int(math.Ceil(math.Sqrt(dist2(start, end)) / moveStep))
	for k := 1; k <= steps && hit < 0; k++ {
		p := lerp(start, end, float64(k)/float64(steps))
		for e := range b.units {
			if e == ui || !b.units[e].onTable() {
				continue
			}
			if d, _ := b.nearestFig(e, p); d <= 2*baseRadius+0.05 {
				hit, end = e, lerp(start, end, float64(k-1)/float64(steps))
				break
			}
		}
	}
	b.place(ui, end, heading(start, end))
	u.moved, u.ran = true, true
	if b.lg != nil {
		b.logf("%s runs amok %s\"%s\n", b.name(ui), in1(math.Sqrt(dist2(start, end))), ifs(hit >= 0, " into "+b.name(max(hit, 0)), ""))
	}
	if hit >= 0 && b.units[hit].side != u.side {
		b.engage(ui, hit)
		u.charged, u.firstRound, u.chargedIn = true, true, true
	}
	return true
}
