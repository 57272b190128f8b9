package cli

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
	"muster/rules/battle"
)

// A battle that fails on the command line (muster sim, through the job queue too, and muster
// whatif) is said in words, naming it and the command that replays it, without a stack, and
// the exit code is 1.
func TestTheCommandLineSaysWhichBattleFailed(t *testing.T) {
	testkit.PanicAt(t, 3)
	replay := "muster battle --scenario open-field --seed " + strconv.FormatUint(battle.BattleSeed(5, 3), 10)
	for _, args := range [][]string{
		{"sim", "--battles", "30", "--seed", "5", "--workers", "2", rebel1500, imperial1500},
		{"sim", "--jobs", "--db", filepath.Join(t.TempDir(), "jobs.db"), "--chunk-size", "10", "--battles", "30", "--seed", "5", "--workers", "2", rebel1500, imperial1500},
		{"whatif", "--battles", "30", "--seed", "5", "--max-variants", "2", rebel1500, imperial1500},
	} {
		code, _, stderr := runMuster(t, args...)
		if code != 1 || !strings.Contains(stderr, "battle 3 of the matchup with seed 5 failed: the engine tripped") ||
			!strings.Contains(stderr, replay) || strings.Contains(stderr, "goroutine") {
			t.Errorf("muster %s: exit %d, %q", args[0], code, stderr)
		}
	}
}
