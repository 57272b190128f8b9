package rules

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
)

// Every number asserted here is copied from the rulebook page (Reference Sheets, or the
// chapter named in the test), never from the data file or a run of the code.

func loadTables(t *testing.T) *Tables {
	t.Helper()
	tb, err := LoadTables()
	if err != nil {
		t.Fatalf("LoadTables: %v", err)
	}
	return tb
}

// wantModifier is a chart line as the book prints it.
type wantModifier struct {
	id, condition string
	value         int
	advanced      bool
}

func checkModifiers(t *testing.T, chart string, got Modifiers, want []wantModifier) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d lines, the book prints %d", chart, len(got), len(want))
	}
	for i, w := range want {
		if i >= len(got) {
			break
		}
		g := got[i]
		if g.ID != w.id || g.Condition != w.condition || g.Value != w.value || g.Advanced != w.advanced {
			t.Errorf("%s line %d = {%s %q %+d advanced=%v}, want {%s %q %+d advanced=%v}",
				chart, i+1, g.ID, g.Condition, g.Value, g.Advanced, w.id, w.condition, w.value, w.advanced)
		}
	}
}

func TestLoadTables(t *testing.T) {
	tb := loadTables(t)
	if DefaultTables() == nil {
		t.Fatal("DefaultTables returned nil")
	}
	for _, m := range append(append(Modifiers{}, tb.FireCombat.Target...), tb.FireCombat.Firer...) {
		if m.Advanced && m.Source == "" {
			t.Errorf("advanced modifier %q does not cite the rule it comes from", m.ID)
		}
	}
}

func TestFireCombatBaseDifficultyByRange(t *testing.T) {
	fc := loadTables(t).FireCombat
	for band, want := range map[RangeBand]int{RangeShort: 6, RangeMedium: 8, RangeLong: 10} {
		got, ok := fc.Base(band)
		if !ok || got != want {
			t.Errorf("base difficulty at %s range = %d (found %v), want %d", band, got, ok, want)
		}
	}
	if _, ok := fc.Base("extreme"); ok {
		t.Error("no shots may be attempted at greater than long range, yet a fourth band was found")
	}
}

func TestFireCombatModifiers(t *testing.T) {
	fc := loadTables(t).FireCombat
	checkModifiers(t, "Target Condition", fc.Target, []wantModifier{
		{"light_cover", "In Light Cover", 1, false},
		{"medium_cover", "In Medium Cover", 2, false},
		{"heavy_cover", "In Heavy Cover", 3, false},
		{"prone", "Target Prone", 1, false},
		{"multiple_targets", "Multiple Targets — heroes only", 2, true},
		{"specific_target", "Specific Target — heroes only", 4, true},
	})
	checkModifiers(t, "Firer Condition", fc.Firer, []wantModifier{
		{"walking", "Walking", 1, false},
		{"opportunity_fire", "Opportunity Fire", 1, false},
		{"defensive_fire", "Defensive Fire", 1, false},
		{"separated", "Separated from squad", 1, false},
		{"shaken", "Shaken", 1, false},
		{"demoralized", "Demoralized", 2, false},
		{"following_fire", "Following Fire (after 1st shot)", 2, false},
		{"moving_surface", "Firing from moving surface", 1, true},
	})
	// Chapter Three, Diagram 8, Example 2: short range 6, medium cover +2, walked +1 = 9.
	cover, _ := fc.Target.Find("medium_cover")
	walk, _ := fc.Firer.Find("walking")
	if base, _ := fc.Base(RangeShort); base+cover.Value+walk.Value != 9 {
		t.Errorf("Diagram 8 Example 2: final difficulty %d, the book says 9", base+cover.Value+walk.Value)
	}
	// Chapter Three's following fire example: difficulty 8, then 10, then 12.
	ff, _ := fc.Firer.Find("following_fire")
	if ff.Per == "" || 8+ff.Value != 10 || 8+2*ff.Value != 12 {
		t.Errorf("following fire = %+d per %q; the book's example goes 8, 10, 12", ff.Value, ff.Per)
	}
}

