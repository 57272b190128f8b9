package combat

import (
	"fmt"
	"sync"

	"muster/rules"
)

// Rules is the Reference Sheet tables compiled for the hot paths: opposed-roll tables as
// lookups by margin, modifier charts as named fields. Build it with Compile (or use
// Default); it is read-only afterwards and safe to share between goroutines.
type Rules struct {
	Tables *rules.Tables

	damage, droidDamage        chart
	damageHarm                 []Harm  // by Damage Table row
	droidRolls                 []uint8 // System Damage rolls by Droid Damage Table row
	morale, rally, opportunity chart

	fire  fireMods
	close closeMods
	mor   moraleMods
	base  [3]int // short, medium, long

	statuses [statusCount]rules.MoraleStatus
}

// Numbers the Reference Sheet tables do not hold; each cites its rule.
const (
	// CamouflageModifier: "+2 difficulty modifier to firer targeting a camouflage suit",
	// cumulative with terrain (Chapter Eleven, "Camouflage Suit").
	CamouflageModifier = 2
	// TargetingComputerModifier: "A soldier equipped with a targeting computer reduces his
	// fire difficulty number by one" (Chapter Eleven, "Targeting Computer").
	TargetingComputerModifier = -1
	// WoundPenalty: "Wounded soldiers suffer a -1 penalty to all their skills and
	// attributes" (Chapter Three, "Effects of Damage").
	WoundPenalty = -1
	// DroidSecondTargetModifier: a droid firing "at two separate targets" adds +2 to the
	// difficulty of each attempt (Chapter Fourteen, "Fire Combat and Droids").
	DroidSecondTargetModifier = 2
	// OutOfControlModifier: "An out-of-control droid has its fire difficulty number
	// increased by +1" (Chapter Fourteen, "Head Hit").
	OutOfControlModifier = 1
	// BlindThrowModifier: a grenade thrown at a point out of sight is at +3 (Chapter Three,
	// "Throwing Grenades Blindly").
	BlindThrowModifier = 3
	// CreatureExtraTargetModifier: a creature attacking several targets is "at -2 to each
	// attack roll for each target beyond the first" (Chapter Thirteen, "Attack Forms").
	CreatureExtraTargetModifier = -2
	// PartingSwingModifier: the parting swing at a disengaging squad gets "+2 modifier for
	// attacking from the rear" (Chapter Four, "Disengaging").
	PartingSwingModifier = 2
	// GrenadeDodgeDifficulty: "A hero in a grenade burst template makes a difficulty 6
	// dodge roll" (Chapter Twelve, "Dodge").
	GrenadeDodgeDifficulty = 6
	// LightsaberCombatDifficulty: the lightsaber combat power "is used in the Close Assault
	// Combat Phase, just before the hero is involved in combat. The difficulty for the skill
	// test is 6"; LightsaberParryDifficulty: to enhance a parry "he may make a lightsaber
	// combat skill test against a difficulty of 8" (Chapter Twelve, "Lightsaber Combat").
	LightsaberCombatDifficulty = 6
	LightsaberParryDifficulty  = 8
	// MaxOnOne: "No more than three soldiers can be in base-to-base contact with a single
	// soldier" (Chapter Four, "Pairing Off").
	MaxOnOne = 3
	// MaxFireTargets: a squad "may not fire at more than two targets" (Chapter One).
	MaxFireTargets = 2
	// CommandTestDifficulty: disengaging and not advancing after combat are difficulty 6
	// command tests (Chapter Four).
	CommandTestDifficulty = 6
)

var defaultRules = sync.OnceValues(func() (*Rules, error) { return Compile(rules.DefaultTables()) })

// Default returns the embedded tables compiled, once. The data is compiled in, so an error
// here is a defect caught by the package's tests.
func Default() *Rules {
	r, err := defaultRules()
	if err != nil {
		panic(err)
	}
	return r
}

