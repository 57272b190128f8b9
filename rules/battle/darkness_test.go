package battle

import (
	"context"
	"math"
	"testing"

	"muster/roster"
	"muster/rules"
)

// nightField is the test field in the dark, visibility v inches (by day when v < 0), with
// side B hiding when hide is true.
func nightField(t *testing.T, terrain string, v float64, hide bool) *Field {
	t.Helper()
	f := field(t, terrain, ``)
	sc := *f.Scenario
	if v >= 0 {
		sc.Darkness = &Darkness{Visibility: v}
	}
	sc.Sides[1].Hidden = hide
	nf, err := compile(&sc, rules.DefaultTables())
	if err != nil {
		t.Fatal(err)
	}
	return nf
}

// darkArmy is a squad of four with the equipment given.
func darkArmy(side, equipment string) string {
	troop := "Stormtrooper"
	if side == "rebel" {
		troop = "Standard Rebel Trooper"
	}
	return squadArmy(side, troop, 4, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n    equipment: ["+equipment+"]\n", "")
}

// sees reports whether unit 0's first figure, at (36, 10), sees unit 1's first figure, d
// inches north of him (the squads placed around them, facing each other).
func sees(t *testing.T, b *Battle, d float64) bool {
	t.Helper()
	b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 10 + d}, -math.Pi/2)
	a, c := b.units[0].members[0], b.units[1].members[0]
	b.figs[a].pos, b.figs[c].pos = Point{X: 36, Y: 10}, Point{X: 36, Y: 10 + d}
	ok, _ := b.los(a, c)
	return ok
}

// Chapter Fifteen, "Darkness" (lines 3678-3686): darkness limits sight to the visibility
// (here 6"); macrobinoculars negate it; a glowrod lets its holder see 4" (with visibility
// 3") and makes him seen by all in sight; a luma grenade lights 6" around its burst for six
// turns, a fire 10" around it (Chapter Eleven, "Luma").
func TestDarknessLimitsSight(t *testing.T) {
	f := nightField(t, ``, 6, false)
	plain := armyOf(t, darkArmy("imperial", "comlink"))
	foes := armyOf(t, darkArmy("rebel", "comlink"))
	b := ready(t, f, plain, foes, 1)
	if b.darkVis != 6 {
		t.Fatalf("visibility %g, want the scenario's 6", b.darkVis)
	}
	if !sees(t, b, 5) || sees(t, b, 8) {
		t.Error("darkness of 6\": should see at 5\", not at 8\"")
	}
	b = ready(t, f, armyOf(t, darkArmy("imperial", "macrobinoculars")), foes, 1)
	if !sees(t, b, 20) {
		t.Error("macrobinoculars do not see 20\" in the dark")
	}
	f3 := nightField(t, ``, 3, false)
	b = ready(t, f3, armyOf(t, darkArmy("imperial", "glowrod")), foes, 1)
	if !sees(t, b, 3.5) || sees(t, b, 5) {
		t.Error("a glowrod should let its holder see 3.5\" (visibility 3\") but not 5\"")
	}
	b = ready(t, f3, plain, armyOf(t, darkArmy("rebel", "glowrod")), 1)
	if !sees(t, b, 20) {
		t.Error("a figure holding a glowrod is not seen at 20\" in the dark")
	}
	b = ready(t, f3, plain, foes, 1)
	if sees(t, b, 12) {
		t.Fatal("seen at 12\" in a visibility of 3\"")
	}
	b.lumaLights(Point{X: 36, Y: 24})
	if !sees(t, b, 12) {
		t.Error("a figure 2\" from a luma's burst is not seen")
	}
	b.turn += lumaTurns
	if sees(t, b, 12) {
		t.Error("the luma still shines after six turns")
	}
	b.clouds = append(b.clouds, cloud{kind: gFire, at: Point{X: 30, Y: 24}, r: 1, left: 9})
	if !sees(t, b, 12) {
		t.Error("a figure 6\" from a fire is not seen")
	}
}

// Darkness on the open field, seen from either side the same, keeps a mirror match even
// (the reference Imperial force with glowrods: a 95% interval of the first army's share of
// the decisive battles contains one half). Not with -short.
func TestDarkMirrorIsEven(t *testing.T) {
	if testing.Short() {
		t.Skip("2000 battles")
	}
	of := scenario(t, "open-field")
	sc := *of.Scenario
	sc.Darkness = &Darkness{}
	f, err := compile(&sc, rules.DefaultTables())
	if err != nil {
		t.Fatal(err)
	}
	a := armyFile(t, "testdata/imperial-1500.yaml")
	for i := range a.Units {
		a.Units[i].Equipment = append(a.Units[i].Equipment, roster.Item{Name: "glowrod"})
	}
	fo, err := NewForce(rules.Default(), a)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Simulate(context.Background(), f, fo, fo, SimOptions{Battles: 2000, Seed: 1993})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := Wilson(s.A.Wins, s.A.Wins+s.B.Wins); lo > 0.5 || hi < 0.5 {
		t.Errorf("dark mirror: A %d, B %d, draws %d: A's share of the wins is in [%.3f, %.3f]", s.A.Wins, s.B.Wins, s.Draws, lo, hi)
	}
}

// The doctrine judges the dark as the fire will (Chapter Fifteen, "Darkness": a figure sees
// an enemy only within the visibility): a squad in the woods, 22" from a squad that would
// make it lie down by day (TestVoluntaryProne), stays up in a visibility of 6", where that
// squad cannot see it to fire; the enemy's fire is forecast at nothing, and the squad's own
// fire at the enemy too. Within the visibility both are forecast as by day (and the squad
// stays up there only because the enemy could charge it).
func TestDarkForecastsOnlyFireThatCanSee(t *testing.T) {
	woods := `{"type":"light woods","rect":[20,6,52,13]}`
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 10, "    skills: {blaster: 6, command: 4}\n    weapons: [blaster rifle]\n", ""))
	for _, tc := range []struct {
		name  string
		vis   float64 // < 0: by day
		gap   float64
		prone bool
	}{{"by day, 22\" off", -1, 22, true}, {"in the dark, 22\" off", 6, 22, false}, {"in the dark, 5\" off", 6, 5, false}} {
		b := ready(t, nightField(t, woods, tc.vis, false), a, c, 1)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 10 + tc.gap}, -math.Pi/2)
		threat, own := b.estimate(1, 0, false, 0), b.estimate(0, 1, false, 0)
		if seen := tc.vis < 0 || tc.gap <= tc.vis; seen != (threat > 0) || seen != (own > 0) {
			t.Errorf("%s: forecasts %.2f at the squad and %.2f from it, want both %s", tc.name, threat, own,
				map[bool]string{true: "above 0", false: "0"}[seen])
		}
		b.goProne(0)
		if got := b.figs[b.units[0].members[0]].prone; got != tc.prone {
			t.Errorf("%s: prone %v, want %v (fire forecast %.2f)", tc.name, got, tc.prone, threat)
		}
	}
}
