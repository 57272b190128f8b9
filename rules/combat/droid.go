package combat

import (
	"errors"
	"fmt"

	"muster/rules"
)

// Droid is a droid's damage state (Chapter Fourteen): droids take System Damage instead of
// wounds, and fight until destroyed.
type Droid struct {
	// Weapons is how many weapons it mounts or carries (at most three); Lost marks the ones
	// an arm or weapon mount hit took out, by index.
	Weapons int
	Lost    [3]bool
	// Locomotive hits: one halves its Movement Rate, two stop it.
	Locomotive int
	// Torso hits: each is -1 to all attributes and skills and -1" Movement Rate.
	Torso int
	// BestSkill is its highest skill code: when torso hits bring every skill to zero the
	// droid explodes.
	BestSkill int
	// OutOfControl: a head hit; it moves and fires at random, fire difficulty +1.
	OutOfControl bool
	// Exploded: destroyed; soldiers within 3" are attacked as by a grenade of Damage
	// Strength 5 (Blast).
	Exploded bool
}

// Destroyed reports whether the droid is out of the fight.
func (dr *Droid) Destroyed() bool { return dr.Exploded }

// Working returns the indexes of the weapons it can still fire.
func (dr *Droid) Working() []int {
	var w []int
	for i := range min(dr.Weapons, len(dr.Lost)) {
		if !dr.Lost[i] {
			w = append(w, i)
		}
	}
	return w
}

// Mobility is the fraction of its Movement Rate a droid keeps: 1, one half after a
// locomotive hit, 0 after two.
func (dr *Droid) Mobility() float64 {
	switch dr.Locomotive {
	case 0:
		return 1
	case 1:
		return 0.5
	}
	return 0
}

// DroidBlast is the explosion of a droid whose skills reach zero, or that self-destructs:
// Damage Strength 5 on everything within 3".
const (
	DroidBlastDamage = 5
	DroidBlastRadius = 3.0
)

// SystemDamage rolls once on the System Damage Table and applies the result; it returns
// the row's effect key (locomotive, arm_or_weapon_mount, torso, head).
func (r *Rules) SystemDamage(d *Dice, dr *Droid) string {
	row, ok := r.Tables.SystemDamage.Lookup(d.D6())
	if !ok {
		return ""
	}
	switch row.Effect {
	case "locomotive":
		dr.Locomotive++
	case "arm_or_weapon_mount":
		if w := dr.Working(); len(w) > 0 {
			dr.Lost[w[d.IntN(len(w))]] = true
		}
	case "torso":
		dr.Torso++
		if dr.Torso >= dr.BestSkill {
			dr.Exploded = true
		}
	case "head":
		dr.OutOfControl = true
	}
	return row.Effect
}

// SystemDamageOdds is the exact probability of each System Damage Table row for one roll.
func (r *Rules) SystemDamageOdds() map[string]float64 {
	out := map[string]float64{}
	for v := 1; v <= 6; v++ {
		if row, ok := r.Tables.SystemDamage.Lookup(v); ok {
			out[row.Effect] += 1.0 / 6
		}
	}
	return out
}

// DroidDamage resolves one hit on a droid on the Droid Damage Table and returns the number
// of System Damage rolls it calls for (0, 1 or 2; "DS > SR + 4" rolls twice).
func (r *Rules) DroidDamage(d *Dice, ds, sr int) int {
	return int(r.droidRolls[r.droidDamage.row(Score(d.Roll(), ds)-Score(d.Roll(), sr))])
}

// DroidDamageOdds is the exact distribution of System Damage rolls for one hit.
func (r *Rules) DroidDamageOdds(ds, sr int) Dist { return r.SystemRollsOdds([]int{ds}, sr) }

// DroidWeapon is one weapon a droid fires this phase.
type DroidWeapon struct {
	Index  int // which of its weapons
	Weapon *rules.Weapon
	Skill  int // its code in the weapon's skill
	Target int
}

// DroidFirers turns a droid's fire into Firers (Chapter Fourteen, "Fire Combat and Droids"):
// two of its working weapons a phase, +2 on each if they fire at two separate targets, +1
// out of control, and its skills lowered by its torso hits. A droid has no crewman, so a
// following fire weapon it mounts fires without following fire (Chapter Three, "Crewed
// Weapons": "If only one soldier is manning the weapon, the weapon loses its following fire
// ability").
func DroidFirers(dr *Droid, fire []DroidWeapon, out []Firer) ([]Firer, error) {
	if len(fire) > 2 {
		return out, fmt.Errorf("a droid fires two of its weapons a phase, not %d", len(fire))
	}
	split := len(fire) == 2 && fire[0].Target != fire[1].Target
	if len(fire) == 2 && fire[0].Index == fire[1].Index {
		return out, errors.New("a droid fires two different weapons")
	}
	for _, w := range fire {
		if w.Index < 0 || w.Index >= dr.Weapons || w.Index >= len(dr.Lost) || dr.Lost[w.Index] {
			return out, fmt.Errorf("the droid's weapon %d is not working", w.Index)
		}
		f := Firer{Skill: w.Skill - dr.Torso, Weapon: w.Weapon, Target: w.Target}
		if split {
			f.Extra += DroidSecondTargetModifier
		}
		if dr.OutOfControl {
			f.Extra += OutOfControlModifier
		}
		out = append(out, f)
	}
	return out, nil
}

// DroidOpportunityFire: a droid that has not moved may opportunity fire one weapon without
// a test; it cannot move afterwards but may fire one other weapon in the Fire Combat Phase.
// It returns the Firing for that shot.
func DroidOpportunityFire(moved bool) (Firing, error) {
	if moved {
		return Firing{}, errors.New("a droid that has moved cannot opportunity fire")
	}
	return Firing{Opportunity: true}, nil
}