func TestCloseAssaultModifierTable(t *testing.T) {
	checkModifiers(t, "Close Assault Combat Modifiers", loadTables(t).CloseAssault.Modifiers, []wantModifier{
		{"charging", "Charging (1st turn only)", 1, false},
		{"defending_barrier", "Defending barrier", 1, false},
		{"outnumbering", "Outnumbering Opponent (per each additional soldier)", 1, false},
		{"melee_weapon", "Standard melee weapon", 1, false},
		{"vibro_weapon", "Vibroaxe or -blade", 2, false},
		{"lightsaber", "Lightsaber", 4, false},
		{"side_or_rear", "Attacked from side or rear", -2, false},
		{"prone", "Prone", -2, false},
		{"separated", "Separated from squad", -1, false},
		{"shaken", "Shaken", -1, false},
		{"demoralized", "Demoralized", -2, false},
		{"droid", "Droid Attacking", 1, true},
	})
	out, _ := loadTables(t).CloseAssault.Modifiers.Find("outnumbering")
	// "If three were fighting one, the three soldiers would each gain a +2 bonus."
	if out.Per != "additional soldier" || 2*out.Value != 2 {
		t.Errorf("outnumbering = %+d per %q; three on one gives +2", out.Value, out.Per)
	}
}

func TestDamageTableThresholds(t *testing.T) {
	d := loadTables(t).Damage
	printed := []string{"DS < SR", "DS ≥ SR", "DS ≥ SR + 4"}
	for i, p := range printed {
		if i >= len(d.Rows) || d.Rows[i].Printed != p {
			t.Errorf("Damage Table row %d not printed as %q", i+1, p)
		}
	}
	for _, c := range []struct {
		ds, sr int
		want   string
	}{
		{0, 7, EffectNoEffect}, // Chapter Three example 1: bomb-out 0 against 7
		{8, 7, EffectWound},    // example 2: 8 against 7
		{9, 5, EffectIncapacitated},
		{6, 7, EffectNoEffect},
		{7, 7, EffectWound},
		{10, 7, EffectWound},
		{11, 7, EffectIncapacitated},
		{30, 7, EffectIncapacitated},
		{9, 6, EffectWound}, // multiple-shots example: 9 against 6 wounds
		{0, 6, EffectNoEffect},
	} {
		if got := d.Resolve(c.ds, c.sr).Effect; got != c.want {
			t.Errorf("DS %d against SR %d: %s, want %s", c.ds, c.sr, got, c.want)
		}
	}
}

func TestDroidDamageTableThresholds(t *testing.T) {
	d := loadTables(t).DroidDamage
	// The book prints "DS > SR + 4" here, not the Damage Table's "≥".
	if len(d.Rows) != 3 || d.Rows[2].Printed != "DS > SR + 4" || d.Rows[1].Printed != "DS ≥ SR" {
		t.Fatalf("Droid Damage Table rows = %+v", d.Rows)
	}
	for _, c := range []struct {
		ds, sr, rolls int
	}{
		{4, 5, 0},
		{5, 5, 1},
		{9, 5, 1}, // exactly SR + 4: not "> SR + 4"
		{10, 5, 2},
	} {
		o := d.Resolve(c.ds, c.sr)
		if o.Rolls != c.rolls {
			t.Errorf("DS %d against droid SR %d: %d System Damage rolls, want %d", c.ds, c.sr, o.Rolls, c.rolls)
		}
		if (c.rolls > 0) != (o.Effect == EffectSystemDamage) {
			t.Errorf("DS %d against droid SR %d: effect %s", c.ds, c.sr, o.Effect)
		}
	}
}

func TestSystemDamageTable(t *testing.T) {
	sd := loadTables(t).SystemDamage
	want := map[int]string{
		1: "Locomotive systems hit",
		2: "Arm or weapon mount hit", 3: "Arm or weapon mount hit",
		4: "Torso hit", 5: "Torso hit",
		6: "Head hit",
	}
	for roll := 1; roll <= 6; roll++ {
		r, ok := sd.Lookup(roll)
		if !ok || r.Result != want[roll] {
			t.Errorf("System Damage roll %d = %q, want %q", roll, r.Result, want[roll])
		}
	}
}

