package battle

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// The same armies, scenario and seed give the same log, byte for byte, whether the Battle
// is new or has fought before; another seed gives another battle.
func TestSameSeedSameLog(t *testing.T) {
	a, b := force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	for _, sc := range []string{"open-field", "like-rats-in-a-trap", "defending-the-bridge", "crystal-forest-of-goratak", "open-field-at-night"} {
		field := scenario(t, sc)
		var first, again, reused, other bytes.Buffer
		New(field, a, b).Play(42, &first)
		New(field, a, b).Play(42, &again)
		bt := New(field, a, b)
		bt.Play(7, nil)
		bt.Play(42, &reused)
		New(field, a, b).Play(43, &other)
		if first.Len() == 0 || !strings.Contains(first.String(), "Result after") {
			t.Fatalf("%s: no log:\n%s", sc, first.String())
		}
		if !bytes.Equal(first.Bytes(), again.Bytes()) || !bytes.Equal(first.Bytes(), reused.Bytes()) {
			t.Errorf("%s: seed 42 gave different logs", sc)
		}
		if bytes.Equal(first.Bytes(), other.Bytes()) {
			t.Errorf("%s: seeds 42 and 43 gave the same log", sc)
		}
	}
}

// A battle played with a log and without one comes out the same: logging rolls no dice.
func TestLogDoesNotChangeTheBattle(t *testing.T) {
	a, b := force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	bt := New(scenario(t, "open-field"), a, b)
	for seed := range uint64(20) {
		r1 := *bt.Play(seed, nil)
		r1.Units = append([]UnitResult(nil), r1.Units...)
		f1 := bt.Faces()
		var log bytes.Buffer
		r2 := bt.Play(seed, &log)
		if !reflect.DeepEqual(&r1, r2) || f1 != bt.Faces() {
			t.Fatalf("seed %d: with a log %+v, without %+v", seed, r2, r1)
		}
	}
}

// A matchup's results do not depend on the number of workers.
func TestWorkersDoNotChangeTheResults(t *testing.T) {
	a, b := force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	field := scenario(t, "open-field")
	var sums []*Summary
	for _, w := range []int{1, 2, 3, 8} {
		s, err := Simulate(context.Background(), field, a, b, SimOptions{Battles: 300, Seed: 99, Workers: w, SampleLog: true})
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, s)
	}
	for i := 1; i < len(sums); i++ {
		if !reflect.DeepEqual(sums[0], sums[i]) {
			t.Errorf("workers changed the summary:\n%+v\n%+v", sums[0], sums[i])
		}
	}
	// The sample battle is battle 0, which `muster battle --seed` replays.
	var log bytes.Buffer
	New(field, a, b).Play(sums[0].SampleSeed, &log)
	if log.String() != sums[0].SampleLog {
		t.Error("the sample log is not battle 0's log")
	}
}

// A cancelled matchup stops with the context's error.
func TestSimulateCancels(t *testing.T) {
	a := force(t, "testdata/rebel-1500.yaml")
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Simulate(ctx, scenario(t, "open-field"), a, a, SimOptions{Battles: 100000, Workers: 1,
		Progress: func(done int) {
			if n++; n == 10 {
				cancel()
			}
		}})
	if err == nil || n > 20 {
		t.Fatalf("err %v after %d battles", err, n)
	}
}

// A mirror match (the same army on both sides of the open field, which looks the same from
// either side) is even: among decisive battles, the first army's share of the wins has a
// 99.9% interval containing one half (12000 battles for the full kit, whose battles vary
// more; not with -short). At 95% the three mirrors failed one honest change of the doctrine
// in seven by chance: removing the target weighting moved the full kit's share on this seed
// to 0.486 (z -2.5), while ten other seeds of the same engine gave 0.4978 over 167,000
// battles (z -1.8), as the engine before it did (0.4974, z -1.8); docs/battle.md.
func TestMirrorMatchIsEven(t *testing.T) {
	for _, path := range []string{"testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml", "testdata/full-1500.yaml"} {
		a := force(t, path)
		n := 2000
		if strings.Contains(path, "full") {
			// Heroes, gas, fire and mounts make battles vary more: more of them.
			if testing.Short() {
				continue
			}
			n = 12000
		}
		s, err := Simulate(context.Background(), scenario(t, "open-field"), a, a, SimOptions{Battles: n, Seed: 1993})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := WilsonAt(s.A.Wins, s.A.Wins+s.B.Wins, 3.2905267314919255)
		if lo > 0.5 || hi < 0.5 {
			t.Errorf("%s mirror: A %d, B %d, draws %d: A's share of the wins is in [%.3f, %.3f] (99.9%%)", path, s.A.Wins, s.B.Wins, s.Draws, lo, hi)
		}
	}
}

