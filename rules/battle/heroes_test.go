package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

const sniperHero = "format: 1\nsystem: swmb\nname: s\nside: imperial\nunits:\n  - kind: hero\n    name: Sniper\n    origin: scratch\n    move: 10\n" +
	"    attributes: {DEX: 4, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}\n    skills: {blaster: 10}\n    weapons: [blaster rifle]\n    armor: none\n"

// Chapter Twelve, "Specific Targeting" (line 2850): "a hero can target his shots at a specific
// soldier within a squad", at +4. The doctrine aims at a commander whose command (5) is
// better than his squad's (3): every hit is his, none another soldier's; the shot's
// difficulty is the squad's plus 4 (8" with a blaster rifle: short range, 6, in the open:
// 10). A commander no better than his squad is not worth it.
func TestHeroAimsAtTheCommander(t *testing.T) {
	a := armyOf(t, sniperHero)
	better := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers+"    commander: {skills: {command: 5}}\n", ""))
	same := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers, ""))
	f := field(t, ``, ``)
	specific := 0
	for seed := range uint64(300) {
		b := ready(t, f, a, better, seed)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 18}, -math.Pi/2)
		b.clearPhaseHits()
		b.fireAt(0, 1, firePhase)
		log := b.logText()
		if !strings.Contains(log, "fires at the commander in") {
			continue
		}
		specific++
		if !strings.Contains(log, "(specific target), difficulty 10:") {
			t.Fatalf("seed %d: %s", seed, log)
		}
		for _, fi := range b.units[1].members[1:] {
			if b.figs[fi].f.Pending() != combat.NoEffect {
				t.Fatalf("seed %d: a soldier was hit by a specific shot at the commander", seed)
			}
		}
		b2 := ready(t, f, a, same, seed)
		b2.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b2.place(1, Point{X: 36, Y: 18}, -math.Pi/2)
		b2.clearPhaseHits()
		b2.fireAt(0, 1, firePhase)
		if strings.Contains(b2.logText(), "specific target") {
			t.Fatalf("seed %d: aimed at a commander no better than his squad", seed)
		}
	}
	if specific != 300 {
		t.Errorf("aimed at the commander in %d of 300 volleys, want all (blaster 10 against 10 hits 5 in 6)", specific)
	}
}

// Chapter Twelve, "Heroes and Command" (line 2787): a hero may relinquish command in the
// Special Actions Phase, handing the squad to a squad member. A hero in command of a broken
// squad at its rally point hands it back to its commander and fights alone; with the squad
// only shaken, he keeps it.
func TestHeroGivesUpCommandOfABrokenSquad(t *testing.T) {
	captain := "  - kind: hero\n    name: Captain\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 2, TEC: 2}\n" +
		"    skills: {blaster: 4, command: 6}\n    weapons: [blaster pistol]\n    armor: none\n"
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers, captain))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	f := field(t, ``, ``)
	for _, broken := range []bool{true, false} {
		b := ready(t, f, a, c, 1)
		hf := b.units[1].members[0]
		if b.units[0].leader != hf {
			t.Fatal("the captain does not command the squad at set-up")
		}
		b.units[0].atRally = true
		b.units[0].level = 0
		if !broken {
			b.units[0].level = 3
		}
		b.giveUpCommand()
		gaveUp := b.units[0].leader == b.units[0].members[0] && b.units[1].state == stOnTable && int(b.figs[hf].unit) == 1
		if gaveUp != broken {
			t.Errorf("broken %v: gave up command %v:\n%s", broken, gaveUp, b.logText())
		}
		if broken {
			b.assumeCommand()
			if b.units[0].leader == hf {
				t.Error("took command again of the broken squad at its rally point")
			}
		}
	}
}

// "A hero can target his shots ... at a hero or droid drawing cover from the squad" (line
// 2850): a lone hero within his command distance of his squad cannot be fired at directly
// (line 2789), but a hero firing at the squad aims at him, at +4 at his own range and cover
// (open ground, 9.4" off: short range for a blaster rifle, 6 + 4 = 10), every hit his.
func TestHeroAimsAtAHeroDrawingCover(t *testing.T) {
	captain := "  - kind: hero\n    name: Captain\n    origin: scratch\n    move: 10\n    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 2, TEC: 2}\n" +
		"    skills: {blaster: 4, command: 6}\n    weapons: [blaster pistol]\n    armor: none\n"
	a := armyOf(t, sniperHero)
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, troopers, captain))
	f := field(t, ``, ``)
	aimed := 0
	for seed := range uint64(200) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 18}, -math.Pi/2)
		b.units[1].leader = b.units[1].members[0]
		b.detachHero(1) // the captain stands alone, beside his squad
		b.place(2, Point{X: 41, Y: 18}, -math.Pi/2)
		if b.units[2].state != stOnTable || !b.heroScreened(2) {
			t.Fatal("the captain is not a lone hero drawing cover from his squad")
		}
		b.clearPhaseHits()
		b.lg.buf = b.lg.buf[:0]
		b.fireAt(0, 1, firePhase)
		log := b.logText()
		if !strings.Contains(log, "beside") {
			continue
		}
		aimed++
		if !strings.Contains(log, "difficulty 10:") {
			t.Fatalf("seed %d: %s", seed, log)
		}
		for _, fi := range b.units[1].members {
			if b.figs[fi].f.Pending() != combat.NoEffect {
				t.Fatalf("seed %d: a soldier was hit by a specific shot at the captain", seed)
			}
		}
	}
	if aimed != 200 {
		t.Errorf("aimed at the captain in %d of 200 volleys, want all", aimed)
	}
}
