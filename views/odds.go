package views

import "strconv"

// OddsView is the odds calculator page: the exact odds of a straight test, one hit on the
// Damage Table, and a squad's volley at a unit of another army.
type OddsView struct {
	Units []UnitChoice // every unit of every saved army, for the volley's pickers

	// The form as submitted (strings, so that what the player typed is shown back).
	Skill, Difficulty, Damage, Strength string
	Firer, Target, Range, Cover         string
	Prone, Walking                      bool

	Test   *TestOdds
	Hit    *DamageOdds
	Volley *VolleyOdds
	D20    D20OddsView // the d20 Star Wars Miniatures section (swm_odds.templ)
	// Errors by form section ("test", "damage", "volley"), in the player's words.
	Errors map[string]string
}

// UnitChoice is one unit of a saved army: its value is "armyID:unitIndex".
type UnitChoice struct {
	Value, Army, Unit string
}

// TestOdds is a straight test's chance of success.
type TestOdds struct {
	Skill, Difficulty int
	Success           float64
}

// DamageOdds is one hit's outcome on the Damage Table.
type DamageOdds struct {
	Damage, Strength           int
	None, Wound, Incapacitated float64
}

// VolleyOdds is a squad's volley at a target, shot by shot, with the distributions.
type VolleyOdds struct {
	Firer, Target string
	Range         float64
	Cover         string
	Figures       int
	Shots         []VolleyShot
	ExpectedHits  float64
	Dists         []Dist
	Notes         []string
}

// VolleyShot is a group of identical shots.
type VolleyShot struct {
	Who, Weapon, Band            string
	Count, Skill, Difficulty, DS int
	Following                    bool
}

// Dist is a distribution by count with its mean: "wounded", P(0), P(1), ...
type Dist struct {
	Name string
	Mean float64
	P    []float64
}

// percent writes a probability for a player: "66.67%", "<0.01%" for what is not quite 0.
func percent(p float64) string {
	if p > 0 && p < 0.00005 {
		return "<0.01%"
	}
	return strconv.FormatFloat(100*p, 'f', 2, 64) + "%"
}

func decimal(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// barWidth is a probability as the width of a bar out of 100 units of an SVG.
func barWidth(p float64) string { return strconv.FormatFloat(100*p, 'f', 1, 64) }
