package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules/combat"
)

const burners = "    skills: {blaster: 4, command: 4, flamethrower: 5, missile weapons: 5}\n    weapons: [blaster rifle]\n    specialists:\n" +
	"      - weapons: [flamethrower]\n      - weapons: [grenade launcher, {name: grenade, count: 4}]\n" +
	"      - weapons: [proton torpedo launcher, {name: proton torpedo, count: 4}]\n      - weapons: [DEMP gun]\n"

// Chapter Eleven, "Flamethrower" (lines 2156-2166): on a hit the template is centred under
// the target, who resists the full Damage Strength (4); anyone else under the 1" template
// the incidental (2); the area is then on fire. Given a hit, the target's and his
// neighbour's casualty rates match the Damage Table's exact odds.
func TestFlamethrowerTemplateAndIgnition(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 5, burners, ""))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 2, rebels, ""))
	n, hits, tHarm, nHarm := 3000, 0, 0, 0
	var str int
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 23}, -math.Pi/2)
		tgt, nb := b.units[1].members[0], b.units[1].members[1]
		b.figs[nb].pos = add(b.figs[tgt].pos, Point{X: 1.2})
		str = b.figs[tgt].f.Strength()
		fl := b.units[0].members[1]
		b.clearPhaseHits()
		b.flame(0, 1, fl, tgt, 6)
		if len(b.clouds) != 1 || b.clouds[0].kind != gFire {
			t.Fatalf("seed %d: no fire started", seed)
		}
		if !strings.Contains(b.logText(), "fires his flamethrower at") {
			t.Fatalf("the log does not name the flamethrower:\n%s", b.logText())
		}
		if !strings.Contains(b.logText(), "on target") {
			continue
		}
		hits++
		if dist2(b.clouds[0].at, b.figs[tgt].pos) > 1e-12 {
			t.Fatal("a hit's template is not centred under the target")
		}
		if b.figs[tgt].f.Pending() != combat.NoEffect {
			tHarm++
		}
		if b.figs[nb].f.Pending() != combat.NoEffect {
			nHarm++
		}
	}
	r := combat.Default()
	full, inc := r.DamageOdds(4, str), r.DamageOdds(2, str)
	within(t, "flame hits", hits, n, combat.TestOdds(5, 6))
	within(t, "the target's casualties (4)", tHarm, hits, full[1]+full[2])
	within(t, "the neighbour's casualties (2)", nHarm, hits, inc[1]+inc[2])
}

// The flamethrower is aimed at a figure within its 6": a lone soldier 3" ahead, not a
// cluster of three 10" off (worth more under the template, but out of reach; aiming there
// left the weapon unused at 3" from the enemy). With the lone soldier out of reach too,
// there is nothing to aim at.
func TestFlamethrowerAimedWithinReach(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 5, burners, ""))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 4, rebels, ""))
	b := ready(t, f, a, c, 1)
	b.place(0, Point{X: 36, Y: 20}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 30}, -math.Pi/2)
	fl := &b.figs[b.units[0].members[1]]
	fl.pos = Point{X: 36, Y: 20}
	m := b.units[1].members
	lone := m[0]
	b.figs[lone].pos = Point{X: 36, Y: 23}
	for i, fi := range m[1:] {
		b.figs[fi].pos = Point{X: 35 + float64(i), Y: 30}
	}
	b.tidx = append(b.tidx[:0], m...)
	at, v := b.flameAim(fl, 0, 0, b.figs[lone].f.Strength())
	if at != lone || v <= 0 {
		t.Errorf("aimed at figure %d (worth %.3f), want the lone soldier %d within reach", at, v, lone)
	}
	b.figs[lone].pos = Point{X: 36, Y: 26.5} // 6.5": beyond long range
	if at, _ := b.flameAim(fl, 0, 0, b.figs[lone].f.Strength()); at >= 0 {
		t.Errorf("aimed at figure %d with every enemy beyond 6\"", at)
	}
}

