package battle

import (
	"math/rand/v2"
	"testing"

	"muster/rules/combat"
)

// TestKeptPassOddsAreTheOdds: passOdds keeps the odds of charge tests with modifiers by
// the whole test: asked again, in any order, it must answer what working them out
// answers. (Plain tests are kept as 1 + the odds, which may round the odds' last bit: as
// before, so they are not compared here.)
func TestKeptPassOddsAreTheOdds(t *testing.T) {
	b := New(scenario(t, "open-field"), force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml"))
	rng := rand.New(rand.NewPCG(28, 3))
	tests := make([]combat.Morale, 60)
	for i := range tests {
		start := 1 + rng.IntN(8)
		tests[i] = combat.Morale{Kind: combat.ChargeTest, Command: rng.IntN(8), Level: rng.IntN(start + 1), Start: start}
		tests[i].FlankOrRear, tests[i].BehindBarrier = rng.IntN(2) == 0, rng.IntN(2) == 0
		tests[i].Casualties = 1 + rng.IntN(3) // (never plain)
	}
	for range 3 {
		for _, k := range rng.Perm(len(tests)) {
			m := tests[k]
			if got, want := b.passOdds(m), b.passOddsNow(m); got != want {
				t.Fatalf("%+v: kept %v, worked out %v", m, got, want)
			}
		}
	}
	if len(b.passOther) == 0 {
		t.Error("no test with modifiers was kept: the test proves nothing of them")
	}
}