func TestMoraleTestThreatLevels(t *testing.T) {
	m := loadTables(t).Morale
	for id, want := range map[string]int{"casualty": 4, "charging": 6, "receiving_charge": 4} {
		if got, ok := m.Threat(id); !ok || got != want {
			t.Errorf("%s morale test threat level = %d (found %v), want %d", id, got, ok, want)
		}
	}
}

func TestMoraleThreatLevelModifiers(t *testing.T) {
	m := loadTables(t).Morale
	checkModifiers(t, "Standard Threat Level Modifiers", m.Standard, []wantModifier{
		{"shaken", "Shaken", 1, false},
		{"demoralized", "Demoralized", 2, false},
		{"casualty", "Each casualty taken this turn", 1, false},
		{"commander_hit", "Commander wounded or incapacitated this turn", 2, false},
		{"behind_cover", "Squad is behind cover", -1, false},
		{"won_close_assault", "Squad wins turn of close assault", -1, false},
		{"lost_close_assault", "Squad loses turn of close assault", 1, false},
	})
	checkModifiers(t, "\"Charge\" Modifiers", m.Charge, []wantModifier{
		{"flank_or_rear", "Attacking enemy's flank or rear", -2, false},
		{"behind_barrier", "Attacking enemy behind barrier", 1, false},
	})
	checkModifiers(t, "\"Receiving a Charge\" Modifiers", m.ReceivingCharge, []wantModifier{
		{"flank_or_rear", "Attacked in flank or rear", 2, false},
		{"outnumbered", "Outnumbered 2:1", 2, false},
		{"following_fire_weapon", "Each following fire weapon in the squad", -1, false},
	})
	// The Reference Sheets word two lines differently from Chapter Five.
	if c, _ := m.Standard.Find("commander_hit"); !strings.Contains(c.Variant, "Commander incapacitated this turn") {
		t.Errorf("commander_hit variant = %q, want the Reference Sheets' wording", c.Variant)
	}
	if c, _ := m.ReceivingCharge.Find("following_fire_weapon"); !strings.Contains(c.Variant, "Each heavy weapon in the squad") {
		t.Errorf("following_fire_weapon variant = %q, want the Reference Sheets' wording", c.Variant)
	}
	// Chapter Five's example: threat 4 plus 1 for the casualty.
	base, _ := m.Threat("casualty")
	cas, _ := m.Standard.Find("casualty")
	if base+cas.Value != 5 {
		t.Errorf("one casualty: threat %d, the book's example adds to 4+1", base+cas.Value)
	}
}

func TestMoraleTestResults(t *testing.T) {
	r := loadTables(t).Morale.Results
	for _, c := range []struct {
		tr, cr, morale int
		withdraw       bool
	}{
		{7, 0, -2, true}, // Chapter Five's example: threat roll 7 against a bombed-out 0
		{3, 7, 1, false}, // TR+4 ≤ CR
		{4, 7, 0, false},
		{7, 7, 0, false}, // TR ≤ CR
		{8, 7, -1, false},
		{10, 7, -1, false},
		{11, 7, -2, true}, // TR ≥ CR+4
		{25, 7, -2, true},
		{0, 12, 1, false},
	} {
		o := r.Resolve(c.tr, c.cr)
		if o.Morale != c.morale || o.Withdraw != c.withdraw {
			t.Errorf("TR %d against CR %d: morale %+d withdraw %v (%q), want %+d withdraw %v",
				c.tr, c.cr, o.Morale, o.Withdraw, o.Result, c.morale, c.withdraw)
		}
	}
}