// Advanced Terrain, "Fire" (lines 3718-3745): each fire rolls in the Special Actions Phase,
// 1-2 burns down, 3-4 stays, 5-6 spreads a template; everyone under a template resists 4;
// fire combat through a template is at +1.
func TestFiresBurnDownSpreadAndBurn(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 1, rebels, ""))
	n, down, spread, burnt := 3000, 0, 0, 0
	for seed := range uint64(n) {
		b := ready(t, f, a, a, seed)
		b.place(0, Point{X: 36, Y: 24}, 0)
		b.place(1, Point{X: 10, Y: 10}, 0)
		b.startFire(Point{X: 36, Y: 24}, 1)
		b.firesTurn()
		switch len(b.clouds) {
		case 0:
			down++
		case 2:
			spread++
			if d := math.Sqrt(dist2(b.clouds[0].at, b.clouds[1].at)); math.Abs(d-2) > 1e-9 {
				t.Fatalf("a spread template %.2f\" from the last, want 2", d)
			}
		}
		if b.units[0].casualties > 0 {
			burnt++
		}
	}
	within(t, "burns down", down, n, 2.0/6)
	within(t, "spreads", spread, n, 2.0/6)
	odds := combat.Default().DamageOdds(fireDamage, 2)
	// The soldier burns when the fire did not burn down first.
	within(t, "burnt", burnt, n, 4.0/6*(odds[1]+odds[2]))
	b := ready(t, f, a, a, 1)
	b.startFire(Point{X: 20, Y: 24}, 0)
	if got := b.firesBetween(Point{X: 10, Y: 24}, Point{X: 30, Y: 24}); got != 1 {
		t.Errorf("%d fire templates across the line, want 1", got)
	}
}

// Chapter Eleven, "Grenade Launcher" (lines 2172-2200): ranges 3"-12", 24", 40" with the
// missile weapons skill, nothing closer than 3"; thermal detonators cannot be launched. A
// grenade at 30" is out of a hand's reach (20") but long range for the launcher.
func TestGrenadeLauncherRanges(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 5, burners, ""))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, rebels, ""))
	b := ready(t, f, a, c, 1)
	b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
	g := &b.figs[b.units[0].members[2]]
	kit := &g.spec.Kits[0]
	far := add(g.pos, Point{Y: 30})
	if v := b.kitValue(g, kit, far, 1, 2, combat.Firing{}, false); v != 0 {
		t.Errorf("thrown 30\": %v, want 0", v)
	}
	want := combat.TestOdds(5, b.r.Base(combat.Long)) * b.odds.pHarm(4, 2)
	if v := b.kitValue(g, kit, far, 1, 2, combat.Firing{}, true); math.Abs(v-want) > 1e-12 {
		t.Errorf("launched 30\": %v, want %v", v, want)
	}
	if v := b.kitValue(g, kit, add(g.pos, Point{Y: 2}), 1, 2, combat.Firing{}, true); v != 0 {
		t.Errorf("launched 2\": %v, want 0 (minimum range 3\")", v)
	}
}

// Chapter Eleven, "DEMP Gun" (lines 2391-2409): it stuns droids (a System Damage result 4
// turns, roll twice 6), treated as wounded (-1), stuns adding up; against anyone else it does
// nothing, and the doctrine never fires it so.
func TestDEMPGunStunsDroids(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 5, burners, ""))
	c := armyOf(t, "format: 1\nsystem: swmb\nname: d\nside: rebel\nunits:\n  - {kind: droid, name: War Droid, droid: War Droid}\n")
	men := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, rebels, ""))
	bm := ready(t, f, a, men, 1)
	dg := &bm.figs[bm.units[0].members[4]]
	if v := bm.dempValue(dg, 1, 10, 0); v != 0 {
		t.Errorf("DEMP gun at soldiers: worth %v, want 0", v)
	}
	n, hits := 3000, 0
	var four, six int
	var str int
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.place(0, Point{X: 36, Y: 10}, math.Pi/2)
		b.place(1, Point{X: 36, Y: 20}, -math.Pi/2)
		d := b.units[1].members[0]
		str = b.figs[d].f.Strength()
		b.tidx = append(b.tidx[:0], d)
		b.demp(0, 1, b.units[0].members[4], 2) // difficulty 2: a hit but on a bomb-out
		if strings.Contains(b.logText(), "a miss") {
			continue
		}
		hits++
		switch b.figs[d].stunTill {
		case b.turn + 3:
			four++
		case b.turn + 5:
			six++
		}
		if b.figs[d].stunTill > 0 && b.handicap(&b.figs[d]) != 1 {
			t.Fatal("a stunned droid is not at -1")
		}
	}
	odds := combat.Default().DroidDamageOdds(4, str)
	within(t, "stunned 4 turns", four, hits, odds.At(1))
	within(t, "stunned 6 turns", six, hits, odds.At(2))
}

