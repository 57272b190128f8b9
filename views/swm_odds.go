package views

import (
	"strconv"

	"muster/rules/swm/odds"
)

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

// Rows are the attacks-to-defeat table's lines, until the target is down 99.9% of the time
// (at most 40 lines), the rest in a last line (odds.ToDefeat.Rows).
func (v D20OddsView) Rows() []odds.Row { return odds.ToDefeat{P: v.ToDefeat}.Rows(40) }

// attackLabel is a row's attack: "7", or "41 or later" for the rest.
func attackLabel(r odds.Row) string {
	if r.Later {
		return strconv.Itoa(r.Attack) + " or later"
	}
	return strconv.Itoa(r.Attack)
}
