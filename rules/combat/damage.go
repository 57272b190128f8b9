package combat

import "muster/rules"

// Harm is a Damage Table result.
type Harm uint8

// The Damage Table's results, mildest first.
const (
	NoEffect Harm = iota
	Wound
	Incapacitated
)

func (h Harm) String() string {
	switch h {
	case Wound:
		return "wound"
	case Incapacitated:
		return "incapacitated"
	}
	return "none"
}

// harmOf maps a table row's effect key to a Harm.
func harmOf(o rules.Outcome) Harm {
	switch o.Effect {
	case rules.EffectWound:
		return Wound
	case rules.EffectIncapacitated:
		return Incapacitated
	}
	return NoEffect
}

// harm is the Damage Table row for a margin (Damage Strength roll minus Strength roll).
func (r *Rules) harm(margin int) Harm { return r.damageHarm[r.damage.row(margin)] }

// Damage resolves one hit (Chapter Three, "Damage Determination"): the firer rolls and adds
// the weapon's Damage Strength, the target rolls and adds his Strength, and the Damage Table
// compares the two. A tie wounds (DS ≥ SR), even when both bomb out and score 0.
func (r *Rules) Damage(d *Dice, ds, sr int) Harm {
	return r.harm(Score(d.Roll(), ds) - Score(d.Roll(), sr))
}

// DamageOdds is the exact probability of each Damage Table result for one hit.
func (r *Rules) DamageOdds(ds, sr int) [3]float64 {
	var out [3]float64
	for i, p := range r.damage.odds(MarginDist(ds, sr)) {
		out[r.damageHarm[i]] += p
	}
	return out
}

// Figure is one soldier, hero, creature or droid as fire and close assault see him: his
// Strength for resisting damage, his wounds, and the damage marked on him this phase. Damage
// is marked as it is rolled and applied by EndPhase ("Hits are marked as soon as they occur,
// but ... they do not take effect until the end of the Fire Combat Phase").
type Figure struct {
	// STR is the Strength used to resist damage: the attribute plus armor, unwounded.
	STR int
	// Wounded: -1 to all skills and attributes, no running; a second wound incapacitates.
	Wounded bool
	// Out: incapacitated, to be removed from the table.
	Out bool
	// Hero is set for heroes: Force Points, dodge and parry.
	Hero *Hero
	// Droid is set for droids: the Droid Damage Table and System Damage.
	Droid *Droid
	// Mount is the creature a rider sits on, when he has one still standing; MountLarge: it
	// is over 3 meters (hit on 4-6 rather than 5-6).
	Mount      *Figure
	MountLarge bool
	// Stunned is the penalty stun spores or a DEMP gun's pulse put on "his skills and
	// attributes" while it lasts (Chapter Eleven, "Stun", "DEMP Gun"): Strength is an
	// attribute, so it weakens his resistance to damage too. The battle sets and clears it.
	Stunned int
	// Key names the figure for the dice (0: none, his place among the targets stands in).
	// The battle engine gives every figure a key of its own, the same in two battles of
	// armies that differ in another figure, so that a volley's hits fall on the same
	// figures and roll the same damage in both (Allocate; paired battles stay paired).
	Key uint64

	wounds  uint8 // wound results marked this phase
	out     bool  // an incapacitated result marked this phase
	systems uint8 // System Damage rolls marked this phase (droids)
}

// Strength is the figure's Strength roll modifier now: -1 when wounded, less a stun's
// penalty, and for a droid -1 per torso hit.
func (f *Figure) Strength() int {
	s := f.STR - f.Stunned
	if f.Wounded {
		s += WoundPenalty
	}
	if f.Droid != nil {
		s -= f.Droid.Torso
	}
	return s
}

// CanRun: "Wounded soldiers cannot run."
func (f *Figure) CanRun() bool { return !f.Wounded && !f.Out }

// Mark records a Damage Table result, to be applied at the end of the phase.
func (f *Figure) Mark(h Harm) {
	switch h {
	case Wound:
		f.wounds++
	case Incapacitated:
		f.out = true
	}
}

// Pending is what the marks will do when applied: two wounds, or one on a wounded soldier,
// incapacitate.
func (f *Figure) Pending() Harm {
	switch {
	case f.out || int(f.wounds)+boolInt(f.Wounded) >= 2:
		return Incapacitated
	case f.wounds == 1:
		return Wound
	}
	return NoEffect
}

// PendingSystemDamage is the number of System Damage rolls marked on a droid this phase.
func (f *Figure) PendingSystemDamage() int { return int(f.systems) }

// EndPhase applies the marks and clears them. It returns the change: Wound for a newly
// wounded figure, Incapacitated for one newly out of the fight. A droid rolls its marked
// System Damage here; it returns Incapacitated when that destroys the droid.
func (f *Figure) EndPhase(d *Dice, r *Rules) Harm {
	if f.Out {
		f.wounds, f.out, f.systems = 0, false, 0
		return NoEffect
	}
	if f.Droid != nil {
		n := int(f.systems)
		f.systems = 0
		for range n {
			r.SystemDamage(d, f.Droid)
		}
		if f.Droid.Destroyed() {
			f.Out = true
			return Incapacitated
		}
		return NoEffect
	}
	h := f.Pending()
	f.wounds, f.out = 0, false
	switch h {
	case Incapacitated:
		f.Out = true
	case Wound:
		f.Wounded = true
	}
	return h
}