func TestMoraleStatusByLevel(t *testing.T) {
	m := loadTables(t).Morale
	for level, want := range map[int]string{
		0: "broken", 1: "demoralized", 2: "shaken", 3: "shaken",
		4: "steady", 5: "steady", 6: "steady", 7: "steady", 9: "steady",
	} {
		s, ok := m.Status(level)
		if !ok || s.Status != want {
			t.Errorf("morale level %d is %q (found %v), Chapter Five says %s", level, s.Status, ok, want)
		}
	}
	shaken, _ := m.Status(2)
	if shaken.FireModifier != 1 || shaken.CloseAssaultModifier != -1 || shaken.ThreatModifier != 1 {
		t.Errorf("shaken = %+v; the book gives +1 fire, -1 melee, +1 threat", shaken)
	}
	dem, _ := m.Status(1)
	if dem.FireModifier != 2 || dem.CloseAssaultModifier != -2 || dem.ThreatModifier != 2 ||
		!dem.CannotAdvance || !dem.NoOpportunityFire {
		t.Errorf("demoralized = %+v; the book gives +2 fire, -2 melee, +2 threat, no advance, no opportunity fire", dem)
	}
	if broken, _ := m.Status(0); !broken.Routs {
		t.Error("a broken squad routs")
	}
}

func TestMoraleStartingLevels(t *testing.T) {
	m := loadTables(t).Morale
	// "Elite squads begin with morale levels of 7, veteran squads with 6, and average squads with 5."
	for q, want := range map[Quality]int{Elite: 7, Veteran: 6, Average: 5} {
		got, ok := m.StartingLevel(q)
		if !ok || got != want {
			t.Errorf("%s starting morale = %d (found %v), want %d", q, got, ok, want)
		}
		if s, _ := m.Status(got); s.Status != "steady" {
			t.Errorf("%s squads start %s; \"Squads begin the game with steady morale\"", q, s.Status)
		}
	}
}

func TestRallyTest(t *testing.T) {
	r := loadTables(t).Rally
	if r.Threat != 4 {
		t.Errorf("rally threat level = %d, want 4", r.Threat)
	}
	checkModifiers(t, "Rally Test Threat Level Modifiers", r.Modifiers, []wantModifier{
		{"behind_cover", "Squad is behind cover", -1, false},
		{"shaken", "Squad is Shaken", 1, false},
		{"demoralized_or_broken", "Squad Demoralized or Broken", 2, false},
		{"half_casualties", "Squad has taken 50% or more casualties", 2, false},
		{"casualty", "Each casualty taken this turn", 1, false},
		{"commander_hit", "Commander wounded or incapacitated this turn", 2, false},
	})
	// Chapter Five's example: "the base difficulty of 4, +2 because the squad is broken, +2
	// because the commander of the squad was incapacitated this turn — 8 altogether."
	broken, _ := r.Modifiers.Find("demoralized_or_broken")
	cmd, _ := r.Modifiers.Find("commander_hit")
	if r.Threat+broken.Value+cmd.Value != 8 {
		t.Errorf("rally example threat = %d, the book says 8", r.Threat+broken.Value+cmd.Value)
	}
	for _, c := range []struct{ rr, cr, morale int }{
		{7, 7, 0}, // RR ≥ CR
		{9, 7, 0},
		{6, 7, 1}, // RR < CR
		{3, 7, 1}, // RR+4 = CR: not "<"
		{2, 7, 2}, // RR+4 < CR
		{0, 20, 2},
	} {
		if o := r.Results.Resolve(c.rr, c.cr); o.Morale != c.morale {
			t.Errorf("RR %d against CR %d: morale %+d (%q), want %+d", c.rr, c.cr, o.Morale, o.Result, c.morale)
		}
	}
}

