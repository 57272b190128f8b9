package battle

import (
	"math"
	"strings"
	"testing"

	"muster/rules"
	"muster/rules/combat"
)

// Every grenade of the catalogue is one of the ten kinds the engine plays (Chapter Eleven,
// "Grenade Summary", lines 2205-2365).
func TestEveryCatalogueGrenadeIsPlayed(t *testing.T) {
	n := 0
	for i := range rules.Default().Weapons {
		w := &rules.Default().Weapons[i]
		if w.Class != "grenade" {
			continue
		}
		n++
		if _, ok := grenadeKind(w); !ok {
			t.Errorf("%s: not a kind the engine plays", w.Name)
		}
	}
	if n != 10 {
		t.Errorf("%d grenades in the catalogue, want 10", n)
	}
}

// Chapter Eleven, "Stun" and "Gas Grenades": what keeps each gas off entirely. Stun spores
// and T-238: breath masks, environment and space suits, battle armor. Fex-M3: suits and
// battle armor (a breath mask only adds 2 to Strength). CryoBan and plank gas: nothing.
// Droids breathe nothing.
func TestGasProtection(t *testing.T) {
	type wear struct{ mask, suit, armor, droid bool }
	cases := []struct {
		k    gkind
		w    wear
		want bool
	}{
		{gStun, wear{mask: true}, true}, {gStun, wear{suit: true}, true}, {gStun, wear{armor: true}, true}, {gStun, wear{}, false},
		{gT238, wear{mask: true}, true}, {gT238, wear{armor: true}, true}, {gT238, wear{}, false},
		{gFex, wear{mask: true}, false}, {gFex, wear{suit: true}, true}, {gFex, wear{armor: true}, true},
		{gCryo, wear{mask: true, suit: true}, false}, {gCryo, wear{armor: true}, false},
		{gPlank, wear{mask: true}, false}, {gPlank, wear{suit: true}, false}, {gPlank, wear{armor: true}, false},
		{gFex, wear{droid: true}, true}, {gCryo, wear{droid: true}, true},
	}
	for _, c := range cases {
		fs := &FigSpec{Mask: c.w.mask, Suit: c.w.suit, Armored: c.w.armor}
		if c.w.droid {
			fs.Role = RoleDroid
		}
		if got := c.k.protected(fs); got != c.want {
			t.Errorf("%v with %+v: protected %v, want %v", c.k, c.w, got, c.want)
		}
	}
}

// exposures exposes one unprotected soldier of Strength str n times to a cloud and counts the
// results the gas leaves: wounds marked, incapacitations marked, stuns (by length).
func exposures(t *testing.T, k gkind, ds, str int, fs FigSpec, n int) (wounds, outs int, stun map[int]int, b *Battle) {
	t.Helper()
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 1, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 1, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	b = ready(t, f, a, c, 5)
	fs.STR, fs.Who = str, "soldier"
	stun = map[int]int{}
	for range n {
		g := &b.figs[0]
		*g = fig{spec: &fs, unit: 0, home: 0}
		g.f = combat.Figure{STR: str}
		b.clearPhaseHits()
		cl := cloud{kind: k, ds: ds, r: 1.5, unit: 1}
		b.expose(&cl, 0)
		switch g.f.Pending() {
		case combat.Wound:
			wounds++
		case combat.Incapacitated:
			outs++
		}
		if g.stunTill > 0 {
			stun[g.stunTill-b.turn+1]++
		}
	}
	return wounds, outs, stun, b
}

func within(t *testing.T, what string, got, n int, p float64) {
	t.Helper()
	se := math.Sqrt(p*(1-p)/float64(n)) + 1e-9
	if f := float64(got) / float64(n); math.Abs(f-p) > 4*se+1e-9 {
		t.Errorf("%s: %.4f of the time, want %.4f", what, f, p)
	}
}

// Chapter Eleven, "Stun" (lines 2250-2262): Damage Strength 4; a "wound" is -1 for three
// turns, an "incapacitated" -1 for five; no casualty. Frequencies against the Damage
// Table's exact odds for 4 against Strength 2.
func TestStunSporesPenaliseWithoutCasualties(t *testing.T) {
	n := 4000
	w, o, stun, _ := exposures(t, gStun, 4, 2, FigSpec{}, n)
	if w+o != 0 {
		t.Fatalf("stun spores made %d wounds and %d incapacitations", w, o)
	}
	odds := combat.Default().DamageOdds(4, 2)
	within(t, "stunned 3 turns", stun[stunWoundTurns], n, odds[combat.Wound])
	within(t, "stunned 5 turns", stun[stunOutTurns], n, odds[combat.Incapacitated])
}