// The open field is the same seen from either side: each terrain area and barrier has its
// twin turned half round the centre, and so do the deployment zones.
func TestOpenFieldIsSymmetric(t *testing.T) {
	f := scenario(t, "open-field")
	R := func(p Point) Point { return Point{X: f.W - p.X, Y: f.H - p.Y} }
	for i := range f.areas {
		a := &f.areas[i]
		c := R(polyCentroid(a.poly.pts))
		found := false
		for j := range f.areas {
			b := &f.areas[j]
			if b.kind == a.kind && dist2(polyCentroid(b.poly.pts), c) < 1e-9 {
				found = true
			}
		}
		if !found {
			t.Errorf("%s has no twin", a.name)
		}
	}
	for i := range f.barriers {
		a := &f.barriers[i]
		found := false
		for j := range f.barriers {
			b := &f.barriers[j]
			if (dist2(b.a, R(a.a)) < 1e-9 && dist2(b.b, R(a.b)) < 1e-9) || (dist2(b.a, R(a.b)) < 1e-9 && dist2(b.b, R(a.a)) < 1e-9) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s has no twin", a.name)
		}
	}
	z0, z1 := f.Scenario.Sides[0].Deploy, f.Scenario.Sides[1].Deploy
	if dist2(R(z0.center()), z1.center()) > 1e-9 {
		t.Errorf("deployment zones %v and %v are not twins", z0, z1)
	}
}

