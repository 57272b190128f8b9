package battle

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// armyPool is every unit of the army files the project keeps (the book's forces, the
// engine's and what-if's test armies, the costing's mixed army with artillery, strikes and
// remote weapons): squads of most Troop Lists, heroes with Force powers, every droid and
// creature of the charts, mounts, special grenades and advanced weapons. An artillery
// piece stays with the squad after it, its crew.
var armyPool = []string{
	"../../costing/testdata/mixed-2000.yaml",
	"../data/forces/crystal-forest-rebel.yaml", "../data/forces/crystal-forest-imperial.yaml",
	"../data/forces/creatures.yaml", "../data/forces/intro-like-rats-in-a-trap.yaml",
	"../data/forces/droids.yaml", "../data/forces/mounted-squad.yaml",
	"../data/forces/defending-the-bridge-rebel.yaml", "../data/forces/defending-the-bridge-imperial.yaml",
	"../data/forces/wuwuhuul.yaml", "../data/forces/sc-4x.yaml", "../data/forces/blue-rangers.yaml",
	"whatif/testdata/unarmed.yaml", "whatif/testdata/imperials-1000.yaml",
	"testdata/rats-imperials.yaml", "testdata/rats-rebels.yaml", "testdata/rebel-1500.yaml",
	"testdata/full-1500.yaml", "testdata/droids-imperial.yaml", "testdata/imperial-1500.yaml",
}

// unitGroups reads the pool as groups of units that go together (a piece and its crew).
func unitGroups(t *testing.T) [][]roster.Unit {
	var groups [][]roster.Unit
	for _, path := range armyPool {
		a, err := roster.Read(readFile(t, path))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := 0; i < len(a.Units); i++ {
			g := []roster.Unit{a.Units[i]}
			if a.Units[i].Kind == roster.KindArtillery && i+1 < len(a.Units) {
				i++
				g = append(g, a.Units[i])
			}
			groups = append(groups, g)
		}
	}
	return groups
}

// TestAnyArmiesPlayByTheBookkeeping plays battles between armies drawn at random from every
// unit the project's army files hold, on every scenario, audited (audit.go): whatever a
// player brings, a battle ends without a panic, with its kept answers true and its
// bookkeeping whole at the end of every phase, and its result adds up (victory points are
// the SGPs of enemy units lost). The draws are seeded, so a failure names the army to
// replay.
func TestAnyArmiesPlayByTheBookkeeping(t *testing.T) {
	groups := unitGroups(t)
	scenarios := []string{"open-field", "open-field-at-night", "crystal-forest-of-goratak", "defending-the-bridge", "like-rats-in-a-trap"}
	fields := make([]*Field, len(scenarios))
	for i, s := range scenarios {
		fields[i] = scenario(t, s)
	}
	draws := 2000
	if testing.Short() {
		draws = 10
	}
	rng := rand.New(rand.NewPCG(24, 11))
	for d := range draws {
		var armies [2]*roster.Army
		var names [2][]string
		for s, side := range []rules.Side{"rebel", "imperial"} {
			a := &roster.Army{Format: 1, System: "swmb", Name: fmt.Sprintf("draw %d %s", d, side), Side: side}
			for range 1 + rng.IntN(5) {
				g := groups[rng.IntN(len(groups))]
				a.Units = append(a.Units, g...)
				names[s] = append(names[s], g[0].Name)
			}
			armies[s] = a
		}
		var forces [2]*Force
		for s := range 2 {
			f, err := NewForce(rules.Default(), armies[s])
			if err != nil {
				t.Fatalf("draw %d: units %q: %v", d, names[s], err)
			}
			forces[s] = f
		}
		sc := d % len(scenarios)
		bt := New(fields[sc], forces[0], forces[1])
		a := &cacheAudit{}
		bt.audit = a
		for i := range uint64(2) {
			a.seed = BattleSeed(uint64(d), i)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("draw %d on %s, seed %d: %q against %q: panic: %v", d, scenarios[sc], a.seed, names[0], names[1], r)
					}
				}()
				res := bt.Play(a.seed, nil)
				checkVictoryPoints(t, fmt.Sprintf("draw %d, seed %d", d, a.seed), *res)
			}()
		}
		if len(a.fails) > 0 {
			t.Errorf("draw %d on %s: %q against %q:\n%s", d, scenarios[sc], names[0], names[1], strings.Join(a.fails, "\n"))
		}
	}
}