// Chapter Eleven, "Proton Torpedo Launcher" (lines 2411-2433): a difficulty 8 test or the
// torpedo is spent; the 1.5" by 10" template from the firer's base toward the target takes
// in every base it touches, friend or foe, at Damage Strength 6; a wall stops it.
func TestProtonTorpedoPath(t *testing.T) {
	f := field(t, ``, `{"type":"high wall","from":[30,16],"to":[42,16]}`)
	a := armyOf(t, squadArmy("imperial", "Stormtrooper", 5, burners, ""))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 3, rebels, ""))
	b := ready(t, f, a, c, 1)
	p := Point{X: 36, Y: 10}
	if end := b.torpedoPath(p, Point{X: 36, Y: 40}); end.Y > 16 || end.Y < 15 {
		t.Errorf("the torpedo passed the wall: ends at %v", end)
	}
	if end := b.torpedoPath(p, Point{X: 60, Y: 10}); math.Abs(end.X-46) > 1e-9 {
		t.Errorf("the torpedo flies %v, want 10\"", end)
	}
	if !inTorpedo(p, Point{X: 46, Y: 10}, Point{X: 40, Y: 11.2}) || inTorpedo(p, Point{X: 46, Y: 10}, Point{X: 40, Y: 11.3}) {
		t.Error("the template is not 1.5\" wide (bases touching within 1.25\" of its line)")
	}
	n, armed := 2000, 0
	for seed := range uint64(n) {
		b := ready(t, field(t, ``, ``), a, c, seed)
		b.place(0, Point{X: 36, Y: 10}, 0)
		b.place(1, Point{X: 44, Y: 10}, math.Pi)
		b.torpedo(0, 1, b.units[0].members[3], b.centroid(1))
		if !strings.Contains(b.logText(), "fails to arm") {
			armed++
		}
	}
	within(t, "armed", armed, n, combat.TestOdds(5, torpedoDifficulty))
}

// Chapter Fourteen, "Self-Destruction" (line 3600): in a Fire Combat Phase the droid
// explodes at Damage Strength 5 on everyone within 3" (as a grenade), and is gone. The
// doctrine detonates it among enemies with no friend in the blast. Each soldier under it is
// a casualty at the Damage Table's exact odds.
func TestDroidSelfDestruct(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, "format: 1\nsystem: swmb\nname: d\nside: imperial\nunits:\n  - {kind: droid, name: Probe, droid: Probe Droid, self_destruct: true}\n")
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	n, hurt, seen := 1000, 0, 0
	var str int
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.place(1, Point{X: 36, Y: 24}, -math.Pi/2)
		b.place(0, b.centroid(1), math.Pi/2)
		b.units[0].boxOK, b.units[0].cOK = false, false
		b.figs[b.units[0].members[0]].pos = add(b.centroid(1), Point{Y: 1.2})
		str = b.figs[b.units[1].members[0]].f.Strength()
		b.clearPhaseHits()
		if !b.selfDestruct(0) {
			t.Fatalf("seed %d: the droid did not self-destruct among six enemies", seed)
		}
		if b.figs[b.units[0].members[0]].alive() {
			t.Fatal("the droid survived its own blast")
		}
		for _, fi := range b.units[1].members {
			g := &b.figs[fi]
			if dist2(g.pos, b.figs[b.units[0].members[0]].pos) <= 3.5*3.5 {
				seen++
				if g.f.Pending() != combat.NoEffect {
					hurt++
				}
			}
		}
	}
	odds := combat.Default().DamageOdds(combat.DroidBlastDamage, str)
	within(t, "casualties under the blast", hurt, seen, odds[1]+odds[2])
}

// A squad holding in cover with good fire leaves a fire burning under some of its soldiers
// (a player would not stand in it: Strength 4 on each of them every turn), and without the
// fire it holds.
func TestASquadLeavesAFireUnderIt(t *testing.T) {
	f := field(t, `{"type":"light woods","rect":[20,8,52,16]}`, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 6, rebels, ""))
	b := ready(t, f, a, c, 1)
	b.place(0, Point{X: 36, Y: 12}, math.Pi/2)
	b.place(1, Point{X: 36, Y: 30}, -math.Pi/2)
	if p := b.plan(0); p.kind != planHold {
		t.Fatalf("without a fire the squad does not hold: %+v", p)
	}
	b.clouds = append(b.clouds, cloud{kind: gFire, at: b.figs[b.units[0].members[2]].pos, r: fireTemplate, ds: fireDamage,
		left: math.MaxInt32, unit: 1, live: true, fire: 1})
	p := b.plan(0)
	if p.kind != planMove || b.harmfulCloudAt(p.dest) {
		t.Fatalf("with a fire under it the squad's plan is %+v (%s), want a move out of the fire", p, p.why)
	}
}
