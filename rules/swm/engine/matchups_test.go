package engine

import "testing"

// matchup is one of the built-in matchups: a scenario map and two squads of rules/swm/testdata.
type matchup struct {
	scenario, name string
	a, b           Squad
}

// builtinMatchups are every scenario map by the three squad pairs of rules/swm/testdata (the
// rulebook's two scenarios' squads and the mirror squads), as TestBattleHashes plays them.
func builtinMatchups(t *testing.T) []matchup {
	pairs := [][3]string{
		{"salvage", "../testdata/salvage-rebel.yaml", "../testdata/salvage-imperial.yaml"},
		{"assault", "../testdata/assault-rebel.yaml", "../testdata/assault-imperial.yaml"},
		{"mirror", "../testdata/mirror-rebel.yaml", "../testdata/mirror-imperial.yaml"},
	}
	var out []matchup
	for _, sc := range Scenarios() {
		for _, p := range pairs {
			out = append(out, matchup{sc, p[0], load(t, p[1]), load(t, p[2])})
		}
	}
	return out
}
