package engine

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// TestPlayersDoNotGivePointsAway plays 200 audited battles of each built-in matchup and
// counts the players' choices (tally.go). The choices issue 32 found giving points away
// never occur: a Hologram walking out of 2 squares of every trooper ally when it could
// stay within 2 ("It is defeated if it activates when no trooper ally is within 2
// squares", glossary, L593); Use the Force against an enemy that can deflect it
// (Lightsaber Deflect: "this character takes no damage with a save of 11", L143); a move
// to use Force Grip ("deal 10 damage to any enemy within line of sight", L253) with no
// enemy in sight after it. And each ability is used where the situation that makes it
// pay arises: combined fire, Heal, Force Grip, Use the Force, Lightsaber
// Sweep and Deflect, Double Attack, and attacks of opportunity where a character breaks
// away from an enemy next to it.
func TestPlayersDoNotGivePointsAway(t *testing.T) {
	battles := 200
	if testing.Short() {
		battles = 20
	}
	total := map[string]int{}
	for _, mu := range builtinMatchups(t) {
		a := &audit{}
		for i := range battles {
			a.start(mu.scenario + " " + mu.name)
			m, _ := Scenario(mu.scenario)
			if _, err := play(m, mu.a, mu.b, rand.New(rand.NewPCG(11, uint64(i))), false, a); err != nil {
				t.Fatal(err)
			}
		}
		if len(a.fails) > 0 {
			t.Errorf("%s %s: %s", mu.scenario, mu.name, strings.Join(a.fails, "\n"))
		}
		for k, v := range a.tally {
			total[k] += v
			if strings.HasPrefix(k, "bad.") && v > 0 {
				t.Errorf("%s %s: %d times %s", mu.scenario, mu.name, v, strings.TrimPrefix(k, "bad."))
			}
			if base, ok := strings.CutSuffix(k, ".chance"); ok && v > 0 && a.tally[base] == 0 {
				t.Errorf("%s %s: %s paid %d times and was never used", mu.scenario, mu.name, base, v)
			}
		}
		if a.tally[tAoOMove] > 0 && a.tally[tAoO] == 0 {
			t.Errorf("%s %s: %d moves away from enemies drew no attack of opportunity", mu.scenario, mu.name, a.tally[tAoOMove])
		}
		t.Logf("%s %s: %v", mu.scenario, mu.name, a.tally)
	}
	var keys []string
	for k := range total {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-90s %d", k, total[k])
	}
	// Across every matchup, every kind of choice the issue found missing happens.
	for _, k := range []string{tAoO, tCombined, tHeal, tGrip, tUseForce, tSweep, tDeflect, tDouble} {
		if total[k] == 0 && !testing.Short() {
			t.Errorf("%s never happened in %d battles of each built-in matchup", k, battles)
		}
	}
}
