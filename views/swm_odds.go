package views

// D20OddsView is the odds page's d20 Star Wars Miniatures section: the form as typed and,
// once asked, the exact odds of one attack and of the attacks it takes to defeat a target.
type D20OddsView struct {
	Attack, Defense, Damage, HP, Combined string
	Cover, Droid, Reroll                  bool

	Asked  bool
	Error  string
	Need   int // the natural roll that hits (2 to 20)
	Hit    float64
	HitRat string // exact, as a fraction of the die's faces
	Crit   float64
	// ExpectedDamage is set when a Damage was given.
	ExpectedDamage *float64
	// ToDefeat is the chance that the t-th attack defeats the target (index t), set with HP.
	ToDefeat    []float64
	MeanAttacks float64
}

// D20Row is one line of the attacks-to-defeat table: the attack, its chance of being the
// one, and the chance the target is down by then.
type D20Row struct {
	N           int
	P, ByThenCm float64
}

// rows are the attacks-to-defeat table's lines, until the target is down 99.9% of the time
// (at most 40 lines).
func (v D20OddsView) rows() []D20Row {
	var out []D20Row
	cum := 0.0
	for t := 1; t < len(v.ToDefeat) && len(out) < 40; t++ {
		cum += v.ToDefeat[t]
		if v.ToDefeat[t] == 0 && cum == 0 {
			continue
		}
		out = append(out, D20Row{N: t, P: v.ToDefeat[t], ByThenCm: cum})
		if cum >= 0.999 {
			break
		}
	}
	return out
}