func TestOpportunityFireTest(t *testing.T) {
	of := loadTables(t).OpportunityFire
	if of.Threat != 4 {
		t.Errorf("opportunity fire threat level = %d, want 4", of.Threat)
	}
	checkModifiers(t, "Opportunity Fire Test Threat Level Modifiers", of.Modifiers, []wantModifier{
		{"behind_cover", "Squad is behind cover", -1, false},
		{"shaken", "Squad is Shaken", 1, false},
		{"half_casualties", "Squad has taken 50% or more casualties", 2, false},
	})
	for _, c := range []struct {
		of, cr int
		want   string
	}{
		{6, 6, EffectCannotFire}, // OF ≥ CR
		{9, 6, EffectCannotFire},
		{5, 6, EffectCanFire}, // OF < CR
		{0, 6, EffectCanFire},
	} {
		if got := of.Results.Resolve(c.of, c.cr).Effect; got != c.want {
			t.Errorf("OF %d against CR %d: %s, want %s", c.of, c.cr, got, c.want)
		}
	}
}

func TestTerrainEffectsChart(t *testing.T) {
	chart := loadTables(t).Terrain
	// Every row of the Terrain Effects Chart, in printed order.
	want := []struct {
		name, kind, movement string
		mult, cross          int
		fire                 string
		fireMod              int
		los, losRule         string
		losInches            int
	}{
		{"clear", "terrain", "NE", 1, 0, "NE", 0, "NE", LOSNoEffect, 0},
		{"scrub", "terrain", "2x cost", 2, 0, "+1", 1, "NE", LOSNoEffect, 0},
		{"brush", "terrain", "2x cost", 2, 0, "+1", 1, "NE", LOSNoEffect, 0},
		{"light woods", "terrain", "2x cost", 2, 0, "+1", 1, "8\"", LOSLimit, 8},
		{"medium woods", "terrain", "2x cost", 2, 0, "+2", 2, "6\"", LOSLimit, 6},
		{"heavy woods", "terrain", "4x cost", 4, 0, "+3", 3, "4\"", LOSLimit, 4},
		{"swamp", "terrain", "4x cost", 4, 0, "*", 0, "*", LOSAsWoods, 0},
		{"easy hill", "terrain", "2x cost", 2, 0, "+2", 2, "NE", LOSNoEffect, 0},
		{"difficult hill", "terrain", "4x cost", 4, 0, "+2", 2, "NE", LOSNoEffect, 0},
		{"creek", "terrain", "2x cost", 2, 0, "+2", 2, "NE", LOSNoEffect, 0},
		{"stream", "terrain", "4x cost", 4, 0, "+3", 3, "NE", LOSNoEffect, 0},
		{"door", "barrier", "2\"", 0, 2, "+2", 2, "1\" beyond", LOSBeyond, 1},
		{"window", "barrier", "4\"", 0, 4, "+3", 3, "1\" beyond", LOSBeyond, 1},
		{"low wall", "barrier", "2\"", 0, 2, "+2", 2, "NE", LOSNoEffect, 0},
		{"high wall", "barrier", "4\"", 0, 4, "+3", 3, "up to wall", LOSUpToWall, 0},
		{"barbed wire", "barrier", "2\"", 0, 2, "NE", 0, "NE", LOSNoEffect, 0},
		{"shallow trench", "barrier", "2\"", 0, 2, "+2", 2, "NE", LOSNoEffect, 0},
		{"deep trench", "barrier", "4\"", 0, 4, "+3", 3, "NE", LOSNoEffect, 0},
	}
	if len(chart.Rows) != len(want) {
		t.Errorf("chart has %d rows, the book prints %d", len(chart.Rows), len(want))
	}
	for i, w := range want {
		t.Run(w.name, func(t *testing.T) {
			if i >= len(chart.Rows) || chart.Rows[i].Name != w.name {
				t.Fatalf("row %d is not %q", i+1, w.name)
			}
			r := chart.Rows[i]
			if r.Kind != w.kind || r.Movement != w.movement || r.MoveMultiplier != w.mult || r.CrossCost != w.cross {
				t.Errorf("movement = %s %q x%d cross %d\", want %s %q x%d cross %d\"",
					r.Kind, r.Movement, r.MoveMultiplier, r.CrossCost, w.kind, w.movement, w.mult, w.cross)
			}
			if r.Fire != w.fire || r.FireModifier != w.fireMod {
				t.Errorf("fire = %q (%+d), want %q (%+d)", r.Fire, r.FireModifier, w.fire, w.fireMod)
			}
			if r.LOS != w.los || r.LOSRule != w.losRule || r.LOSInches != w.losInches {
				t.Errorf("LOS = %q %s %d\", want %q %s %d\"", r.LOS, r.LOSRule, r.LOSInches, w.los, w.losRule, w.losInches)
			}
		})
	}
	swamp, _ := chart.Find("swamp")
	if !strings.Contains(swamp.Note, "light, medium or heavy woods") {
		t.Errorf("swamp's \"*\" footnote is missing: %q", swamp.Note)
	}
	// Chapter Two: rough terrain costs twice, very rough four times; moderate barriers
	// cost 2", difficult 4" (barbed wire, a difficult barrier, is printed 2" on the chart).
	for _, r := range chart.Rows {
		switch {
		case r.Class == "rough" && r.MoveMultiplier != 2, r.Class == "very rough" && r.MoveMultiplier != 4,
			r.Class == "moderate" && r.CrossCost != 2,
			r.Class == "difficult" && r.CrossCost != 4 && r.Name != "barbed wire":
			t.Errorf("%s: class %s does not match its cost", r.Name, r.Class)
		}
	}
}

