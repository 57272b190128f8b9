package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

// spotFreq places the hiding squad (unit 1) at hid and the spotters (unit 0) at (36, 15),
// runs the end-of-movement spotting n times and returns how often the squad was spotted, with
// the codes used.
func spotFreq(t *testing.T, f *Field, spotters, hiders *Force, hid Point, n int) (spotted, search, sneak int) {
	t.Helper()
	for seed := range uint64(n) {
		b := ready(t, f, spotters, hiders, seed)
		if !b.hidden[1] || b.hidden[0] {
			t.Fatal("side B does not start hidden, or side A does")
		}
		b.place(0, Point{X: 36, Y: 15}, math.Pi/2)
		b.place(1, hid, -math.Pi/2)
		b.spotting()
		if !b.hidden[1] {
			spotted++
		}
		search, sneak = b.figs[b.units[0].members[0]].spec.Search, b.units[1].spec.Sneak
	}
	return spotted, search, sneak
}

// Chapter Nine, "Spotting Hidden Troops" (lines 1985-2005): troops hiding at the edge of a
// medium wood (+2) are spotted unless their sneak roll (plus 2) beats the spotters' search
// roll, at the exact odds of the opposed roll; in the dark (+4) unless a spotter has
// macrobinoculars, which negate it; a combat sensor adds 1 to the search (Chapter Eleven,
// line 2594). Troops in the open by day are spotted without a roll; troops no enemy can see
// (deep in the wood, beyond its 6" sight) stay hidden.
func TestSpottingHiddenTroops(t *testing.T) {
	woods := `{"type":"medium woods","rect":[10,20,62,40]}`
	edge := Point{X: 36, Y: 21}
	plain := armyOf(t, darkArmy("imperial", "comlink"))
	hiders := armyOf(t, darkArmy("rebel", "comlink"))
	const n = 3000
	got, search, sneak := spotFreq(t, nightField(t, woods, -1, true), plain, hiders, edge, n)
	within(t, "spotted at a wood's edge by day", got, n, combat.MarginDist(search, sneak+2).AtLeast(0))
	got, _, _ = spotFreq(t, nightField(t, woods, 20, true), plain, hiders, edge, n)
	within(t, "spotted at a wood's edge in the dark", got, n, combat.MarginDist(search, sneak+2+4).AtLeast(0))
	got, _, _ = spotFreq(t, nightField(t, woods, 20, true), armyOf(t, darkArmy("imperial", "macrobinoculars")), hiders, edge, n)
	within(t, "spotted in the dark with macrobinoculars", got, n, combat.MarginDist(search, sneak+2).AtLeast(0))
	got, _, _ = spotFreq(t, nightField(t, woods, 20, true), armyOf(t, darkArmy("imperial", "combat sensor")), hiders, edge, n)
	within(t, "spotted in the dark with a combat sensor", got, n, combat.MarginDist(search+1, sneak+2+4).AtLeast(0))
	if got, _, _ := spotFreq(t, nightField(t, ``, -1, true), plain, hiders, edge, 50); got != 50 {
		t.Errorf("in the open by day: spotted %d times of 50, want every time", got)
	}
	if got, _, _ := spotFreq(t, nightField(t, woods, -1, true), plain, hiders, Point{X: 36, Y: 30}, 50); got != 0 {
		t.Errorf("deep in the wood: spotted %d times of 50, want never", got)
	}
}

// "Soldiers and models that fire are spotted automatically" (line 2003); until spotted, a
// hidden unit cannot be fired at; a spotted unit no enemy can see hides again at the start
// of the next Movement Phase (line 1975).
func TestHiddenUnitsFireAndHideAgain(t *testing.T) {
	f := nightField(t, `{"type":"medium woods","rect":[10,20,62,40]}`, -1, true)
	b := ready(t, f, armyOf(t, darkArmy("imperial", "comlink")), armyOf(t, darkArmy("rebel", "comlink")), 3)
	b.place(0, Point{X: 36, Y: 15}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 21}, -math.Pi/2)
	b.clearPhaseHits()
	b.fireAt(0, 1, firePhase)
	if strings.Contains(b.logText(), "fires at") {
		t.Fatalf("fired at a hidden squad:\n%s", b.logText())
	}
	if t0, _ := b.bestTarget(0, false); t0 == 1 {
		t.Error("the doctrine aims at a hidden squad")
	}
	b.fireAt(1, 0, firePhase)
	if b.hidden[1] || !strings.Contains(b.logText(), "is spotted (it fires)") {
		t.Fatalf("still hidden after firing:\n%s", b.logText())
	}
	b.rehide()
	if b.hidden[1] {
		t.Fatal("hid again in sight of the enemy")
	}
	b.place(1, Point{X: 36, Y: 30}, -math.Pi/2)
	b.rehide()
	if !b.hidden[1] {
		t.Error("did not hide again out of sight")
	}
}

// The doctrine's ambush (docs/decisions.md): a hidden squad at a wood's edge holds its fire
// while its volley is worth less than one expected casualty (the enemy 20" off), and stays
// hidden; with the enemy 6" off the volley is worth more, it fires, and is spotted.
func TestHiddenUnitsWaitToAmbush(t *testing.T) {
	f := nightField(t, `{"type":"medium woods","rect":[10,20,62,40]}`, -1, true)
	a := armyOf(t, darkArmy("imperial", "comlink"))
	c := armyOf(t, darkArmy("rebel", "comlink"))
	for _, tc := range []struct {
		off  float64
		fire bool
	}{{20, false}, {6, true}} {
		b := ready(t, f, a, c, 5)
		b.place(1, Point{X: 36, Y: 21}, -math.Pi/2)
		b.place(0, Point{X: 36, Y: 21 - tc.off}, math.Pi/2)
		_, ex := b.bestTarget(1, false)
		b.firePhase()
		fired := !b.hidden[1]
		if fired != tc.fire || (ex >= ambushWorth) != tc.fire {
			t.Errorf("enemy %.0f\" off: expected %.2f casualties, fired %v, want %v:\n%s", tc.off, ex, fired, tc.fire, b.logText())
		}
	}
}
