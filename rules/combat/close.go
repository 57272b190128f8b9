package combat

import (
	"strings"

	"muster/rules"
)

// closeMods are the Close Assault Combat Modifiers by name.
type closeMods struct {
	charging, barrier, outnumbering             int
	melee, vibro, lightsaber                    int
	sideOrRear, prone, separated, shaken, demor int
	droid                                       int
}

func (m *closeMods) load(ms rules.Modifiers) error {
	return loadMods("close_assault", ms, map[string]*int{
		"charging": &m.charging, "defending_barrier": &m.barrier, "outnumbering": &m.outnumbering,
		"melee_weapon": &m.melee, "vibro_weapon": &m.vibro, "lightsaber": &m.lightsaber,
		"side_or_rear": &m.sideOrRear, "prone": &m.prone, "separated": &m.separated,
		"shaken": &m.shaken, "demoralized": &m.demor, "droid": &m.droid,
	})
}

// Fighter is one soldier, hero, droid or creature in a close assault.
type Fighter struct {
	Fig *Figure
	// Skill is the code rolled: melee combat with a melee weapon, brawling with bare hands,
	// lightsaber (or DEX) with a lightsaber, before any wound. For a creature it is the
	// attack form's Damage Strength, which "is added to its die roll".
	Skill int
	// Weapon is the melee weapon used; nil fights with bare hands (brawling).
	Weapon *rules.Weapon
	// Damage is his Damage Strength if he wins: Strength (unarmored, "armor has no effect
	// on a soldier's ability to cause damage") plus a melee weapon's Damage Strength, 5 for a
	// lightsaber (control + 5 with lightsaber combat), a creature's attack form.
	Damage int

	Charging   bool // charged this turn, first turn of the combat only: +1
	Barrier    bool // defending behind a barrier: +1
	SideOrRear bool // attacked from side or rear: -2
	Prone      bool // -2
	Separated  bool // -1
	Morale     Status
	Droid      bool // +1 in any close assault (Chapter Fourteen)
	Creature   bool // loses with its Strength; not subject to morale

	// Heroes: brawling parry is added against an opponent who is brawling, melee parry
	// against one who is meleeing.
	BrawlingParry, MeleeParry int
	// Disengaging: the parting swing; he may avoid damage but cannot cause it.
	Disengaging bool
	// Extra is any other modifier: the parting swing's +2 from the rear
	// (PartingSwingModifier), a climbing hero's -3, a creature's -2 per extra target.
	Extra int
}

// WeaponBonus is a weapon's Close Assault Combat Modifier: +1 for a standard melee weapon,
// +2 for a vibroaxe or vibroblade, +4 for a lightsaber, nothing for bare hands.
func (r *Rules) WeaponBonus(w *rules.Weapon) int {
	switch {
	case w == nil || w.Skill == "brawling":
		return 0
	case w.Skill == "lightsaber":
		return r.close.lightsaber
	case len(w.Name) >= 5 && strings.EqualFold(w.Name[:5], "vibro"):
		return r.close.vibro
	case w.Class == "melee":
		return r.close.melee
	}
	return 0
}

// MeleeDamage is a close assault winner's Damage Strength (Chapter Four, "Damage"): his
// Strength (unarmored) plus his melee weapon's Damage Strength, his Strength alone with bare
// hands; a lightsaber's 5, or control + 5 for a hero with the lightsaber combat power
// (Chapter Eleven, "Lightsaber"). A wounded soldier's Strength is already 1 lower.
func MeleeDamage(str int, w *rules.Weapon, control int, lightsaberCombat bool) int {
	switch {
	case w == nil || w.Skill == "brawling":
		return str
	case w.Skill == "lightsaber":
		if lightsaberCombat {
			return control + w.Damage
		}
		return w.Damage
	case w.STRBonus:
		return str + w.Damage
	}
	return w.Damage
}

// meleeing reports whether a fighter uses a melee weapon (a lightsaber included) rather
// than his fists, for the parry skills.
func (f *Fighter) meleeing() bool { return f.Weapon != nil && f.Weapon.Skill != "brawling" }

