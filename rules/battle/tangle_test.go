package battle

import (
	"context"
	"math"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// tangleArmy is a squad carrying n tanglefoot sections.
func tangleArmy(n int) string {
	return squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n    equipment: [{name: tanglefoot field, count: "+itoa(n)+"}]\n", "")
}

// Chapter Eleven, "Tanglefoot Field" (lines 2439-2455): "movement within the field is at
// double cost". Four sections laid 3" in front of the set-up zone (y 0-6 on the test field:
// the row y 9-10, x 34-38). A 6" walk north from y 7 pays 2" to reach it, 2" for its 1",
// and has 2" left: it ends at y 12, by hand; without the field, at y 13.
func TestTanglefootDoublesTheCost(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, tangleArmy(4))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 4, rebels, ""))
	b := New(f, a, c)
	if len(b.tangles) != 4 || b.tangles[0][1] != 9 || b.tangles[0][3] != 10 {
		t.Fatalf("sections laid %v, want four in the row y 9-10", b.tangles)
	}
	lo, hi := 100.0, 0.0
	for _, z := range b.tangles {
		lo, hi = math.Min(lo, z[0]), math.Max(hi, z[2])
	}
	if lo != 34 || hi != 38 {
		t.Errorf("the row runs x %g-%g, want 34-38", lo, hi)
	}
	l := b.field.walk(Point{X: 36, Y: 7}, Point{X: 36, Y: 20}, 6, false, false, nil)
	if math.Abs(l.end.Y-12) > 1e-9 {
		t.Errorf("through the field: ends at y %.2f, want 12", l.end.Y)
	}
	if l := f.walk(Point{X: 36, Y: 7}, Point{X: 36, Y: 20}, 6, false, false, nil); math.Abs(l.end.Y-13) > 1e-9 {
		t.Errorf("without it: ends at y %.2f, want 13", l.end.Y)
	}
	if f.Scenario == b.field.Scenario || len(f.Scenario.Terrain) != 0 {
		t.Error("laying the field changed the shared battlefield")
	}
	// It is logged at set-up, and when a unit wades through it.
	b.lg = &logger{}
	b.reset()
	b.logStart()
	if !strings.Contains(b.logText(), "Tanglefoot field: 4 sections") {
		t.Errorf("set-up log: %s", b.logText())
	}
	b.tangleNote(1, Point{X: 36, Y: 20}, Point{X: 36, Y: 5})
	if !strings.Contains(b.logText(), "wades through the tanglefoot field") {
		t.Errorf("not logged: %s", b.logText())
	}
}

// "The field is useful only in very flat terrain ('clear' terrain)": a section that would fall
// in a wood is not laid.
func TestTanglefootOnlyOnClearGround(t *testing.T) {
	f := field(t, `{"type":"light woods","rect":[30,8,35,12]}`, ``)
	b := New(f, armyOf(t, tangleArmy(4)), armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 4, rebels, "")))
	if len(b.tangles) != 3 {
		t.Fatalf("%d sections laid, want 3 (one falls in the wood)", len(b.tangles))
	}
	for _, z := range b.tangles {
		if z[0] < 35 {
			t.Errorf("a section laid in the wood: %v", z)
		}
	}
}

// A mirror match of the Imperial reference force with 20 tanglefoot sections is even (the
// first army's share of the decisive battles has a 95% interval containing one half): the
// open field's sections are laid the same from either side. Not with -short.
func TestTanglefootMirrorIsEven(t *testing.T) {
	if testing.Short() {
		t.Skip("2000 battles")
	}
	a := armyFile(t, "testdata/imperial-1500.yaml")
	a.Units[0].Equipment = append(a.Units[0].Equipment, roster.Item{Name: "tanglefoot field", Count: 20})
	f, err := NewForce(rules.Default(), a)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Simulate(context.Background(), scenario(t, "open-field"), f, f, SimOptions{Battles: 2000, Seed: 1993})
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := Wilson(s.A.Wins, s.A.Wins+s.B.Wins); lo > 0.5 || hi < 0.5 {
		t.Errorf("mirror with tanglefoot: A %d, B %d, draws %d: A's share of the wins is in [%.3f, %.3f]", s.A.Wins, s.B.Wins, s.Draws, lo, hi)
	}
}
