package engine

import (
	"os"
	"strconv"
	"testing"
)

// TestWinRates prints the win rates of every built-in matchup (each scenario map by the three
// squad pairs of rules/swm/testdata) over MUSTER_WIN_RATES battles each, for a commit that
// changes which battles are played to state before and after. It only prints: it is not a
// check, and it is skipped unless asked for.
func TestWinRates(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MUSTER_WIN_RATES"))
	if n <= 0 {
		t.Skip("set MUSTER_WIN_RATES to a number of battles")
	}
	for _, mu := range builtinMatchups(t) {
		s, err := Simulate(func() *Map { m, _ := Scenario(mu.scenario); return m }, mu.a, mu.b, n, 1)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%-8s %-14s A wins %5.1f%%, draws %4.1f%%, B wins %5.1f%%, %4.1f rounds", mu.scenario, mu.name,
			100*s.WinRate, 100*s.DrawRate, 100*s.LossRate, s.MeanRounds)
	}
}
