package optimize

import (
	"context"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// "Starting from the player's list (or from an empty one)": from a list with no units the
// search starts at a random legal list within the limit, its first step, and ends at a legal
// list within the limit that scores surely more than nothing (which loses every battle) on
// seeds the search never used. The same seed starts from the same list.
func TestTheOptimizerStartsFromAnEmptyList(t *testing.T) {
	empty := &roster.Army{Format: 1, System: "swmb", Name: "Nothing Yet", Side: rules.Rebel, Limit: 1500}
	opps := opponents(t, "../testdata/imperial-1500.yaml")
	run := func() *Result {
		t.Helper()
		res, err := Run(context.Background(), rules.Default(), openField(t), empty, opps, Options{Battles: 20, Seed: 1, Budget: 1500})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := run()
	if len(res.Steps) == 0 || !strings.Contains(res.Steps[0].Change, "random legal list") {
		t.Fatalf("the first step is not the random start: %+v", res.Steps)
	}
	legal(t, "the random start", res.Steps[0].Army, nil, 1500)
	legal(t, "the final list", res.Army, nil, 1500)
	if res.Start.Total != 0 || res.Start.Score != 0 {
		t.Errorf("the empty list measured %d SGPs scoring %v; want 0 and 0 (it loses every battle)", res.Start.Total, res.Start.Score)
	}
	if res.DeltaCI[0] <= 0 {
		t.Errorf("the final list is not surely better than nothing: %+.3f (95%%: %+.3f to %+.3f)", res.Delta, res.DeltaCI[0], res.DeltaCI[1])
	}
	if len(empty.Units) != 0 {
		t.Error("the player's empty list was changed")
	}
	again := run()
	if a, b := len(res.Steps[0].Army.Units), len(again.Steps[0].Army.Units); a != b || res.Steps[0].Total != again.Steps[0].Total {
		t.Errorf("the same seed started from another list: %d units, %d SGPs; then %d units, %d SGPs", a, res.Steps[0].Total, b, again.Steps[0].Total)
	}
	// Without a limit there is nothing to fill: said, not guessed.
	_, err := Run(context.Background(), rules.Default(), openField(t), &roster.Army{Format: 1, System: "swmb", Name: "Nothing", Side: rules.Rebel},
		opps, Options{Battles: 20, Seed: 1, Budget: 1500})
	if err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("an empty list with no limit: %v; want a refusal naming the limit", err)
	}
}
