package battle

import (
	"context"
	"math"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/combat"
)

// remoteArmy is a squad to work the remote weapons and the remote weapons given (army file
// lines).
func remoteArmy(remotes ...string) string {
	s := squadArmy("imperial", "Stormtrooper", 4, "    skills: {blaster: 4, command: 4}\n    weapons: [blaster pistol]\n", "")
	for _, r := range remotes {
		s += "  - " + r + "\n"
	}
	return s
}

// Chapter Fifteen, "Remote Weapons" (lines 3882-3884): a remote weapon has blaster or
// blaster artillery levels up to 4; it fires with them as its code (docs/decisions.md), the
// higher of the two, none being 0.
func TestRemoteWeaponCodeIsItsSkillLevels(t *testing.T) {
	for _, c := range []struct {
		skills string
		want   int
	}{{"{blaster: 4}", 4}, {"{blaster: 1, blaster artillery: 3}", 3}, {"{}", 0}} {
		a := armyOf(t, remoteArmy("{kind: remote weapon, weapon: blaster rifle, skills: "+c.skills+"}"))
		g := a.Units[1].Remote
		if g == nil || g.W.Name != "Blaster Rifle" || g.Skill != c.want {
			t.Errorf("skills %s: remote %+v, want a blaster rifle at code %d", c.skills, g, c.want)
		}
	}
	// A grenade is no remote weapon ("a blaster pistol up to a heavy repeating blaster"): it
	// is listed as not simulated, with the reason.
	a := armyOf(t, remoteArmy("{kind: remote weapon, weapon: thermal detonator}"))
	if len(a.Units) != 1 || len(a.Skipped) != 1 || !strings.Contains(a.Skipped[0], "not a thermal detonator") {
		t.Errorf("a remote thermal detonator: units %d, skipped %q", len(a.Units), a.Skipped)
	}
}

// Chapter Three, the Fire Combat Chart (lines 605-609) for a remote heavy repeating blaster
// with blaster 4 (lines 3882-3884): at a squad 20" off in the open (short range: 38") the
// difficulty is 6, so a roll of 2 or more hits and a 1 bombs out: 5 in 6, by hand. One shot
// a phase: no crewman, so no following fire. Emplaced on the front edge of the set-up zone
// (y 0-6 on the test field: 5.5"), in the middle.
func TestRemoteWeaponFiresByTheFireCombatChart(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, remoteArmy("{kind: remote weapon, weapon: heavy repeating blaster, skills: {blaster: 4}}"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 8, rebels, ""))
	if p := combat.TestOdds(4, 6); math.Abs(p-5.0/6) > 1e-9 {
		t.Fatalf("blaster 4 against 6: %.12f, want 5/6", p)
	}
	n, hits := 3000, 0
	for seed := range uint64(n) {
		b := ready(t, f, a, c, seed)
		if len(b.remotes) != 1 || b.remotes[0].at != (Point{X: 36, Y: 5.5}) {
			t.Fatalf("remotes %+v, want one at (36, 5.5)", b.remotes)
		}
		b.place(2, Point{X: 36, Y: 25.5}, -math.Pi/2)
		b.clearPhaseHits()
		b.lg.buf = b.lg.buf[:0]
		b.remotesFire(0)
		log := b.logText()
		if !strings.Contains(log, "remote heavy repeating blaster) fires at") || !strings.Contains(log, "difficulty 6:") {
			t.Fatalf("seed %d: %q", seed, log)
		}
		if b.volley.Hits[0] > 1 {
			t.Fatalf("seed %d: %d hits from one shot: following fire", seed, b.volley.Hits[0])
		}
		hits += b.volley.Hits[0]
	}
	within(t, "hits", hits, n, 5.0/6)
}

// The reading of what the book leaves open (docs/decisions.md): a remote weapon fires only
// while a unit of its side that is not broken stands on the table, only at what is in its
// 90-degree arc and range, never at a unit locked in close assault.
func TestRemoteWeaponNeedsAWorkingSideArcAndRange(t *testing.T) {
	f := field(t, ``, ``)
	a := armyOf(t, remoteArmy("{kind: remote weapon, weapon: blaster pistol, skills: {blaster: 4}}"))
	c := armyOf(t, squadArmy("rebel", "Standard Rebel Trooper", 8, rebels, ""))
	fires := func(setup func(b *Battle)) bool {
		b := ready(t, f, a, c, 7)
		b.place(2, Point{X: 36, Y: 15.5}, -math.Pi/2) // 10": medium range for a pistol
		setup(b)
		b.lg.buf = b.lg.buf[:0]
		b.remotesFire(0)
		return strings.Contains(b.logText(), "fires at")
	}
	if !fires(func(*Battle) {}) {
		t.Error("did not fire at a squad 10\" in front")
	}
	if fires(func(b *Battle) { b.units[0].level = 0 }) {
		t.Error("fired with its side's only squad broken")
	}
	if fires(func(b *Battle) { b.units[2].eng = 0 }) {
		t.Error("fired at a squad locked in close assault")
	}
	if fires(func(b *Battle) { b.place(2, Point{X: 70, Y: 6}, math.Pi) }) {
		t.Error("fired at a squad outside its arc")
	}
	if !fires(func(b *Battle) { b.place(2, Point{X: 36, Y: 47}, -math.Pi/2) }) {
		t.Error("did not fire at a squad 41.5\" off, within a blaster pistol's long range (60\")")
	}
	// A hold-out blaster's long range is 6": not at 10".
	h := armyOf(t, remoteArmy("{kind: remote weapon, weapon: hold-out blaster, skills: {blaster: 4}}"))
	b := ready(t, f, h, c, 7)
	b.place(2, Point{X: 36, Y: 15.5}, -math.Pi/2)
	b.remotesFire(0)
	if strings.Contains(b.logText(), "fires at") {
		t.Error("a hold-out blaster fired beyond its long range (6\")")
	}
}