func TestGrenadeScatterCharts(t *testing.T) {
	gs := loadTables(t).GrenadeScatter
	for _, c := range []struct {
		chart              string
		band               RangeBand
		printed            string
		min, max, roll, in int
	}{
		{"thrown", RangeShort, "1-3 inches (1D/2)", 1, 3, 5, 3}, // half of 5, rounded up
		{"thrown", RangeShort, "1-3 inches (1D/2)", 1, 3, 1, 1},
		{"thrown", RangeMedium, "1-6 inches (1D)", 1, 6, 2, 2}, // Diagram 9: a 2 at medium range is 2"
		{"thrown", RangeLong, "2-12 inches (1Dx2)", 2, 12, 6, 12},
		{"launched", RangeShort, "1-6 inches (1D)", 1, 6, 4, 4},
		{"launched", RangeMedium, "2-12 inches (1Dx2)", 2, 12, 5, 10},
		{"launched", RangeLong, "3-18 inches (1Dx3)", 3, 18, 6, 18},
	} {
		sc := gs.Thrown
		if c.chart == "launched" {
			sc = gs.Launched
		}
		d, ok := sc.Row(c.band)
		if !ok || d.Printed != c.printed || d.MinInches != c.min || d.MaxInches != c.max {
			t.Errorf("%s %s = %+v, want %q (%d-%d)", c.chart, c.band, d, c.printed, c.min, c.max)
			continue
		}
		if got := d.Inches(c.roll); got != c.in {
			t.Errorf("%s %s, roll %d: %d\", want %d\"", c.chart, c.band, c.roll, got, c.in)
		}
		if d.Inches(1) != c.min || d.Inches(6) != c.max {
			t.Errorf("%s %s: rolls 1 and 6 give %d\" and %d\", the book prints %d-%d",
				c.chart, c.band, d.Inches(1), d.Inches(6), c.min, c.max)
		}
	}
	// "*No more than half the distance to the target"; thrown grenades have no such cap.
	if gs.Launched.MaxFractionOfDistance != 0.5 || gs.Thrown.MaxFractionOfDistance != 0 {
		t.Errorf("deviation caps: thrown %v, launched %v; want none and one half",
			gs.Thrown.MaxFractionOfDistance, gs.Launched.MaxFractionOfDistance)
	}
	// Chapter Eleven's example: 14" away, at most 7".
	if limit := gs.Launched.MaxFractionOfDistance * 14; limit != 7 {
		t.Errorf("launched at 14\": capped at %v\", the book says 7", limit)
	}
}

