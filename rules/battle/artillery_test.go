package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

// gunArmy is a piece and its crew (the squad listed right after it).
func gunArmy(piece string) string {
	return "format: 1\nsystem: swmb\nname: g\nside: imperial\nunits:\n  - {kind: artillery, artillery: " + piece + "}\n" +
		"  - kind: squad\n    name: Crew\n    troop: Stormtrooper\n    size: 4\n    skills: {blaster: 4, blaster artillery: 4, command: 4}\n    weapons: [blaster pistol]\n"
}

// Chapter Eleven, "Firing the Gun": a blaster artillery test for the lead gunner, his skill
// plus the Fire Control (4 + 2 for the Anti-Infantry Battery), "always at short range"
// (difficulty 6), +2 undermanned (fewer than 2 crew); a miss deviates as a grenade at medium
// range, except that a 1-2 on the distance die overshoots: the shot has no effect. On target
// as often as the test's exact odds; overshooting 2 in 6 of the misses.
func TestOnBoardArtilleryFires(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, gunArmy("Anti-Infantry Battery"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 8, rebels, ""))
	if a.Units[0].Gun == nil || a.Units[1].Piece == nil || a.Units[0].Crew != 1 {
		t.Fatal("the squad after the piece does not crew it")
	}
	n, onTarget, over := 3000, 0, 0
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.units[1].gunSet = false // set the gun up where the crew is placed now
		b.place(1, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(2, Point{X: 36, Y: 24}, -math.Pi/2)
		b.clearPhaseHits()
		if !b.fireGun(1) {
			t.Fatalf("seed %d: the gun did not fire at a squad 14\" off", seed)
		}
		switch log := b.logText(); {
		case strings.Contains(log, "on target"):
			onTarget++
		case strings.Contains(log, "overshoots"):
			over++
		}
		if b.fireGun(1) {
			t.Fatal("fired twice in a turn")
		}
	}
	p := combat.TestOdds(4+2, 6)
	within(t, "on target", onTarget, n, p)
	within(t, "overshot", over, n, (1-p)*2/6)
}

// Minimum range and Fire Rate: the Light Anti-Vehicle Laser Cannon (minimum 12", Fire Rate
// 1/2) does not fire at a squad 8" off, and fires every other turn.
func TestOnBoardArtilleryRangeAndRate(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, gunArmy("Light Anti-Vehicle Laser Cannon"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 8, rebels, ""))
	b := ready(t, f, a, c, 1)
	b.units[1].gunSet = false
	b.place(1, Point{X: 36, Y: 10}, math.Pi/2)
	b.place(2, Point{X: 36, Y: 18}, -math.Pi/2)
	if b.fireGun(1) {
		t.Error("fired inside its 12\" minimum range")
	}
	b.place(2, Point{X: 36, Y: 30}, -math.Pi/2)
	fired := 0
	for b.turn = 1; b.turn <= 6; b.turn++ {
		if b.fireGun(1) {
			fired++
		}
	}
	if fired != 3 {
		t.Errorf("fired %d times in 6 turns at Fire Rate 1/2, want 3", fired)
	}
}
