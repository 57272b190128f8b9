package combat

import (
	"strings"

	"muster/rules"
)

// Arc is where a figure stands relative to a creature: the 90-degree arcs from the corners
// of its base (Chapter Thirteen, "Bases").
type Arc uint8

// A creature's arcs.
const (
	Front Arc = iota
	Side
	Rear
)

// FormReaches reports whether an attack form can strike into an arc (Chapter Thirteen,
// "Attack Forms"): bite and horn to the front, claw to the front and sides, tail to the back
// and sides, trample in any direction. Unknown forms strike to the front.
func FormReaches(form string, a Arc) bool {
	f := strings.ToLower(form)
	switch {
	case strings.HasPrefix(f, "claw"):
		return a == Front || a == Side
	case strings.HasPrefix(f, "tail"):
		return a == Rear || a == Side
	case strings.HasPrefix(f, "trample"):
		return true
	}
	return a == Front // bite, horn(s)
}

// CreatureAttack is one of a creature's attacks this phase.
type CreatureAttack struct {
	Form   rules.AttackForm
	Target int // index into the targets given
}

// CreatureAttacks plans a creature's attacks: one per attack form, each at the first target
// (in the order given, the caller's preference) its arc reaches. It returns the attacks and
// the modifier on each attack roll: -2 for each target beyond the first. A form that reaches
// no target does not attack.
func CreatureAttacks(c *rules.Creature, targets []Arc) ([]CreatureAttack, int) {
	var out []CreatureAttack
	seen := map[int]bool{}
	for _, f := range c.Attacks {
		for i, a := range targets {
			if FormReaches(f.Name, a) {
				out = append(out, CreatureAttack{Form: f, Target: i})
				seen[i] = true
				break
			}
		}
	}
	mod := 0
	if len(seen) > 1 {
		mod = (len(seen) - 1) * CreatureExtraTargetModifier
	}
	return out, mod
}

// CreatureFight resolves a creature's close assault (Chapter Thirteen, "Combat"): for each
// attack the creature rolls and adds the attack form's Damage Strength (and mod, the
// multiple-target penalty); each figure in contact rolls once with his close assault
// modifier. A figure the creature attacks is hit, with that form's Damage Strength, by each
// attack roll that beats his; one his roll beats is hit back, with his own Damage Strength,
// against the creature's Strength. A figure it does not attack compares his roll with the
// creature's best attack roll: he hits it if he beats that, and is not harmed if not.
// Ties do nothing. Each figure makes one Strength roll against every hit he takes.
func (r *Rules) CreatureFight(d *Dice, creature *Figure, attacks []CreatureAttack, mod int, foes []Fighter) {
	var scores [8]int
	best := 0
	n := min(len(attacks), len(scores))
	for i := range n {
		scores[i] = Score(d.Roll(), attacks[i].Form.Damage+mod)
		if i == 0 || scores[i] > best {
			best = scores[i]
		}
	}
	var onCreature [8]int
	hitsOnCreature := 0
	for fi := range foes {
		f := &foes[fi]
		fs := Score(d.Roll(), r.Modifier(f, 0))
		if f.Fig.Hero != nil {
			fs = f.Fig.Hero.spend(d, fs, best+1, false)
		}
		var ds [8]int
		nds := 0
		attacked, beatOne := false, false
		for i := range n {
			if attacks[i].Target != fi {
				continue
			}
			attacked = true
			switch {
			case scores[i] > fs:
				ds[nds] = Score(d.Roll(), attacks[i].Form.Damage)
				nds++
			case fs > scores[i]:
				beatOne = true
			}
		}
		if !attacked && n > 0 && fs > best {
			beatOne = true
		}
		if beatOne && !f.Disengaging && hitsOnCreature < len(onCreature) {
			onCreature[hitsOnCreature] = HeroDamageRoll(d, f.Fig.Hero, f.Damage)
			hitsOnCreature++
		}
		r.resistScores(d, f.Fig, ds[:nds])
	}
	r.resistScores(d, creature, onCreature[:hitsOnCreature])
}

// MountHit rolls whether a shot at a rider hits his mount instead: 5 or 6, or 4 to 6 for a
// large creature (over 3 meters tall or long) (Chapter Thirteen, "Hitting Mounts and Riders").
func MountHit(d *Dice, large bool) bool {
	if large {
		return d.D6() >= 4
	}
	return d.D6() >= 5
}

// AmokDirection rolls the direction a creature running amok takes on the Grenade Burst
// Template oriented along its facing, rerolling 4s (straight back).
func AmokDirection(d *Dice) int {
	for {
		if v := d.D6(); v != 4 {
			return v
		}
	}
}

// RegainControl: a creature running amok stops when a die beats its Orneriness Code.
func RegainControl(d *Dice, orneriness int) bool { return d.D6() > orneriness }

// StayMounted is a wounded rider's opposed beast riding test against his mount's
// Orneriness Code; he stays on if his roll beats it.
func StayMounted(d *Dice, beastRiding, orneriness int) bool {
	rider, mount := Opposed(d, beastRiding, orneriness)
	return rider > mount
}
