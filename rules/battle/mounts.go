package battle

import "muster/rules/combat"

// Mounts and riders (Chapter Thirteen, "Mounts"): a hit on a rider strikes his mount on 5-6
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
	if h := f.mount.EndPhase(&b.dice, b.r); h == combat.NoEffect {
		return
	}
	clear := combat.Test(&b.dice, f.spec.Riding, mountDifficulty)
	b.dismount(ui, f)
	if !clear {
		f.prone = true
		var one [1]int
		one[0] = f.spec.MountSTR
		b.r.Resist(&b.dice, &f.f, one[:]) // applied with his own damage, below
	}
	if b.lg != nil {
		b.logf("  %s of %s: his mount is hit and falls; %s\n", f.spec.Who, b.name(ui), ifs(clear, "he jumps clear", "it falls on him"))
	}
}

// keepSeat: a rider just wounded makes an opposed beast riding roll (at -1) against his
// mount's Orneriness Code to stay on it; failing, he falls off and the mount runs off.
func (b *Battle) keepSeat(ui int, f *fig) {
	x, y := combat.Opposed(&b.dice, f.spec.Riding+combat.WoundPenalty, f.spec.MountOrn)
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