// Compile checks that the tables hold every line the procedures use and compiles them.
func Compile(t *rules.Tables) (*Rules, error) {
	r := &Rules{Tables: t}
	var err error
	must := func(e error) {
		if err == nil && e != nil {
			err = e
		}
	}
	var e error
	r.damage, e = compileChart("damage", t.Damage)
	must(e)
	r.droidDamage, e = compileChart("droid_damage", t.DroidDamage)
	must(e)
	r.morale, e = compileChart("morale.results", t.Morale.Results)
	must(e)
	r.rally, e = compileChart("rally.results", t.Rally.Results)
	must(e)
	r.opportunity, e = compileChart("opportunity_fire.results", t.OpportunityFire.Results)
	must(e)
	for i, b := range []rules.RangeBand{rules.RangeShort, rules.RangeMedium, rules.RangeLong} {
		v, ok := t.FireCombat.Base(b)
		if !ok {
			must(fmt.Errorf("combat: fire_combat has no base difficulty for %s range", b))
		}
		r.base[i] = v
	}
	for _, o := range t.Damage.Rows {
		r.damageHarm = append(r.damageHarm, harmOf(o))
	}
	for _, o := range t.DroidDamage.Rows {
		r.droidRolls = append(r.droidRolls, uint8(o.Rolls))
	}
	must(r.fire.load(t.FireCombat))
	must(r.close.load(t.CloseAssault.Modifiers))
	must(r.mor.load(t))
	for s := Steady; s < statusCount; s++ {
		found := false
		for _, ms := range t.Morale.Statuses {
			if ms.Status == s.String() {
				r.statuses[s], found = ms, true
			}
		}
		if !found {
			must(fmt.Errorf("combat: morale has no %s status", s))
		}
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

// modifier looks a chart line up by ID.
func modifier(chart string, ms rules.Modifiers, id string) (int, error) {
	m, ok := ms.Find(id)
	if !ok {
		return 0, fmt.Errorf("combat: %s has no %q line", chart, id)
	}
	return m.Value, nil
}

// loadMods fills fields from chart lines by ID.
func loadMods(chart string, ms rules.Modifiers, fields map[string]*int) error {
	for id, p := range fields {
		v, err := modifier(chart, ms, id)
		if err != nil {
			return err
		}
		*p = v
	}
	return nil
}

// chart is an opposed-roll table compiled to a lookup by margin (left score minus right
// score). Margins beyond the stored span take the row at that end: every table's rows are
// monotone in the margin, which compileChart checks.
type chart struct {
	lo    int
	rows  []uint8 // row index by margin - lo
	table rules.OpposedTable
}

// chartSpan is the margins stored; the tables' own check covers -40..40.
const chartSpan = 40

func compileChart(name string, t rules.OpposedTable) (chart, error) {
	c := chart{lo: -chartSpan, rows: make([]uint8, 2*chartSpan+1), table: t}
	for m := -chartSpan; m <= chartSpan; m++ {
		o := t.Resolve(m, 0)
		i := -1
		for j, row := range t.Rows {
			if row == o {
				i = j
			}
		}
		if i < 0 {
			return chart{}, fmt.Errorf("combat: %s: a margin of %d matches no row", name, m)
		}
		c.rows[m+chartSpan] = uint8(i)
	}
	// Monotone: once the row changes it never comes back.
	seen := map[uint8]bool{}
	for k, i := range c.rows {
		if k > 0 && i != c.rows[k-1] && seen[i] {
			return chart{}, fmt.Errorf("combat: %s: rows are not monotone in the margin", name)
		}
		seen[i] = true
	}
	return c, nil
}

// row returns the row index for a margin.
func (c *chart) row(margin int) int {
	i := margin - c.lo
	if i < 0 {
		i = 0
	} else if i >= len(c.rows) {
		i = len(c.rows) - 1
	}
	return int(c.rows[i])
}

// outcome returns the row for a margin.
func (c *chart) outcome(margin int) rules.Outcome { return c.table.Rows[c.row(margin)] }

// odds returns the probability of each row for a margin distribution.
func (c *chart) odds(margin Dist) []float64 {
	out := make([]float64, len(c.table.Rows))
	for i, p := range margin.P {
		out[c.row(margin.Lo+i)] += p
	}
	return out
}
