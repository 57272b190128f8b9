package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

// mountedArmy is a squad of four riders with beast riding 3 on the creature given, carrying
// the melee weapon given.
func mountedArmy(creature, melee string) string {
	return squadArmy("rebel", "Standard Rebel Trooper", 4,
		"    skills: {blaster: 4, melee combat: 5, beast riding: 3, command: 4}\n    weapons: [blaster rifle, "+melee+"]\n    armor: none\n"+
			"    mounts: {creature: "+creature+", count: 4}\n", "")
}

// assaultOnce locks squad 0 (the riders) and squad 1 in close assault, side by side, and
// fights one round; it returns the round's log.
func assaultOnce(t *testing.T, f *Field, a, c *Force, seed uint64) (*Battle, string) {
	t.Helper()
	b := ready(t, f, a, c, seed)
	b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 21.2}, -math.Pi/2)
	b.engage(0, 1)
	b.lg.buf = b.lg.buf[:0]
	b.clearPhaseHits()
	b.assaultRound(b.units[0].eng, -1)
	return b, b.logText()
}

// Chapter Thirteen, "Close Assault Combat" (book lines 3240-3246): a rider attacks from his
// mount's back after a difficulty 6 beast riding test (beast riding 3: a roll of 3 to 6, 4 in
// 6 by hand); his mount attacks after an opposed beast riding roll against its Orneriness
// Code (a tauntaun's 1), won at the exact odds of combat.WinOdds(3, 1). Four riders a round,
// 1500 rounds.
func TestMountedSoldiersInCloseAssault(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, mountedArmy("tauntaun", "vibroblade"))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, melee combat: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	if p := combat.TestOdds(3, 6); math.Abs(p-4.0/6) > 1e-9 {
		t.Fatalf("beast riding 3 against 6: %.6f, want 4/6", p)
	}
	n, fights, mounts := 1500, 0, 0
	for seed := range uint64(n) {
		_, log := assaultOnce(t, f, a, c, seed)
		fights += strings.Count(log, "fights from the saddle")
		mounts += strings.Count(log, "his tauntaun attacks")
		if got := strings.Count(log, "fights from the saddle") + strings.Count(log, "fails his beast riding test"); got != 4 {
			t.Fatalf("seed %d: %d riders tested, want 4:\n%s", seed, got, log)
		}
	}
	within(t, "riders attacking", fights, 4*n, combat.TestOdds(3, 6))
	win, _, _ := combat.WinOdds(3, 1)
	within(t, "mounts attacking", mounts, 4*n, win)
}

// "In order to make a close assault attack from the back of a large creature (one that is at
// least 3 meters tall), a soldier must be equipped with a suitably long weapon, such as a
// spear" (line 3246): on banthas (Strength 8) riders with vibroblades never attack; with
// spears they test as on any mount.
func TestRidersOfLargeCreaturesNeedLongWeapons(t *testing.T) {
	f := field(t, ``, ``)
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, melee combat: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	short := armyOf(t, mountedArmy("bantha", "vibroblade"))
	long := armyOf(t, mountedArmy("bantha", "spear"))
	n, fights := 1000, 0
	for seed := range uint64(n) {
		if _, log := assaultOnce(t, f, short, c, seed); strings.Contains(log, "fights from the saddle") || strings.Count(log, "has no weapon long enough to fight from his bantha") != 4 {
			t.Fatalf("seed %d: a rider of a bantha fought with a vibroblade:\n%s", seed, log)
		}
		_, log := assaultOnce(t, f, long, c, seed)
		fights += strings.Count(log, "fights from the saddle")
	}
	within(t, "bantha riders with spears attacking", fights, 4*n, combat.TestOdds(3, 6))
}

// "If he fails, the rider cannot attack this phase" (line 3244): riders with beast riding 0
// (a pass needs a 6 and more on the roll-on) who all fail, and whose mounts do not attack,
// cause no casualties, however the round goes.
func TestFailedRidersCannotHurt(t *testing.T) {
	f := field(t, ``, ``)
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, melee combat: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	clumsy := armyOf(t, strings.Replace(mountedArmy("tauntaun", "vibroblade"), "beast riding: 3", "beast riding: 0", 1))
	for seed := range uint64(400) {
		b, log := assaultOnce(t, f, clumsy, c, seed)
		if strings.Contains(log, "fights from the saddle") {
			continue
		}
		// Nobody of the Imperials was hurt by a rider: any casualties come from the mounts.
		if !strings.Contains(log, "his tauntaun attacks") && b.units[1].casualties > 0 {
			t.Fatalf("seed %d: riders who failed their test and mounts that did not attack caused %d casualties:\n%s", seed, b.units[1].casualties, log)
		}
	}
}