// Modifier is the fighter's total close assault modifier when outnumbering his opponent by
// extra soldiers (0 when fighting one on one or alone against several).
func (r *Rules) Modifier(f *Fighter, extra int) int {
	m := f.Skill + r.WeaponBonus(f.Weapon) + extra*r.close.outnumbering + f.Extra
	if f.Fig != nil && f.Fig.Wounded {
		m += WoundPenalty
	}
	if f.Charging {
		m += r.close.charging
	}
	if f.Barrier {
		m += r.close.barrier
	}
	if f.SideOrRear {
		m += r.close.sideOrRear
	}
	if f.Prone {
		m += r.close.prone
	}
	if f.Separated {
		m += r.close.separated
	}
	switch f.Morale {
	case Shaken:
		m += r.close.shaken
	case Demoralized:
		// A broken squad's fighters have their skills at 0 (Chapter Five, "Broken"); the
		// chart has no line for broken, so no -2 on top (docs/decisions.md).
		m += r.close.demor
	}
	if f.Droid {
		m += r.close.droid
	}
	return m
}

// parryAgainst is the parry skill a fighter adds against an opponent.
func parryAgainst(f, opp *Fighter) int {
	if opp.meleeing() {
		return f.MeleeParry
	}
	return f.BrawlingParry
}

// Group is one lone soldier and the one to three enemies fighting him (Chapter Four,
// "Pairing Off"); a one-on-one pairing is a group of one. Indexes are into the two sides'
// fighter slices.
type Group struct {
	LoneSide int // 0 or 1: whose soldier fights alone
	Lone     int
	Others   [MaxOnOne]int
	N        int // how many Others
	// Attack is which of Others (0..N-1) the lone soldier attacks.
	Attack int
}

// Pair pairs off a soldiers of side 0 with b of side 1 "as evenly as possible": one on one
// while both sides have soldiers, then the larger side's extra soldiers join the pairings in
// turn, at most three on one; any beyond that stand idle. It appends the groups to gs.
// Which enemy each extra soldier chooses is the player's, given base-to-base contact; this
// spreads them evenly, which the battle engine may override.
func Pair(a, b int, gs []Group) []Group {
	lone, many, side := b, a, 1
	if b > a {
		lone, many, side = a, b, 0
	}
	for j := range lone {
		g := Group{LoneSide: side, Lone: j}
		for k := j; k < many && g.N < MaxOnOne; k += lone {
			g.Others[g.N] = k
			g.N++
		}
		gs = append(gs, g)
	}
	return gs
}

// ChooseAttack is the lone soldier's choice of whom to attack: the opponent with the lowest
// close assault modifier, whom he is likeliest to beat; the first such on ties.
func (r *Rules) ChooseAttack(g *Group, others []Fighter) {
	best, bm := 0, 0
	for k := range g.N {
		m := r.Modifier(&others[g.Others[k]], g.N-1)
		if k == 0 || m < bm {
			best, bm = k, m
		}
	}
	g.Attack = best
}

// CloseResult collects what a close assault round did.
type CloseResult struct {
	// Wins counts the opposed rolls each side won (the winner may inflict damage).
	Wins [2]int
	ds   []int
}