// Chapter Eleven, "T-238" (Damage 1, "incapacitated" results are wounds) and "Fex-M3"
// (Damage 5, "wounded" results are incapacitated; a breath mask adds 2 to Strength).
func TestT238AndFexM3ReadTheDamageTable(t *testing.T) {
	n := 4000
	r := combat.Default()
	w, o, _, _ := exposures(t, gT238, 1, 2, FigSpec{}, n)
	if o != 0 {
		t.Errorf("T-238 incapacitated %d", o)
	}
	odds := r.DamageOdds(1, 2)
	within(t, "T-238 wounds", w, n, odds[combat.Wound]+odds[combat.Incapacitated])
	w, o, _, _ = exposures(t, gFex, 5, 2, FigSpec{}, n)
	if w != 0 {
		t.Errorf("Fex-M3 wounded %d", w)
	}
	odds = r.DamageOdds(5, 2)
	within(t, "Fex-M3 incapacitations", o, n, odds[combat.Wound]+odds[combat.Incapacitated])
	_, o, _, _ = exposures(t, gFex, 5, 2, FigSpec{Mask: true}, n)
	odds = r.DamageOdds(5, 4)
	within(t, "Fex-M3 through a breath mask (Strength 2+2)", o, n, odds[combat.Wound]+odds[combat.Incapacitated])
}

// Chapter Eleven, "Plank Gas" (Damage 3): a wound carries -2 to all skills; an environment
// suit adds 1 to Strength for the roll and is ruined after it.
func TestPlankGasWoundsAndRuinsSuits(t *testing.T) {
	n := 4000
	w, o, _, b := exposures(t, gPlank, 3, 2, FigSpec{}, n)
	odds := combat.Default().DamageOdds(3, 2)
	within(t, "plank gas casualties", w+o, n, odds[combat.Wound]+odds[combat.Incapacitated])
	g := &b.figs[0]
	g.plank = true
	if h := b.handicap(g); h != plankPenalty {
		t.Errorf("plank gas wound: handicap %d, want %d", h, plankPenalty)
	}
	_, _, _, b = exposures(t, gPlank, 3, 2, FigSpec{Suit: true}, 1)
	if !b.figs[0].suitGone {
		t.Error("plank gas left the suit whole")
	}
	w, o, _, _ = exposures(t, gPlank, 3, 2, FigSpec{Suit: true}, n)
	odds = combat.Default().DamageOdds(3, 3)
	within(t, "plank gas through a fresh suit (Strength 2+1)", w+o, n, odds[combat.Wound]+odds[combat.Incapacitated])
}

// Chapter Eleven, "Smoke" and the "Cloud Dissipation Table": smoke lasts at most five
// turns, rolling in the Special Actions Phase of each turn before the fifth (1-2 drift 1",
// 6 dissipates); it lasts all five with probability (5/6)^4. CryoBan is 2.5" in its first
// turn, 1.5" in its second, then gone, never drifting. Plank gas and Fex-M3 last two turns,
// rolling only in the first; T-238 three; stun spores four, thinning by 1 a turn.
func TestCloudsDriftThinAndGo(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 1, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 1, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	w := map[gkind]*rules.Weapon{}
	for i := range rules.Default().Weapons {
		x := &rules.Default().Weapons[i]
		if k, ok := grenadeKind(x); ok {
			w[k] = x
		}
	}
	n := 3000
	full := 0
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		for _, k := range []gkind{gSmoke, gStun, gT238, gCryo, gPlank, gFex} {
			b.clouds = append(b.clouds[:0], cloud{kind: k, at: Point{X: 36, Y: 24}, r: w[k].BurstRadius, ds: w[k].Damage,
				born: 1, left: w[k].Duration, live: true})
			life := 0
			for b.turn = 1; len(b.clouds) > 0 && b.turn <= 8; b.turn++ {
				cl := b.clouds[0]
				if k == gCryo && ((b.turn == 1 && cl.r != 2.5) || (b.turn == 2 && cl.r != 1.5)) {
					t.Fatalf("CryoBan radius %v in turn %d", cl.r, b.turn)
				}
				if k == gStun && cl.ds != 4-(b.turn-1) {
					t.Fatalf("stun spores at %d in turn %d", cl.ds, b.turn)
				}
				life++
				before := cl.at
				b.cloudsTurn()
				if len(b.clouds) > 0 {
					if d := math.Sqrt(dist2(before, b.clouds[0].at)); d > 1e-9 && math.Abs(d-1) > 1e-9 || (k == gCryo && d > 0) {
						t.Fatalf("%v moved %.3f\"", k, d)
					}
				}
			}
			if life > w[k].Duration {
				t.Fatalf("%v lasted %d turns, at most %d", k, life, w[k].Duration)
			}
			if k == gCryo && life != 2 {
				t.Fatalf("CryoBan lasted %d turns, want 2", life)
			}
			if k == gSmoke && life == 5 {
				full++
			}
		}
	}
	within(t, "smoke lasting five turns", full, n, math.Pow(5.0/6, 4))
}

