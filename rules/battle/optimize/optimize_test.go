package optimize

import (
	"context"
	"os"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
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
		f, err := battle.NewForce(rules.Default(), readArmy(t, p))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Opponent{Force: f})
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