// Casualty reports whether a change returned by EndPhase counts as a casualty for morale
// ("each soldier wounded or incapacitated this turn").
func Casualty(h Harm) bool { return h != NoEffect }

// Resist resolves every hit one figure took from one volley or one close assault turn
// (Chapter Three, "Multiple Shots Against One Target"): the firer rolls a Damage Strength
// roll per hit, the target makes a single Strength roll against all of them, and each
// result is marked. ds holds the hits' Damage Strengths. A hero may spend Force Points on
// the Strength roll, by his policy; a droid reads the Droid Damage Table.
func (r *Rules) Resist(d *Dice, f *Figure, ds []int) {
	if len(ds) == 0 {
		return
	}
	var rolls [maxHitsOnStack]int
	var dsr []int
	if len(ds) <= len(rolls) {
		dsr = rolls[:len(ds)]
	} else {
		dsr = make([]int, len(ds))
	}
	for i, v := range ds {
		dsr[i] = Score(d.Roll(), v)
	}
	r.resistScores(d, f, dsr)
}

// resistScores is Resist for Damage Strength rolls already made (dsr holds their scores).
func (r *Rules) resistScores(d *Dice, f *Figure, dsr []int) {
	if len(dsr) == 0 {
		return
	}
	best := dsr[0]
	for _, x := range dsr[1:] {
		best = max(best, x)
	}
	sr := Score(d.Roll(), f.Strength())
	if f.Hero != nil {
		sr = f.Hero.spend(d, sr, best+1, true)
	}
	for _, x := range dsr {
		r.markMargin(f, x-sr)
	}
}

const maxHitsOnStack = 32

// markMargin marks the result of one Damage Strength roll beating a Strength roll by margin.
func (r *Rules) markMargin(f *Figure, margin int) {
	if f.Droid != nil {
		f.systems += r.droidRolls[r.droidDamage.row(margin)]
		return
	}
	f.Mark(r.harm(margin))
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// harmGiven is the probability of each Damage Table result for one Damage Strength roll
// (modifier ds) against a Strength roll that scored s.
func (r *Rules) harmGiven(ds, s int) [3]float64 {
	var out [3]float64
	d := scoreDist(ds)
	for i, p := range d.P {
		out[r.harm(d.Lo+i-s)] += p
	}
	return out
}

// HitsOdds is the exact probability of each result for a figure hit by several shots at
// once, one Strength roll (modifier sr) against a Damage Strength roll for each: none of
// them harms him; exactly one wounds and he was not wounded before (Wound); or he is
// incapacitated (by one roll, by two wounds, or by one on an old wound). No hits, no harm.
func (r *Rules) HitsOdds(ds []int, sr int, wounded bool) [3]float64 {
	if len(ds) == 0 {
		return [3]float64{1, 0, 0}
	}
	var out [3]float64
	sd := scoreDist(sr)
	q := make([][3]float64, len(ds))
	for si, ps := range sd.P {
		if ps == 0 {
			continue
		}
		s := sd.Lo + si
		for i, v := range ds {
			q[i] = r.harmGiven(v, s)
		}
		none, one := 1.0, 0.0
		for i := range q {
			one = one*q[i][NoEffect] + none*q[i][Wound]
			none *= q[i][NoEffect]
		}
		out[NoEffect] += ps * none
		out[Wound] += ps * one
	}
	if wounded {
		out[Wound] = 0
	}
	out[Incapacitated] = max(0, 1-out[NoEffect]-out[Wound])
	return out
}

// SystemRollsOdds is the exact distribution of the number of System Damage rolls a droid
// must make after several hits at once (one Strength roll against them all).
func (r *Rules) SystemRollsOdds(ds []int, sr int) Dist {
	sd := scoreDist(sr)
	var out Dist
	for si, ps := range sd.P {
		if ps == 0 {
			continue
		}
		s := sd.Lo + si
		tot := Certain(0)
		for _, v := range ds {
			var per [3]float64
			d := scoreDist(v)
			for i, p := range d.P {
				per[min(r.droidRolls[r.droidDamage.row(d.Lo+i-s)], 2)] += p
			}
			tot = Convolve(tot, Dist{Lo: 0, P: per[:]})
		}
		out = out.Plus(tot.Scale(ps))
	}
	return out
}

// HarmOf resolves one exposure (a gas cloud, a stun cloud) as a Damage Table result without
// marking it: a Damage Strength roll against a Strength roll (str, as the caller adjusts
// it), a hero spending Force Points on his Strength roll by his policy. The caller changes
// the result as the gas says (T-238: incapacitated is a wound) and marks it.
func (r *Rules) HarmOf(d *Dice, ds, str int, h *Hero) Harm {
	dsr := Score(d.Roll(), ds)
	sr := Score(d.Roll(), str)
	if h != nil {
		sr = h.spend(d, sr, dsr+1, true)
	}
	return r.harm(dsr - sr)
}