// A remote weapon is never lost (no Strength): over whole battles its fate is "standing"
// and no victory points come from it; it is credited with what it destroys.
func TestRemoteWeaponIsNeverLost(t *testing.T) {
	a := force(t, "testdata/imperial-1500.yaml")
	reb := force(t, "testdata/rebel-1500.yaml")
	field := scenario(t, "open-field")
	b := New(field, withRemote(t, "testdata/imperial-1500.yaml"), reb)
	credited := 0.0
	for seed := range uint64(200) {
		r := b.Play(BattleSeed(3, seed), nil)
		u := r.Units[len(a.Units)]
		if u.Name != "Gate Gun" || u.Fate != FateStanding || u.Lost {
			t.Fatalf("seed %d: the remote weapon's result %+v", seed, u)
		}
		credited += u.Destroyed
	}
	if credited == 0 {
		t.Error("the remote weapon destroyed nothing in 200 battles")
	}
}

// withRemote is an army file with a remote heavy repeating blaster (blaster 4) added.
func withRemote(t *testing.T, path string) *Force {
	t.Helper()
	a := armyFile(t, path)
	a.Units = append(a.Units, roster.Unit{Kind: roster.KindRemoteWeapon, Name: "Gate Gun", Weapon: "heavy repeating blaster", Skills: roster.Skills{"blaster": 4}})
	f, err := NewForce(rules.Default(), a)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The remote weapon is an offensive item: the reference Rebel force with one destroys no
// fewer Imperial SGPs over the same seeds, beyond two standard errors; and the Imperial
// reference force with one, mirrored, is even (a 95% interval of the first army's share of
// the decisive battles contains one half). Not with -short.
func TestRemoteWeaponNeverDestroysLessAndMirrorsEven(t *testing.T) {
	if testing.Short() {
		t.Skip("3 matchups of 800-2000 battles")
	}
	field := scenario(t, "open-field")
	enemy := force(t, "testdata/imperial-1500.yaml")
	play := func(a, b *Force, n int) *Summary {
		s, err := Simulate(context.Background(), field, a, b, SimOptions{Battles: n, Seed: 31})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := play(force(t, "testdata/rebel-1500.yaml"), enemy, 800)
	more := play(withRemote(t, "testdata/rebel-1500.yaml"), enemy, 800)
	if d, se := meanDiff(base.LostB, more.LostB); d < -2*se-1e-9 {
		t.Errorf("with a remote weapon: %.1f enemy SGPs a battle fewer destroyed (standard error %.1f)", -d, se)
	}
	m := withRemote(t, "testdata/imperial-1500.yaml")
	s := play(m, m, 2000)
	if lo, hi := Wilson(s.A.Wins, s.A.Wins+s.B.Wins); lo > 0.5 || hi < 0.5 {
		t.Errorf("mirror with remote weapons: A %d, B %d, draws %d: A's share of the wins is in [%.3f, %.3f]", s.A.Wins, s.B.Wins, s.Draws, lo, hi)
	}
}

// The not-simulated list of a matchup with a remote weapon says what is left out of it, and
// one without says nothing of remote weapons.
func TestNotSimulatedNamesRemoteWeapons(t *testing.T) {
	field := scenario(t, "open-field")
	with := strings.Join(NotSimulated(field, withRemote(t, "testdata/imperial-1500.yaml"), force(t, "testdata/rebel-1500.yaml")), "\n")
	if !strings.Contains(with, "remote weapons stand on the front edge") {
		t.Errorf("no line about remote weapons:\n%s", with)
	}
	without := strings.Join(NotSimulated(field, force(t, "testdata/imperial-1500.yaml"), force(t, "testdata/rebel-1500.yaml")), "\n")
	if strings.Contains(without, "remote weapon") {
		t.Error("a matchup without remote weapons lists them")
	}
}