// Close resolves one round of close assault for every group (Chapter Four, "Close Assault
// Combat Skill Tests" and "Damage"): each lone soldier makes one roll, compared with each of
// his opponents' rolls; the high roller may inflict damage, a tie does nothing; the lone
// soldier can damage only the opponent he attacks, but avoids being hit by any he beats.
// Damage is the winner's Damage Strength against the loser's Strength on the Damage Table
// (the Droid Damage Table for a droid), one Strength roll against several hits. A soldier
// who bombs out with a lightsaber rolls its damage on himself. Heroes spend Force Points by
// their policy, the lone soldier first, to beat every opponent, then each opponent to beat
// him. Results are marked on the figures; call EndPhase on them when the phase ends, then
// ForceBack.
func (r *Rules) Close(d *Dice, sides [2][]Fighter, groups []Group, res *CloseResult) {
	res.Wins = [2]int{}
	for gi := range groups {
		g := &groups[gi]
		lone := &sides[g.LoneSide][g.Lone]
		others := sides[1-g.LoneSide]
		lr := d.Roll()
		ls := Score(lr, r.Modifier(lone, 0))
		var ors, oss [MaxOnOne]int
		best := 0
		for k := range g.N {
			o := &others[g.Others[k]]
			ors[k] = d.Roll()
			oss[k] = Score(ors[k], r.Modifier(o, g.N-1))
			if ors[k] != 0 {
				oss[k] += parryAgainst(o, lone)
			}
			if k == 0 || oss[k] > best {
				best = oss[k]
			}
		}
		// Parry skills differ by opponent; the lone hero spends against the best of them.
		if h := lone.Fig.Hero; h != nil && g.N > 0 {
			target := best + 1
			if lr != 0 {
				target -= maxParry(lone, others, g)
			}
			ls = h.spend(d, ls, target, false)
		}
		r.saberSelfHarm(d, lone, lr)
		res.ds = res.ds[:0]
		for k := range g.N {
			o := &others[g.Others[k]]
			r.saberSelfHarm(d, o, ors[k])
			lsk := ls
			if lr != 0 {
				lsk += parryAgainst(lone, o)
			}
			if h := o.Fig.Hero; h != nil {
				oss[k] = h.spend(d, oss[k], lsk+1, false)
			}
			switch {
			case oss[k] > lsk:
				res.Wins[1-g.LoneSide]++
				if !o.Disengaging {
					res.ds = append(res.ds, HeroDamageRoll(d, o.Fig.Hero, o.Damage))
				}
			case lsk > oss[k] && k == g.Attack:
				res.Wins[g.LoneSide]++
				if !lone.Disengaging {
					var one [1]int
					one[0] = HeroDamageRoll(d, lone.Fig.Hero, lone.Damage)
					r.resistScores(d, o.Fig, one[:])
				}
			}
		}
		if len(res.ds) > 0 {
			r.resistScores(d, lone.Fig, res.ds)
		}
	}
}

// maxParry is the largest parry the lone fighter adds against any of his opponents.
func maxParry(lone *Fighter, others []Fighter, g *Group) int {
	m := 0
	for k := range g.N {
		m = max(m, parryAgainst(lone, &others[g.Others[k]]))
	}
	return m
}

// saberSelfHarm: "If the soldier using a lightsaber bombs out, he has injured himself and
// must roll for damage on himself."
func (r *Rules) saberSelfHarm(d *Dice, f *Fighter, roll int) {
	if roll == 0 && usesSaber(f) {
		var one [1]int
		one[0] = f.Damage
		r.Resist(d, f.Fig, one[:])
	}
}

func usesSaber(f *Fighter) bool { return f.Weapon != nil && f.Weapon.Skill == "lightsaber" }

// ForceBack compares the casualties (soldiers wounded or incapacitated) each squad took in
// the round (Chapter Four, "Force Back and Advance After Combat"): the squad with more is
// forced back 4", unless its opponent is outnumbered (has less than half as many soldiers),
// which cannot force anyone back. It returns which squad is forced back: 0, 1, or -1 for
// neither.
func ForceBack(casualties, soldiers [2]int) int {
	switch {
	case casualties[0] > casualties[1] && 2*soldiers[1] >= soldiers[0]:
		return 0
	case casualties[1] > casualties[0] && 2*soldiers[0] >= soldiers[1]:
		return 1
	}
	return -1
}

// ForceBackDistance is how far a forced-back squad retreats, and the winner advances.
const ForceBackDistance = 4.0

// CommandTest is a difficulty 6 command test: to disengage from close assault, or to keep
// a squad from advancing after combat.
func CommandTest(d *Dice, command int) bool { return Test(d, command, CommandTestDifficulty) }