// Chapter Eleven, "Smoke": "+2 to the difficulty ... for each template it passes through";
// smoke laid in the Fire Combat Phase hides nothing until the phase ends.
func TestSmokeAddsTwoPerTemplate(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 1, rebels, ""))
	b := ready(t, f, a, a, 1)
	p, q := Point{X: 10, Y: 24}, Point{X: 40, Y: 24}
	b.clouds = append(b.clouds[:0], cloud{kind: gSmoke, at: Point{X: 20, Y: 25}, r: 2.5},
		cloud{kind: gSmoke, at: Point{X: 30, Y: 22}, r: 2.5}, cloud{kind: gSmoke, at: Point{X: 25, Y: 30}, r: 2.5})
	if n := b.smokeBetween(p, q); n != 0 {
		t.Errorf("smoke laid this phase counted: %d", n)
	}
	b.cloudsLive()
	if n := b.smokeBetween(p, q); n != 2 {
		t.Errorf("%d templates across the line, want 2", n)
	}
	if n := b.smokeBetween(p, Point{X: 15, Y: 24}); n != 0 {
		t.Errorf("%d templates short of the smoke, want 0", n)
	}
}

// Chapter Eleven, "Luma": within 1.5" of the impact a difficulty 6 Perception roll, or
// blinded (+2 to every action); battle armor guards against it.
func TestLumaFlashBlinds(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 5, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 5, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
	n, blind := 600, 0
	per := 0
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		b.burstI = append(b.burstI[:0], b.units[0].members[0], b.units[1].members[0])
		per = b.figs[b.units[0].members[0]].spec.PER
		b.flash()
		if b.figs[b.units[1].members[0]].blind {
			t.Fatal("a stormtrooper in armor was blinded")
		}
		if g := &b.figs[b.units[0].members[0]]; g.blind {
			blind++
			if b.handicap(g) != blindPenalty {
				t.Fatal("blinded without the +2")
			}
		}
	}
	within(t, "blinded", blind, n, 1-combat.TestOdds(per, lumaDifficulty))
}

// The log names the grenade each time one is thrown ("throws a stun grenade").
func TestLogNamesTheGrenade(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 6, rebels, ""))
	c := armyOf(t, squadArmy("imperial", "Stormtrooper", 2, "    skills: {blaster: 1, grenade: 6, command: 4}\n    weapons: [blaster pistol, {name: stun grenade, count: 2}]\n", ""))
	b := ready(t, f, a, c, 2)
	b.place(0, Point{X: 36, Y: 30}, -math.Pi/2)
	b.place(1, Point{X: 36, Y: 22}, math.Pi/2)
	b.fireAt(1, 0, firePhase)
	if !strings.Contains(b.logText(), "throws a stun grenade at") {
		t.Errorf("no stun grenade named:\n%s", b.logText())
	}
}

// Chapter Eleven, "Stun" (book lines 2278-2282): the stunned suffer "a -1 penalty to his
// skills and attributes" (-2 when already wounded); Strength is an attribute, so a stunned
// soldier resists damage at Strength 1 less until the stun wears off. A soldier of Strength
// 2 exposed to spores until one stuns him resists at 1 (0 when wounded) for the turns the
// stun lasts, and at his own Strength again the turn after.
func TestStunnedSoldiersResistAtLessStrength(t *testing.T) {
	for _, wounded := range []bool{false, true} {
		f := field(t, ``, ``)
		a := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 1, rebels, ""))
		c := armyOf(t, squadArmy("imperial", "Stormtrooper", 1, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster rifle]\n", ""))
		b := ready(t, f, a, c, 5)
		fs := FigSpec{STR: 2, Who: "soldier"}
		g := &b.figs[0]
		for g.stunTill < b.turn {
			*g = fig{spec: &fs, unit: 0, home: 0}
			g.f = combat.Figure{STR: 2, Wounded: wounded}
			cl := cloud{kind: gStun, ds: 4, r: 1.5, unit: 1}
			b.expose(&cl, 0)
		}
		const str, stun, stunWounded, wound = 2, 1, 2, 1
		want := str - stun
		if wounded {
			want = str - stunWounded - wound
		}
		if got := g.f.Strength(); got != want {
			t.Errorf("wounded %v: stunned Strength %d, want %d", wounded, got, want)
		}
		for b.turn = 2; b.turn <= g.stunTill; b.turn++ {
			b.newTurn()
			if got := g.f.Strength(); got != want {
				t.Errorf("turn %d, stunned till %d: Strength %d, want %d", b.turn, g.stunTill, got, want)
			}
		}
		b.newTurn()
		if got, own := g.f.Strength(), 2-map[bool]int{false: 0, true: 1}[wounded]; got != own {
			t.Errorf("after the stun: Strength %d, want %d", got, own)
		}
	}
}
