package optimize

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/whatif"
)

func readArmy(t testing.TB, path string) *roster.Army {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a
}

func opponents(t testing.TB, paths ...string) []Opponent {
	t.Helper()
	var out []Opponent
	for _, p := range paths {
		out = append(out, Opponent{Army: readArmy(t, p)})
	}
	return out
}

func openField(t testing.TB) *battle.Field {
	t.Helper()
	f, err := battle.LoadScenario(battle.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// withUseless is the reference Rebel force with an Anti-Infantry Battery listed last: a
// piece with no squad after it to crew it never takes the field (docs/battle.md, Forces),
// so its 388 SGPs buy nothing. The limit is what the list costs.
func withUseless(t testing.TB) (*roster.Army, int) {
	a := readArmy(t, "../testdata/rebel-1500.yaml")
	a.Units = append(a.Units, roster.Unit{Kind: roster.KindArtillery, Artillery: "Anti-Infantry Battery"})
	r := costing.Evaluate(rules.Default(), a, nil)
	if roster.HasErrors(r.Problems) {
		t.Fatalf("the start does not pass muster check: %v", r.Problems)
	}
	a.Limit = r.Total
	return a, r.Units[len(a.Units)-1].Cost
}

// legal checks a list as muster check does (no error) and against the limit.
func legal(t *testing.T, what string, a *roster.Army, l *roster.Limits, limit int) {
	t.Helper()
	r := costing.Evaluate(rules.Default(), a, l)
	if roster.HasErrors(r.Problems) {
		t.Errorf("%s does not pass muster check: %v", what, r.Problems)
	}
	if r.Total > limit {
		t.Errorf("%s costs %d, over the limit %d", what, r.Total, limit)
	}
}

func TestTheOptimizerDropsAUselessUnitAndSpendsItsPoints(t *testing.T) {
	a, useless := withUseless(t)
	start := costing.Evaluate(rules.Default(), a, nil).Total
	res, err := Run(context.Background(), rules.Default(), openField(t), a, opponents(t, "../testdata/droids-imperial.yaml"),
		Options{Battles: 60, Seed: 1, Budget: 6000})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Steps {
		t.Logf("%+.3f %v %s", s.Delta, s.DeltaCI, s.Change)
	}
	t.Logf("start %+v, final %d %.3f %v, delta %+.3f %v, %d battles, %d tried, %s", res.Start, res.Total, res.Score, res.CI95, res.Delta, res.DeltaCI, res.Battles, res.Tried, res.Stopped)
	for _, u := range res.Army.Units {
		if u.Kind == roster.KindArtillery {
			t.Errorf("the uncrewed battery is still in the list")
		}
	}
	if res.Total <= start-useless {
		t.Errorf("the final list costs %d: the %d SGPs the battery cost (of %d) were not spent", res.Total, useless, start)
	}
	if res.Battles > 6000 {
		t.Errorf("%d battles played, over the budget of 6000", res.Battles)
	}
	legal(t, "the final list", res.Army, nil, start)
	for _, s := range res.Steps {
		legal(t, s.Change, s.Army, nil, start)
	}
}

// fieldOfThree is the reference Rebel force with 100 SGPs to spend and a gamemaster's
// limits (average or veteran squads, at most 10 grenades, 150 SGPs of heroes), against
// three Imperial lists, the droids counting twice.
func fieldOfThree(t testing.TB) (*roster.Army, *roster.Limits, []Opponent) {
	a := readArmy(t, "../testdata/rebel-1500.yaml")
	ten, heroes := 10, 150
	l := &roster.Limits{Total: 1600, Qualities: []rules.Quality{rules.Average, rules.Veteran},
		Max: roster.CountCaps{Grenades: &ten}, SGP: roster.SGPCaps{Heroes: &heroes}}
	opps := opponents(t, "../testdata/imperial-1500.yaml", "../testdata/droids-imperial.yaml", "../testdata/rats-imperials.yaml")
	opps[1].Weight = 2
	return a, l, opps
}

// Against a field of three, every list the search proposes passes muster check and keeps
// to the limit and the force limits, and the final list, measured by the test on seeds of
// its own (300 trials of three battles, paired with the start), is not worse than the
// start: the paired 95% interval of the difference does not lie below zero.
func TestAgainstAFieldTheFinalListIsLegalAndNoWorse(t *testing.T) {
	a, l, opps := fieldOfThree(t)
	field := openField(t)
	var seen []int
	res, err := Run(context.Background(), rules.Default(), field, a, opps,
		Options{Battles: 40, Seed: 7, Budget: 7000, Limits: l, Progress: func(p Progress) {
			if p.Improved {
				seen = append(seen, len(p.Steps))
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Steps {
		t.Logf("%+.3f %v %s", s.Delta, s.DeltaCI, s.Change)
		legal(t, s.Change, s.Army, l, l.Total)
	}
	legal(t, "the final list", res.Army, l, l.Total)
	t.Logf("start %+v, final %d %.3f %v, delta %+.3f %v, %d battles, %d tried, %s", res.Start, res.Total, res.Score, res.CI95, res.Delta, res.DeltaCI, res.Battles, res.Tried, res.Stopped)
	if len(seen) != len(res.Steps) {
		t.Errorf("progress told of %d improvements, the path has %d steps", len(seen), len(res.Steps))
	}
	if res.Army.Limit != a.Limit {
		t.Errorf("the final list's limit: %d, the player's %d", res.Army.Limit, a.Limit)
	}

	// The test's own measure, on seeds the search never used.
	const n = 300
	j := &judge{field: field, weights: []float64{0.25, 0.5, 0.25}}
	for _, o := range opps {
		f, err := forceOf(rules.Default(), o.Army)
		if err != nil {
			t.Fatal(err)
		}
		j.opps = append(j.opps, f)
	}
	t0 := j.newTrials(0xfeedface, n)
	t1 := t0.sameSeeds()
	for k, army := range []*roster.Army{a, res.Army} {
		f, err := forceOf(rules.Default(), army)
		if err != nil {
			t.Fatal(err)
		}
		if err := j.play(context.Background(), f, []*trials{t0, t1}[k], 0, n); err != nil {
			t.Fatal(err)
		}
	}
	s0, _ := j.measure(t0, n)
	s1, _ := j.measure(t1, n)
	d, ci := j.paired(t0, t1, n, z95)
	t.Logf("re-measured: start %.3f, final %.3f, difference %+.3f (95%%: %+.3f to %+.3f)", s0, s1, d, ci[0], ci[1])
	if ci[1] < 0 {
		t.Errorf("the final list scores less than the start: %+.3f (95%%: %+.3f to %+.3f)", d, ci[0], ci[1])
	}
}

// The same seed and budget give the same answer, whatever the workers.
func TestTheSameSeedAndBudgetGiveTheSameAnswer(t *testing.T) {
	a, l, opps := fieldOfThree(t)
	var out []string
	for _, w := range []int{1, 2, 1} {
		res, err := Run(context.Background(), rules.Default(), openField(t), a, opps, Options{Battles: 20, Seed: 3, Budget: 2400, Limits: l, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		out = append(out, string(b))
	}
	if out[0] != out[1] || out[0] != out[2] {
		t.Errorf("the answers differ:\n%s\n%s\n%s", out[0], out[1], out[2])
	}
}

func TestABudgetTooSmallIsRefused(t *testing.T) {
	a, l, opps := fieldOfThree(t)
	_, err := Run(context.Background(), rules.Default(), openField(t), a, opps, Options{Battles: 100, Seed: 1, Budget: 500, Limits: l})
	var be *BudgetError
	if !errors.As(err, &be) || be.Need != 1200 {
		t.Fatalf("got %v, want a BudgetError asking for 1200", err)
	}
}

func TestAnArmyThatBreaksItsRulesIsRefused(t *testing.T) {
	a, _, opps := fieldOfThree(t)
	a.Limit = 1000
	_, err := Run(context.Background(), rules.Default(), openField(t), a, opps, Options{Battles: 10, Seed: 1, Budget: 5000})
	var nl *whatif.NotLegalError
	if !errors.As(err, &nl) {
		t.Fatalf("got %v, want a NotLegalError", err)
	}
}

// Playing the scenario's second side (Options.Side 1, as "Is this fair?" searches for the
// second side's strong lists), the search still finds the uncrewed battery that never takes
// the field and drops it: the list's own units, score and credit are read from its side of
// the battles. A side that is not one is refused naming the field.
func TestTheOptimizerPlaysTheSecondSide(t *testing.T) {
	a, _ := withUseless(t)
	res, err := Run(context.Background(), rules.Default(), openField(t), a, opponents(t, "../testdata/droids-imperial.yaml"),
		Options{Battles: 60, Seed: 1, Budget: 6000, Side: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("start %+v, final %d %.3f, delta %+.3f %v, %d battles", res.Start, res.Total, res.Score, res.Delta, res.DeltaCI, res.Battles)
	for _, u := range res.Army.Units {
		if u.Kind == roster.KindArtillery {
			t.Errorf("the uncrewed battery is still in the list")
		}
	}
	if res.DeltaCI[1] < 0 {
		t.Errorf("the final list is worse than the start on fresh seeds: %+.3f %v", res.Delta, res.DeltaCI)
	}
	if _, err := Run(context.Background(), rules.Default(), openField(t), a, opponents(t, "../testdata/droids-imperial.yaml"),
		Options{Battles: 60, Seed: 1, Budget: 6000, Side: 2}); err == nil || !strings.HasPrefix(err.Error(), "side: 2") {
		t.Errorf("side 2: %v", err)
	}
}
