package sim

import (
	"os"
	"strconv"
	"testing"
)

// TestWinRates prints the odds of every built-in matchup (builtinGames) over
// MUSTER_WIN_RATES games each, for a commit that changes which games are played to state
// before and after. It only prints, and is skipped unless asked for.
func TestWinRates(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MUSTER_WIN_RATES"))
	if n <= 0 {
		t.Skip("set MUSTER_WIN_RATES to a number of games")
	}
	advances, fights := builtinGames(t)
	for _, a := range advances {
		s, err := Run(a.c, n, seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("advance   %-32s objective %5.1f%%, survived %5.1f%%, %4.1f turns", a.name, 100*s.Objective.P, 100*s.Survived.P, s.MeanTurns)
	}
	for _, f := range fights {
		s, err := RunFight(f.c, n, seeded(1))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("firefight %-32s A wins %5.1f%%, B wins %5.1f%%, undecided %4.1f%%, %4.1f turns", f.name, 100*s.AWins.P, 100*s.BWins.P, 100*s.Undecided.P, s.MeanTurns)
	}
}