// Chapter Thirteen, "Fire Combat" (line 3234): a soldier firing from a moving creature
// "cannot fire at targets at long range" (and is +1). Riders with blaster pistols 20" from
// their target (long range: 15-60") hold their fire; their specialist's repeating blaster
// (medium range: 15-60") still fires, at 8 + 1 (moving surface) + 1 (walked) = 10.
func TestRidersOnMovingMountsHoldLongRangeFire(t *testing.T) {
	f := field(t, ``, ``)
	riders := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 4,
		"    skills: {blaster: 4, beast riding: 3, command: 4}\n    weapons: [blaster pistol]\n    armor: none\n"+
			"    specialists:\n      - weapons: [repeating blaster]\n    mounts: {creature: tauntaun, count: 4}\n", ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	b := ready(t, f, riders, c, 1)
	b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 30}, -math.Pi/2)
	b.units[0].moved, b.units[0].walked = true, true
	b.clearPhaseHits()
	b.fireAt(0, 1, firePhase)
	if log := b.logText(); !strings.Contains(log, ": 1 shot at") || !strings.Contains(log, "difficulty 10:") {
		t.Errorf("want the repeating blaster's one shot at difficulty 10:\n%s", log)
	}
}

// Chapter Thirteen (lines 3224-3230, 3318-3320): a wounded mount falls and "can stand up in
// the next Movement Phase"; its rider mounts it again on an opposed beast riding roll
// against its Orneriness Code (beast riding 3 against a tauntaun's 1: combat.WinOdds(3, 1)),
// else it runs amok and is lost; the squad spends the phase on it, and rides again when
// every rider is back in the saddle. An incapacitated mount is lost without a try.
func TestRidersRemountWoundedMounts(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, mountedArmy("tauntaun", "vibroblade"))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	n, back := 0, 0
	for seed := range uint64(3000) {
		b := ready(t, f, a, c, seed)
		g := &b.figs[b.units[0].members[1]]
		b.clearPhaseHits()
		g.mount.Mark(combat.Wound)
		b.endPhaseUnit(0)
		if !g.alive() {
			continue // the mount fell on him and took him out
		}
		n++
		if g.riding || !g.mountDown || b.units[0].mounted {
			t.Fatalf("seed %d: a wounded mount did not fall, or the squad still rides", seed)
		}
		b.moveUnit(0)
		if g.mountDown {
			t.Fatal("the mount is still down after the Movement Phase")
		}
		if g.riding {
			back++
			if !b.units[0].mounted {
				t.Fatalf("seed %d: every rider is back in the saddle but the squad walks", seed)
			}
		} else if b.units[0].mounted {
			t.Fatalf("seed %d: the squad rides with a rider on foot", seed)
		}
		if !strings.Contains(b.logText(), "stays to remount") {
			t.Fatalf("seed %d: not logged:\n%s", seed, b.logText())
		}
	}
	win, _, _ := combat.WinOdds(3, 1)
	within(t, "remounted", back, n, win)
	b := ready(t, f, a, c, 1)
	g := &b.figs[b.units[0].members[1]]
	g.mount.Mark(combat.Incapacitated)
	b.endPhaseUnit(0)
	if g.mountDown || b.units[0].remount {
		t.Error("an incapacitated mount is to be remounted")
	}
}

// Chapter Thirteen, "Hitting Mounts and Riders" (book lines 3236-3238): "When a soldier
// riding a creature is targeted ... on a roll of 5 or 6 the creature being ridden is hit",
// from the first volley of the battle. Four Stormtroopers fire at four tauntaun riders at 5"
// in the open, 400 seeds: some mounts are hit and fall (a tauntaun wounded falls), and every
// rider starts the battle in his saddle with his mount there to be hit.
func TestRidersMountsAreHitFromTheFirstVolley(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, mountedArmy("tauntaun", "vibroblade"))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 5, command: 4}\n    weapons: [blaster rifle]\n", ""))
	fell := 0
	for seed := range uint64(400) {
		b := ready(t, f, a, c, seed)
		for _, fi := range b.units[0].members {
			if g := &b.figs[fi]; !g.riding || g.f.Mount != &g.mount {
				t.Fatalf("seed %d: %s starts the battle without his mount", seed, g.spec.Who)
			}
		}
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 25}, -math.Pi/2)
		b.clearPhaseHits()
		b.fireAt(1, 0, firePhase)
		b.endPhaseUnit(0)
		fell += strings.Count(b.logText(), "his mount is hit and falls")
	}
	if fell == 0 {
		t.Error("in 400 volleys at riders no mount was hit and fell")
	}
}