// checkVictoryPoints: each side's victory points are the SGPs of the enemy units lost
// (incapacitated, fled or routing at the end), no more than that is credited to its
// units, and a unit still standing has figures left.
func checkVictoryPoints(t *testing.T, what string, r Result) {
	t.Helper()
	var lost [2]int
	for _, u := range r.Units {
		if u.Lost {
			lost[u.Side] += u.SGP
		}
		if u.Left > u.Start || u.Left < 0 {
			t.Errorf("%s: %s has %d of %d figures left", what, u.Name, u.Left, u.Start)
		}
		if u.Fate == FateStanding && u.Start > 0 && u.Left == 0 {
			t.Errorf("%s: %s is standing with no figure left", what, u.Name)
		}
	}
	var credited [2]float64
	for _, u := range r.Units {
		credited[u.Side] += u.Destroyed
	}
	// The credit never exceeds the victory points: each lost enemy unit's SGPs are shared
	// among the units that caused its casualties, once. (It may fall short: a unit lost to
	// its own side's grenade, or routing at the end without an enemy casualty, credits
	// nobody.)
	for s := range 2 {
		if credited[s] > float64(r.VP[s])+0.01 {
			t.Errorf("%s: side %d's units are credited with %.2f enemy SGPs, more than its %d victory points", what, s, credited[s], r.VP[s])
		}
	}
	if r.VP[0] != lost[1] || r.VP[1] != lost[0] {
		t.Errorf("%s: victory points %v, SGPs of enemy units lost %v", what, r.VP, [2]int{lost[1], lost[0]})
	}
}

// unitNamed is the unit of that name in an army file of the pool.
func unitNamed(t *testing.T, path, name string) roster.Unit {
	t.Helper()
	a, err := roster.Read(readFile(t, path))
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range a.Units {
		if u.Name == name {
			return u
		}
	}
	t.Fatalf("%s has no unit %s", path, name)
	return roster.Unit{}
}

// A krayt dragon charging a lone hero, hit by his defensive fire, falls on him (Chapter
// Thirteen, large creatures) before contact: the charge ends with nobody to fight. It used
// to crash into the fallen hero and stand locked in a close assault with nobody in it for
// the rest of the battle, never moving or fighting again (the random armies found it).
func TestAChargeWhoseTargetFallsBeforeContactEngagesNobody(t *testing.T) {
	south := &roster.Army{Format: 1, System: "swmb", Name: "beasts", Side: "rebel", Units: []roster.Unit{
		unitNamed(t, "../data/forces/creatures.yaml", "Krayt Dragon"), unitNamed(t, "../data/forces/creatures.yaml", "Rancor")}}
	north := &roster.Army{Format: 1, System: "swmb", Name: "garrison", Side: "imperial", Units: []roster.Unit{
		unitNamed(t, "testdata/rebel-1500.yaml", "Captain Rhen"), unitNamed(t, "../../costing/testdata/mixed-2000.yaml", "Captain Vorn"),
		unitNamed(t, "../../costing/testdata/mixed-2000.yaml", "SC-4X"), unitNamed(t, "../../costing/testdata/mixed-2000.yaml", "Aurek Squad")}}
	var forces [2]*Force
	for s, a := range []*roster.Army{south, north} {
		f, err := NewForce(rules.Default(), a)
		if err != nil {
			t.Fatal(err)
		}
		forces[s] = f
	}
	bt := New(scenario(t, "open-field"), forces[0], forces[1])
	seen := 0
	// At least 400 battles audited, and on until the case is met (a charge's target falls
	// before contact in about one battle in a few hundred).
	for i := uint64(0); i < 400 || (seen == 0 && i < 4000); i++ {
		a := &cacheAudit{seed: BattleSeed(18510, i)}
		bt.audit = a
		var log strings.Builder
		bt.Play(a.seed, &log)
		if len(a.fails) > 0 {
			t.Fatalf("seed %d:\n%s", a.seed, strings.Join(a.fails, "\n"))
		}
		if strings.Contains(log.String(), "finds nobody left to fight") {
			seen++
		}
	}
	if seen == 0 {
		t.Fatal("in 4,000 battles no charge lost its target before contact: the test no longer meets the case")
	}
}