func TestCloudDissipationTable(t *testing.T) {
	cd := loadTables(t).CloudDissipation
	want := map[int]string{1: "drift", 2: "drift", 3: "remain", 4: "remain", 5: "remain", 6: "dissipate"}
	for roll := 1; roll <= 6; roll++ {
		r, ok := cd.Lookup(roll)
		if !ok || r.Effect != want[roll] {
			t.Errorf("cloud roll %d = %q, want %s", roll, r.Effect, want[roll])
		}
	}
	if r, _ := cd.Lookup(1); r.Value != 1 {
		t.Errorf("a cloud drifts 1\", got %d", r.Value)
	}
}

func TestArtilleryStrikeResolution(t *testing.T) {
	a := loadTables(t).ArtilleryStrike
	for roll, want := range map[int]string{
		1: "lost", 2: "cancelled", 3: "cancelled", 4: "cancelled",
		5: "delayed", 6: "delayed", 7: "occurs", 8: "occurs", 15: "occurs",
	} {
		r, ok := a.Resolution.Lookup(roll)
		if !ok || r.Effect != want {
			t.Errorf("command roll %d = %q (found %v), want %s", roll, r.Effect, ok, want)
		}
	}
	if _, ok := a.Resolution.Lookup(0); ok {
		t.Error("the book prints no row for a command roll of 0")
	}
	// "Roll a die: 1-3 = 1 turn 5-6 = 2 turns" — both printings skip 4.
	for roll, want := range map[int]int{1: 1, 2: 1, 3: 1, 5: 2, 6: 2} {
		if r, ok := a.Delay.Lookup(roll); !ok || r.Value != want {
			t.Errorf("delay roll %d = %d turns (found %v), want %d", roll, r.Value, ok, want)
		}
	}
	if r, ok := a.Delay.Lookup(4); ok {
		t.Errorf("the book prints no delay for a 4, got %+v", r)
	}
	for _, c := range []struct {
		kind           string
		damage         int
		radius         float64
		deviationTimes int
	}{
		{"light", 8, 2.5, 1},
		{"heavy", 12, 4, 2},
	} {
		b, ok := a.Bombardment(c.kind)
		if !ok || b.Damage != c.damage || b.TemplateRadius != c.radius || b.DeviationMultiplier != c.deviationTimes {
			t.Errorf("%s bombardment = %+v, want damage %d, %v\" template, deviation x%d",
				c.kind, b, c.damage, c.radius, c.deviationTimes)
		}
	}
	if a.OnTargetMax != 2 || !a.DeviationRollover {
		t.Errorf("strike location: on target through %d, rollover %v; the book says 1-2 and sixes reroll",
			a.OnTargetMax, a.DeviationRollover)
	}
}

func TestJumpingCharts(t *testing.T) {
	j := loadTables(t).Jumping
	wantB := []JumpBarrier{{"Moderate", 4, 1}, {"Difficult", 6, 1}}
	if len(j.Barriers) != len(wantB) {
		t.Fatalf("jumping barriers = %+v", j.Barriers)
	}
	for i, w := range wantB {
		if j.Barriers[i] != w {
			t.Errorf("jumping barrier %d = %+v, want %+v", i+1, j.Barriers[i], w)
		}
	}
	wantD := []JumpDistance{{1, 4}, {2, 6}, {3, 8}}
	if len(j.Distance) != len(wantD) {
		t.Fatalf("jumping distances = %+v", j.Distance)
	}
	for i, w := range wantD {
		if j.Distance[i] != w {
			t.Errorf("distance jumped %d = %+v, want %+v", i+1, j.Distance[i], w)
		}
	}
	if j.JumpCost != 1 {
		t.Errorf("a jump costs %d\", the book says 1\"", j.JumpCost)
	}
}

