package main

import (
	"muster/cmd/muster/internal/faults"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"muster/rules/battle"
)

// panicAt makes battle i of whatever this process plays in a request or on the command line
// panic, until the test ends.
func panicAt(t *testing.T, i int) {
	faults.BeforeBattle = func(j int) {
		if j == i {
			panic("the engine tripped")
		}
	}
	t.Cleanup(func() { faults.BeforeBattle = nil })
}

// A battle that fails on the command line (muster sim, through the job queue too, and muster
// whatif) is said in words, naming it and the command that replays it, without a stack, and
// the exit code is 1.
func TestTheCommandLineSaysWhichBattleFailed(t *testing.T) {
	panicAt(t, 12)
	replay := "muster battle --scenario open-field --seed " + strconv.FormatUint(battle.BattleSeed(5, 12), 10)
	for _, args := range [][]string{
		{"sim", "--battles", "30", "--seed", "5", "--workers", "2", rebel1500, imperial1500},
		{"sim", "--jobs", "--db", filepath.Join(t.TempDir(), "jobs.db"), "--chunk-size", "10", "--battles", "30", "--seed", "5", "--workers", "2", rebel1500, imperial1500},
		{"whatif", "--battles", "30", "--seed", "5", "--max-variants", "2", rebel1500, imperial1500},
	} {
		code, _, stderr := runMuster(t, args...)
		if code != 1 || !strings.Contains(stderr, "battle 12 of the matchup with seed 5 failed: the engine tripped") ||
			!strings.Contains(stderr, replay) || strings.Contains(stderr, "goroutine") {
			t.Errorf("muster %s: exit %d, %q", args[0], code, stderr)
		}
	}
}

// A battle that fails in a what-if or a round robin played in a request is said on the page
// in words, naming it, never as a stack trace; the server goes on serving.
func TestAFailedBattleIsSaidOnThePageInWords(t *testing.T) {
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "30", "5"))
	panicAt(t, 12)
	for name, r := range map[string]response{
		"what-if":     ts.postForm(res+"/whatif", url.Values{"side": {"a"}, "battles": {"20"}, "variants": {"2"}}),
		"round robin": ts.postForm("/roundrobin", url.Values{"army": {a, b}, "battles": {"20"}, "scenario": {"open-field"}, "seed": {"5"}}),
	} {
		if r.status != http.StatusInternalServerError || !strings.Contains(r.body, "Muster could not play this "+name) ||
			!strings.Contains(r.body, "battle 12 of the matchup with seed 5 failed: the engine tripped") || strings.Contains(r.body, "goroutine") {
			t.Errorf("the %s: %d\n%.3000s", name, r.status, r.body)
		}
	}
	wantStatus(t, "the matchup form after", ts.get("/sim"), http.StatusOK)
}