// More or better troops never do worse beyond noise: against the same enemy, an army whose
// squads are larger, of better quality, better trained, or more numerous destroys at least
// as many enemy SGPs a battle, and (with the same units, standing where they stood) each
// unit survives at least as often, within two standard errors. Its win rate may fall:
// victory points are SGPs, and better troops cost more to lose (docs/battle.md).
func TestMoreOrBetterTroopsNeverDoWorse(t *testing.T) {
	enemy := force(t, "testdata/imperial-1500.yaml")
	field := scenario(t, "open-field")
	base := armyFile(t, "testdata/rebel-1500.yaml")
	variants := []struct {
		name string
		edit func(*roster.Army)
	}{
		{"two more soldiers in every squad", func(a *roster.Army) {
			for i := range a.Units {
				if a.Units[i].Kind == roster.KindSquad {
					a.Units[i].Size = min(a.Units[i].Size+2, 10)
				}
			}
		}},
		{"elite squads", func(a *roster.Army) {
			for i := range a.Units {
				a.Units[i].Quality = rules.Elite
			}
		}},
		{"blaster one level better", func(a *roster.Army) {
			for i := range a.Units {
				if v, ok := a.Units[i].Skills["blaster"]; ok {
					a.Units[i].Skills["blaster"] = v + 1
				}
			}
		}},
		{"an extra squad", func(a *roster.Army) {
			a.Units = append(a.Units, a.Units[0])
			a.Units[len(a.Units)-1].Name = "Victor Two"
		}},
	}
	play := func(a *roster.Army) *Summary {
		f, err := NewForce(rules.Default(), a)
		if err != nil {
			t.Fatal(err)
		}
		s, err := Simulate(context.Background(), field, f, enemy, SimOptions{Battles: 600, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	b0 := play(base)
	m0, se0 := meanSE(b0.LostB)
	for _, v := range variants {
		a := armyFile(t, "testdata/rebel-1500.yaml")
		v.edit(a)
		s := play(a)
		m, se := meanSE(s.LostB)
		if m < m0-2*math.Hypot(se, se0) {
			t.Errorf("%s: destroys %.0f enemy SGPs a battle, the army as it was %.0f (standard errors %.0f, %.0f)", v.name, m, m0, se, se0)
		}
		if len(s.Units) != len(b0.Units) {
			continue // another squad changes where everyone stands: compare the army only
		}
		for k, u := range s.Units {
			if u.Army != "a" {
				continue
			}
			p0, p := b0.Units[k].SurvivalRate, u.SurvivalRate
			se := math.Sqrt(p0*(1-p0)/600 + p*(1-p)/600)
			if p < p0-2*se-0.01 {
				t.Errorf("%s: %s survives %.3f of battles, %.3f before", v.name, u.Name, p, p0)
			}
		}
	}
}

// meanSE is a sample's mean and its standard error.
func meanSE(v []int) (float64, float64) {
	n := float64(len(v))
	m, q := 0.0, 0.0
	for _, x := range v {
		m += float64(x)
	}
	m /= n
	for _, x := range v {
		q += (float64(x) - m) * (float64(x) - m)
	}
	return m, math.Sqrt(q / (n - 1) / n)
}

func armyFile(t *testing.T, path string) *roster.Army {
	t.Helper()
	data := readFile(t, path)
	a, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Each scenario plays to an end by its own victory condition: the book's forces, a few
// hundred battles each, every one ending with a winner (or a draw where the scenario has
// them) for a reason the victory condition gives, and the objective-side winning some.
func TestScenariosEndByTheirVictoryConditions(t *testing.T) {
	cases := []struct {
		scenario, a, b string
		reasons        []string // every battle's reason contains one of these
		aWins          string   // the reason some of the first side's wins give
		draws          bool
	}{
		{"like-rats-in-a-trap", "testdata/rats-rebels.yaml", "testdata/rats-imperials.yaml",
			[]string{"every squad got a soldier out", "a squad was lost before it got out", "not every squad got out"},
			"every squad got a soldier out", false},
		{"defending-the-bridge", "rules/data/forces/defending-the-bridge-rebel.yaml", "rules/data/forces/defending-the-bridge-imperial.yaml",
			[]string{"a squad got off the table", "no squad got off the table", "no unit left that can get off"},
			"a squad got off the table", false},
		{"crystal-forest-of-goratak", "rules/data/forces/crystal-forest-rebel.yaml", "rules/data/forces/crystal-forest-imperial.yaml",
			[]string{"carried the objective off its edge", "nobody carried the objective off", "neither side has a unit left", "nothing stops"},
			"carried the objective off its edge", true},
		{"open-field", "testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml",
			[]string{"a larger share of the enemy army destroyed", "equal shares of the enemy army destroyed"}, "a larger share of the enemy army destroyed", true},
	}
	for _, c := range cases {
		field := scenario(t, c.scenario)
		bt := New(field, force(t, c.a), force(t, c.b))
		aWins, draws := 0, 0
		for i := range uint64(150) {
			r := bt.Play(BattleSeed(11, i), nil)
			ok := false
			for _, why := range c.reasons {
				ok = ok || strings.Contains(r.Reason, why)
			}
			if !ok {
				t.Errorf("%s battle %d: reason %q", c.scenario, i, r.Reason)
			}
			if r.Winner == 0 && strings.Contains(r.Reason, c.aWins) {
				aWins++
			}
			if r.Winner < 0 {
				draws++
			}
			if r.Turns < 1 || r.Turns > field.Scenario.Turns {
				t.Errorf("%s battle %d: %d turns", c.scenario, i, r.Turns)
			}
		}
		if aWins == 0 {
			t.Errorf("%s: the first side never won by %q", c.scenario, c.aWins)
		}
		if draws > 0 && !c.draws {
			t.Errorf("%s: %d draws, which the scenario does not have", c.scenario, draws)
		}
	}
}

// Victory points are the SGPs of the enemy's units incapacitated or fled, and a unit's
// credit shares out exactly the enemy SGPs lost.
func TestVictoryPointsAreEnemySGPsLost(t *testing.T) {
	bt := New(scenario(t, "open-field"), force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml"))
	for i := range uint64(50) {
		r := bt.Play(BattleSeed(3, i), nil)
		var lost, credit [2]float64
		for _, u := range r.Units {
			if u.Lost {
				lost[u.Side] += float64(u.SGP)
				if u.Fate != FateIncapacitated && u.Fate != FateFled && u.Fate != FateRouting {
					t.Errorf("lost unit %s is %s", u.Name, u.Fate)
				}
			}
			credit[u.Side] += u.Destroyed
		}
		for s := range 2 {
			if float64(r.VP[1-s]) != lost[s] {
				t.Errorf("battle %d: side %d lost %v SGPs, the enemy has %d VP", i, s, lost[s], r.VP[1-s])
			}
			if credit[s] > lost[1-s]+1e-6 {
				t.Errorf("battle %d: side %d is credited %v of %v", i, s, credit[s], lost[1-s])
			}
		}
		// The open field is won on shares of the enemy army destroyed (VP[s]/Stake[1-s]).
		share := func(s int) float64 { return float64(r.VP[s]) / float64(r.Stake[1-s]) }
		switch {
		case r.Winner >= 0 && share(r.Winner) < share(1-r.Winner):
			t.Errorf("battle %d: side %d won with the smaller share %v of %v", i, r.Winner, r.VP, r.Stake)
		case r.Winner < 0 && share(0) != share(1):
			t.Errorf("battle %d: a draw at %v of %v", i, r.VP, r.Stake)
		}
	}
}

// The hot loop allocates nothing: a battle without a log allocates at most a couple of
// times (the result's reason), however many dice it rolls.
func TestBattlesDoNotAllocatePerDie(t *testing.T) {
	bt := New(scenario(t, "open-field"), force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml"))
	seed := uint64(0)
	bt.Play(seed, nil)
	allocs := testing.AllocsPerRun(50, func() {
		seed++
		bt.Play(seed, nil)
	})
	if allocs > 3 {
		t.Errorf("%.1f allocations a battle (%d dice)", allocs, bt.Faces())
	}
}

// Every built-in scenario loads, by id or name.
func TestScenariosLoad(t *testing.T) {
	list := Scenarios()
	if len(list) != 6 || list[0].ID != DefaultScenario {
		t.Fatalf("scenarios %v", list)
	}
	for _, s := range list {
		if _, err := LoadScenario(s.Name); err != nil {
			t.Errorf("%s: %v", s.Name, err)
		}
	}
	if _, err := LoadScenario("the moon"); err == nil || !strings.Contains(err.Error(), "open-field") {
		t.Errorf("an unknown scenario: %v", err)
	}
}

// A scenario file with a bad terrain type, a concave area or an unknown victory kind is
// refused with the place of the mistake.
func TestParseScenarioRefusesMistakes(t *testing.T) {
	good := `{"id":"x","name":"X","width":72,"height":48,"turns":6,"terrain":[%s],"barriers":[],
	"sides":[{"name":"A","edge":"south","deploy":[0,0,72,6]},{"name":"B","edge":"north","deploy":[0,42,72,48]}],
	"victory":{"kind":"%s","text":"t"}}`
	for _, c := range []struct{ terrain, kind, want string }{
		{`{"type":"jungle","rect":[0,0,4,4]}`, "points", "not a terrain type"},
		{`{"type":"light woods","poly":[[0,0],[4,0],[1,1],[0,4]]}`, "points", "not convex"},
		{``, "conquest", "victory.kind"},
		// The place named: the area's number (from 1) and name, the shape, the edge.
		{`{"type":"medium woods","name":"the north woods","rect":[60,40,80,46]}`, "points", `terrain 1 (the north woods): rect runs past the table's 72" width`},
		{`{"type":"light woods","rect":[0,0,4,4]},{"type":"jungle","rect":[0,0,4,4]}`, "points", `terrain 2 (jungle): "jungle" is not a terrain type`},
	} {
		_, err := ParseScenario([]byte(fmt.Sprintf(good, c.terrain, c.kind)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want %q", c.terrain, c.kind, err, c.want)
		}
		var se *ScenarioError
		if err != nil && !errors.As(err, &se) {
			t.Errorf("%s %s: %T is not a *ScenarioError (an editor cannot mark the field)", c.terrain, c.kind, err)
		}
	}
	if _, err := ParseScenario([]byte(fmt.Sprintf(good, `{"type":"light woods","rect":[0,0,4,4]}`, "points"))); err != nil {
		t.Errorf("a good scenario: %v", err)
	}
}
