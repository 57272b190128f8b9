package combat

// Hero is what a hero brings to a fight beyond a soldier's Figure (Chapter Twelve): his
// Force Points and the policy he spends them by, dodge, and the lightsaber parry.
type Hero struct {
	// Points is the Force Points he has left; spending lowers it.
	Points int
	// Policy decides when he spends them; the zero policy never spends.
	Policy ForcePolicy
	// Dodge is his dodge skill code; 0 means he cannot dodge.
	Dodge int
	// Parry is his lightsaber skill (lightsaber combat included) when he carries a lightsaber
	// and has the lightsaber combat power; 0 means he cannot parry blaster bolts.
	Parry int
	// Unaware: the fire comes from behind his 180-degree front arc (or he is climbing), so he
	// can neither dodge nor parry it (nor absorb it).
	Unaware bool
	// Absorb is his control skill when he has the absorb/dissipate energy power; 0 means he
	// has not. He absorbs in place of dodging when it is at least his dodge and parry.
	Absorb int
	// Spent counts the Force Points spent, for reports.
	Spent int
}

// ForcePolicy is when a hero spends Force Points (docs/decisions.md, "Combat"). The book lets
// him decide after seeing his roll, one point and one extra die at a time, "if he is not
// happy with his roll"; Muster's hero is unhappy exactly when the roll does not yet give him
// what he wants (a hit, a dodge, a win, a Strength roll above every Damage Strength roll),
// and spends one more point while it does not, within two limits.
type ForcePolicy struct {
	// MaxPerRoll caps the points spent on any one roll; 0 never spends.
	MaxPerRoll int
	// Reserve is the points kept back for Strength rolls: rolls to hit, dodge, parry or win a
	// close assault spend only what is above it.
	Reserve int
	// BombedDamage spends the one point the book allows on a Damage Strength roll that
	// bombed out.
	BombedDamage bool
}

// DefaultForcePolicy is the policy the engine plays heroes by: at most two points a roll,
// one kept back for Strength rolls, and the point on a bombed-out Damage Strength roll.
var DefaultForcePolicy = ForcePolicy{MaxPerRoll: 2, Reserve: 1, BombedDamage: true}

// spend adds Force dice to a score while it is below target and the policy allows: each
// point rolls one more die, which rolls over on a six and cannot bomb out. After a bomb-out
// the score is 0 and the Force dice add to that 0, with no modifiers (docs/decisions.md).
// strength says whether this is a Strength roll, which may use the reserve.
func (h *Hero) spend(d *Dice, score, target int, strength bool) int {
	limit := h.Points
	if !strength {
		limit -= h.Policy.Reserve
	}
	limit = min(limit, h.Policy.MaxPerRoll)
	n := 0
	for score < target && n < limit {
		score += d.Rollover()
		n++
	}
	h.Points -= n
	h.Spent += n
	return score
}

// HeroTest is a hero's straight test with Force Points spent by his policy.
func HeroTest(d *Dice, h *Hero, skill, difficulty int) bool {
	return h.spend(d, Score(d.Roll(), skill), difficulty, false) >= difficulty
}

// HeroDamageRoll is a hero's Damage Strength roll: Force Points cannot raise it "unless he
// bombs out, in which case he can spend one Force Point on the roll".
func HeroDamageRoll(d *Dice, h *Hero, ds int) int {
	s := Score(d.Roll(), ds)
	if s == 0 && h != nil && h.Policy.BombedDamage && h.Points > 0 && h.Policy.MaxPerRoll > 0 {
		h.Points--
		h.Spent++
		s += d.Rollover()
	}
	return s
}

// Dodge resolves a hero's dodge against one shot that hit him (Chapter Twelve, "Dodge"):
// the firer rolls his weapon skill, the hero his dodge, with no modifiers; "if the hero ties
// or wins the roll, the fire combat has no effect". It reports whether he dodged. A hero
// without dodge, or who cannot see the shot coming, does not dodge.
func Dodge(d *Dice, h *Hero, firerSkill int) bool {
	if h.Dodge <= 0 || h.Unaware {
		return false
	}
	f := Score(d.Roll(), firerSkill)
	return h.spend(d, Score(d.Roll(), h.Dodge), f, false) >= f
}

