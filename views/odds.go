package views

import (
	"strconv"
	"strings"
)

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
	// QRS is the skirmish quick reference's section (views/qrs.go).
	QRS QRSOdds
	// QRSMove is the skirmish quick reference's random movement calculator.
	QRSMove QRSMove
	// QRSGen is the skirmish quick reference's enemy force generation calculator.
	QRSGen QRSGen
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
	// ByRange: the expected hits over each stretch of range where the odds hold.
	ByRange []RangeHits
	Notes   []string
}

// RangeHits is the expected hits from From (exclusive) to To inches.
type RangeHits struct {
	From, To, Hits float64
	Here           bool // the range asked falls in it
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

// coverWords is the target's cover in a sentence: "no cover", "light cover".
func coverWords(c string) string {
	if c == "" || c == "none" {
		return "no cover"
	}
	return c + " cover"
}

// barWidth is a probability as the width of a bar out of 100 units of an SVG.
func barWidth(p float64) string { return strconv.FormatFloat(100*p, 'f', 1, 64) }

// UnitGroup is one army's units in the volley's pickers.
type UnitGroup struct {
	Army  string
	Units []UnitChoice
}

// unitGroups groups the pickers' units by army, in the order the armies come.
func unitGroups(units []UnitChoice) []UnitGroup {
	var out []UnitGroup
	for _, u := range units {
		if n := len(out); n == 0 || out[n-1].Army != u.Army || armyOf(out[n-1].Units[0].Value) != armyOf(u.Value) {
			out = append(out, UnitGroup{Army: u.Army})
		}
		out[len(out)-1].Units = append(out[len(out)-1].Units, u)
	}
	return out
}

// armyOf is the army id of a picker value "armyID:index".
func armyOf(value string) string {
	id, _, _ := strings.Cut(value, ":")
	return id
}

// FirerPick is the firer the picker shows: the one asked about, or the first unit.
func (v OddsView) FirerPick() string {
	if v.Firer != "" || len(v.Units) == 0 {
		return v.Firer
	}
	return v.Units[0].Value
}

// TargetPick is the target the picker shows: the one asked about, or by default a unit of
// another army than the firer's (the first unit of the next army), else the firer's next
// unit, so that the volley is never a unit firing at itself.
func (v OddsView) TargetPick() string {
	if v.Target != "" || len(v.Units) == 0 {
		return v.Target
	}
	firer := v.FirerPick()
	for _, u := range v.Units {
		if armyOf(u.Value) != armyOf(firer) {
			return u.Value
		}
	}
	for _, u := range v.Units {
		if u.Value != firer {
			return u.Value
		}
	}
	return firer
}

// carried are the questions of the calculators other than except ("test", "damage",
// "volley", "qrs", "d20"), as name and value, for their forms' hidden fields.
func (v OddsView) carried(except string) [][2]string {
	var out [][2]string
	add := func(section, name, value string) {
		if section != except && value != "" {
			out = append(out, [2]string{name, value})
		}
	}
	on := func(b bool) string {
		if b {
			return "1"
		}
		return ""
	}
	add("test", "skill", v.Skill)
	add("test", "difficulty", v.Difficulty)
	add("damage", "damage", v.Damage)
	add("damage", "strength", v.Strength)
	add("volley", "firer", v.Firer)
	add("volley", "target", v.Target)
	add("volley", "range", v.Range)
	if v.Firer != "" || v.Target != "" || v.Range != "" {
		add("volley", "cover", v.Cover)
	}
	add("volley", "prone", on(v.Prone))
	add("volley", "walking", on(v.Walking))
	add("qrs", "qrs-own", v.QRS.Own)
	add("qrs", "qrs-enemy", v.QRS.Enemy)
	add("qrs", "qrs-extra", v.QRS.Extra)
	add("qrs", "qrs-cover", on(v.QRS.Cover))
	add("qrs", "qrs-armour", on(v.QRS.Armour))
	if v.QRSMove.Asked {
		mv := v.QRSMove
		add("qrsmove", "qrs-mv", "1")
		for _, kv := range []struct {
			name string
			on   bool
		}{{"mv-greater-fire", mv.GreaterFire}, {"mv-light-fire", mv.LightFire}, {"mv-friends-retreating", mv.FriendsRetreating},
			{"mv-alone", mv.Alone}, {"mv-vehicle-near", mv.VehicleNear}, {"mv-advancing", mv.Advancing}, {"mv-in-cover", mv.InCover},
			{"mv-no-enemy", mv.NoEnemy}} {
			add("qrsmove", kv.name, on(kv.on))
		}
		add("qrsmove", "mv-quarters", mv.Quarters)
		add("qrsmove", "mv-leaders", mv.Leaders)
	}
	if v.QRSGen.Asked {
		g := v.QRSGen
		add("qrsgen", "qrs-gen", "1")
		add("qrsgen", "gen-corner", g.Corner)
		add("qrsgen", "gen-cover", g.Cover)
		add("qrsgen", "gen-open", g.Open)
		add("qrsgen", "gen-officer", on(g.Officer))
		add("qrsgen", "gen-no-contact", on(g.NoContact))
		add("qrsgen", "gen-prefer", g.Prefer)
	}
	add("d20", "d20atk", v.D20.Attack)
	add("d20", "d20def", v.D20.Defense)
	add("d20", "d20dmg", v.D20.Damage)
	add("d20", "d20hp", v.D20.HP)
	add("d20", "d20combined", v.D20.Combined)
	check := func(name string, b bool) {
		if b && except != "d20" {
			out = append(out, [2]string{name, "on"})
		}
	}
	check("d20cover", v.D20.Cover)
	check("d20droid", v.D20.Droid)
	check("d20reroll", v.D20.Reroll)
	return out
}

// atLeast is the chance of n or more: the tail of a distribution from n.
func atLeast(p []float64, n int) float64 {
	s := 0.0
	for _, x := range p[n:] {
		s += x
	}
	return min(s, 1)
}

// orDefault is a form field's value: what was asked, or a usual example (a blaster 4 at
// medium range, difficulty 8; a blaster rifle's Damage 5 at a trooper's Strength 2; 10"), so
// that the first "Work out" answers something and the format is plain.
func orDefault(asked, example string) string {
	if asked != "" {
		return asked
	}
	return example
}

// inchSpan is a stretch of range: "15-50"".
func inchSpan(from, to float64) string {
	return strconv.FormatFloat(from, 'f', -1, 64) + "–" + strconv.FormatFloat(to, 'f', -1, 64) + "\""
}

// rangeTop is the most hits of any stretch (the bars' full width); 1 when none hits.
func rangeTop(rs []RangeHits) float64 {
	top := 0.0
	for _, r := range rs {
		top = max(top, r.Hits)
	}
	if top == 0 {
		return 1
	}
	return top
}
