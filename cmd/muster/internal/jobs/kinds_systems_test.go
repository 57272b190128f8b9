package jobs

import (
	"math"
	"os"
	"testing"

	"muster/rules/swm/engine"
)

// A d20 quick-resolve keeps each battle's outcome, in order, for its replay to pick battles
// by: they add up to its summary, and battle i's is the battle its replay plays again.
func TestSWMQuickResolveKeepsEachBattlesOutcome(t *testing.T) {
	var files [2][]byte
	for i, f := range []string{"../../../../rules/swm/testdata/salvage-rebel.yaml", "../../../../rules/swm/testdata/salvage-imperial.yaml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = b
	}
	req := SWMRequest{Squads: files, Scenario: "salvage", Battles: 8, Seed: 5}
	res, err := PlaySWM(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outcomes) != req.Battles {
		t.Fatalf("%d outcomes kept for %d battles", len(res.Outcomes), req.Battles)
	}
	var wins [3]int
	rounds := 0
	for _, o := range res.Outcomes {
		wins[o.Winner+1]++
		rounds += o.Rounds
	}
	s := res.Summary
	if wins != [3]int{s.Draws, s.Wins, s.Losses} || math.Abs(float64(rounds)/8-s.MeanRounds) > 1e-9 {
		t.Errorf("the outcomes (draws, wins, losses %v; %d rounds) are not the summary's %+v", wins, rounds, s)
	}
	squads, _, err := SWMSquads(req)
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := engine.TraceBattle(SWMMap(req), squads[0], squads[1], req.Seed, 6)
	if err != nil {
		t.Fatal(err)
	}
	if o := res.Outcomes[6]; o.Winner != r.Winner || o.Defeated != r.Defeated || o.Rounds != r.Rounds {
		t.Errorf("battle 6 kept as %+v, played again %d %v %d", o, r.Winner, r.Defeated, r.Rounds)
	}
}