// CloseOdds is the exact outcome of one group's round, without Force Points: the
// probability of each Damage Table result for the lone soldier and for each opponent, and
// the expected casualties on each side.
type CloseOdds struct {
	Lone     [3]float64
	Others   [MaxOnOne][3]float64
	Expected [2]float64 // expected casualties: [the lone soldier's side, his opponents' side]
}

// GroupOdds computes a group's exact outcome. Conditioning on the lone soldier's roll makes
// his opponents' rolls independent; conditioning further on which of them beat him fixes
// the Damage Strengths his single Strength roll faces.
func (r *Rules) GroupOdds(lone Fighter, others []Fighter, attack int) CloseOdds {
	var out CloseOdds
	n := min(len(others), MaxOnOne)
	roll := RollDist()
	lm := r.Modifier(&lone, 0)
	loneSelf := r.HitsOdds([]int{lone.Damage}, lone.Fig.Strength(), lone.Fig.Wounded)
	for ti, pt := range roll.P {
		if pt == 0 {
			continue
		}
		t := roll.Lo + ti
		ls := Score(t, lm)
		var beat [MaxOnOne]float64
		for k := range n {
			o := &others[k]
			lsk := ls
			if t != 0 {
				lsk += parryAgainst(&lone, o)
			}
			om, op := r.Modifier(o, n-1), parryAgainst(o, &lone)
			var hit [3]float64
			if k == attack && !lone.Disengaging {
				hit = r.DamageOdds(lone.Damage, o.Fig.Strength())
			}
			self := r.HitsOdds([]int{o.Damage}, o.Fig.Strength(), o.Fig.Wounded)
			for ui, pu := range roll.P {
				if pu == 0 {
					continue
				}
				u := roll.Lo + ui
				os := Score(u, om)
				if u != 0 {
					os += op
				}
				harm := [3]float64{1, 0, 0}
				switch {
				case os > lsk:
					beat[k] += pu
				case os < lsk && k == attack && !lone.Disengaging:
					harm = hit
				}
				if u == 0 && usesSaber(o) {
					harm = combineHarm(harm, self, o.Fig.Wounded)
				}
				for j := range 3 {
					out.Others[k][j] += pt * pu * harm[j]
				}
			}
		}
		var harm [3]float64
		for mask := 0; mask < 1<<n; mask++ {
			pm := 1.0
			var ds []int
			for k := range n {
				if mask&(1<<k) != 0 {
					pm *= beat[k]
					if !others[k].Disengaging {
						ds = append(ds, others[k].Damage)
					}
				} else {
					pm *= 1 - beat[k]
				}
			}
			if pm == 0 {
				continue
			}
			h := r.HitsOdds(ds, lone.Fig.Strength(), lone.Fig.Wounded)
			if t == 0 && usesSaber(&lone) {
				h = combineHarm(h, loneSelf, lone.Fig.Wounded)
			}
			for j := range 3 {
				harm[j] += pm * h[j]
			}
		}
		for j := range 3 {
			out.Lone[j] += pt * harm[j]
		}
	}
	out.Expected[0] = out.Lone[Wound] + out.Lone[Incapacitated]
	for k := range n {
		out.Expected[1] += out.Others[k][Wound] + out.Others[k][Incapacitated]
	}
	return out
}

// combineHarm is the result of two independent damage resolutions on one figure: any
// incapacitation, or two wounds (one on a wounded figure), incapacitates.
func combineHarm(a, b [3]float64, wounded bool) [3]float64 {
	var out [3]float64
	out[Incapacitated] = a[Incapacitated] + b[Incapacitated] - a[Incapacitated]*b[Incapacitated] + a[Wound]*b[Wound]
	out[NoEffect] = a[NoEffect] * b[NoEffect]
	out[Wound] = a[Wound]*b[NoEffect] + a[NoEffect]*b[Wound]
	if wounded {
		out[Incapacitated] += out[Wound]
		out[Wound] = 0
	}
	return out
}