// Parry resolves a lightsaber parry of a blaster bolt (Chapter Twelve, "Lightsaber"): the
// attacker's roll to hit (attack, its score) is opposed by the hero's lightsaber roll; "if
// the hero wins" he parries it and may aim it back at the firer (ReturnBolt). A tie is not
// a win: the bolt hits.
func Parry(d *Dice, h *Hero, attack int) bool {
	if h.Parry <= 0 || h.Unaware {
		return false
	}
	return h.spend(d, Score(d.Roll(), h.Parry), attack+1, false) > attack
}

// ReturnBolt is the parried bolt aimed back at the firer: a fire combat test with the hero's
// control skill against the difficulty the shot would have at the firer (range, cover and
// the rest), and if it hits, damage at the Damage Strength of the weapon that fired it.
func (r *Rules) ReturnBolt(d *Dice, h *Hero, control, difficulty, ds int, firer *Figure) bool {
	if !HeroTest(d, h, control, difficulty) {
		return false
	}
	r.Resist(d, firer, []int{ds})
	return true
}

// DodgeGrenade is a hero's dodge roll against a grenade whose burst template covers him: a
// difficulty 6 dodge roll; if successful "he dives out of range, ending up prone adjacent to
// the burst template".
func DodgeGrenade(d *Dice, h *Hero) bool {
	if h.Dodge <= 0 || h.Unaware {
		return false
	}
	return HeroTest(d, h, h.Dodge, GrenadeDodgeDifficulty)
}

// AbsorbDifficulty: "the hero makes a difficulty 6 skill test; if successful, he absorbs
// the energy"; +1 against a heavy weapon, and +1 for each further shot absorbed from the same
// firer in one roll (Chapter Twelve, "Absorb/Dissipate Energy"; docs/decisions.md).
const AbsorbDifficulty = 6

// absorbs reports whether a hero uses absorb/dissipate energy rather than dodging or
// parrying: he has it, sees the fire coming, and it is at least as good a skill.
func (h *Hero) absorbs() bool {
	return h.Absorb > 0 && !h.Unaware && h.Absorb >= h.Dodge && h.Absorb >= h.Parry
}

// Absorbs rolls a hero's absorb/dissipate energy against n hits from one firer (squad),
// heavy when any came from a heavy weapon: one test for all of them.
func Absorbs(d *Dice, h *Hero, n int, heavy bool) bool {
	return HeroTest(d, h, h.Absorb, AbsorbDifficulty+n-1+boolInt(heavy))
}

// ForceScoreDist is the exact distribution of a hero's score when he rolls with modifier mod
// and spends up to points Force Points, one at a time, while the score is below target.
func ForceScoreDist(mod, target, points int) Dist {
	cur := scoreDist(mod)
	roll := rolloverDist()
	for range max(points, 0) {
		cut := max(0, min(len(cur.P), target-cur.Lo))
		below := Dist{Lo: cur.Lo, P: cur.P[:cut]}
		if below.Total() == 0 {
			break
		}
		above := Dist{Lo: cur.Lo + cut, P: cur.P[cut:]}
		cur = above.Plus(Convolve(below, roll))
	}
	return cur
}

// ForceTestOdds is the exact probability that a hero passes a straight test spending up to
// points Force Points while he is below the difficulty.
func ForceTestOdds(skill, difficulty, points int) float64 {
	return ForceScoreDist(skill, difficulty, points).AtLeast(difficulty)
}

// DodgeOdds is the exact probability that a hero dodges one shot, spending up to points
// Force Points on the dodge roll.
func DodgeOdds(firerSkill, dodge, points int) float64 {
	f := scoreDist(firerSkill)
	p := 0.0
	for i, pf := range f.P {
		if pf == 0 {
			continue
		}
		x := f.Lo + i
		p += pf * ForceScoreDist(dodge, x, points).AtLeast(x)
	}
	return p
}

// ParryOdds is the exact probability that a hero parries a bolt whose attack roll scored
// attack.
func ParryOdds(parry, attack, points int) float64 {
	return ForceScoreDist(parry, attack+1, points).AtLeast(attack + 1)
}