func TestObstructionsChart(t *testing.T) {
	want := []Obstruction{
		{"Flimsy Partition", 2, 0},
		{"Primitive Exterior Wall", 4, 0},
		{"Reinforced Modern Wall", 6, 0},
		{"Security Wall", 8, 0},
		{"Starship-Grade Structural Wall", 10, 0},
		{"Flimsy Door", 1, 1},
		{"Primitive Exterior Door", 3, 2},
		{"Reinforced Modern Door", 4, 2},
		{"Security Door", 6, 6},
		{"Blast Door", 8, 4},
	}
	got := loadTables(t).Obstructions.Rows
	if len(got) != len(want) {
		t.Fatalf("%d obstructions, the book prints %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("obstruction %d = %+v, want %+v", i+1, got[i], w)
		}
	}
}

func TestMovementRatesTable(t *testing.T) {
	m := loadTables(t).Movement
	walk, ok := m.Mode("Walk")
	if !ok || walk.Formula != "Move/2 + DEX" || walk.FireModifier != 1 || walk.NoFire || walk.Facing != "Any" {
		t.Errorf("Walk = %+v; want Move/2 + DEX, Fire +1, any facing", walk)
	}
	run, ok := m.Mode("Run")
	if !ok || run.Formula != "Move + DEX" || !run.NoFire || run.Facing != "90-degree turn" {
		t.Errorf("Run = %+v; want Move + DEX, No Fire, 90-degree turn", run)
	}
	if m.ProneCrawl != 2 || m.StandUpCost != 2 {
		t.Errorf("prone: crawl %d\", stand up %d\"; want 2\" and 2\"", m.ProneCrawl, m.StandUpCost)
	}
}

func TestForcePointsTable(t *testing.T) {
	fp := loadTables(t).ForcePoints
	for _, c := range []struct {
		roll, points int
		rollover     bool
	}{
		{1, 1, false}, {2, 1, false},
		{3, 2, false}, {4, 2, false},
		{5, 3, false},
		{6, 3, true},
	} {
		r, ok := fp.Lookup(c.roll)
		if !ok || r.Value != c.points || r.Rollover != c.rollover {
			t.Errorf("Force Points roll %d = %d rollover %v, want %d rollover %v", c.roll, r.Value, r.Rollover, c.points, c.rollover)
		}
	}
}

// The loader's promises are worth testing on damaged copies: a typo in the data file must
// fail loudly, not quietly change a battle.
func TestLoadTablesRejectsBadData(t *testing.T) {
	orig, err := fs.ReadFile(dataFS, tablesFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parseTables(orig); err != nil {
		t.Fatalf("the embedded file does not parse: %v", err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(orig, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	obj := func(m map[string]any, path ...string) map[string]any {
		for _, p := range path {
			m = m[p].(map[string]any)
		}
		return m
	}
	rows := func(m map[string]any, path ...string) []any { return obj(m, path...)["rows"].([]any) }
	for _, c := range []struct {
		name, want string
		f          func(map[string]any)
	}{
		{"unknown field", "unknown field", func(m map[string]any) { obj(m, "damage")["colour"] = "red" }},
		{"missing source", "terrain does not cite its source", func(m map[string]any) { obj(m, "terrain")["source"] = "" }},
		{"overlapping die", "overlap", func(m map[string]any) { rows(m, "force_points")[0].(map[string]any)["max"] = 3 }},
		{"unknown op", "unknown op", func(m map[string]any) { rows(m, "damage")[1].(map[string]any)["op"] = "=>" }},
		{"margin gap", "margin of -1 matches no single row", func(m map[string]any) {
			rows(m, "damage")[0].(map[string]any)["offset"] = -1
		}},
		{"duplicate id", "listed twice", func(m map[string]any) {
			obj(m, "fire_combat")["firer"].([]any)[1].(map[string]any)["id"] = "walking"
		}},
		{"unknown los rule", "unknown LOS rule", func(m map[string]any) { rows(m, "terrain")[0].(map[string]any)["los_rule"] = "fog" }},
	} {
		_, err := parseTables(edit(c.f))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: parseTables returned %v, want an error mentioning %q", c.name, err, c.want)
		}
	}
	if _, err := parseTables(append(append([]byte{}, orig...), []byte("{}")...)); err == nil {
		t.Error("trailing data: parseTables accepted it")
	}
}
