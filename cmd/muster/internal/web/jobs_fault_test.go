package web

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/db"
	"muster/rules/battle"
)

// A panic in one battle of a matchup, on a goroutine of the chunk's own, fails that matchup
// at once, naming the battle (index, seed, and the command that replays it), in the owner's
// words on its page: the worker (this test's process) lives on, the chunk is not played again
// (it would fail the same way), and the owner's next matchup plays to its result.
func TestAPanicInABattleFailsItsMatchupNotTheWorker(t *testing.T) {
	t.Parallel()
	testkit.OnBothDatabases(t, func(t *testing.T, dbPath string) {
		const seed, bad = 9, 1234
		var mu sync.Mutex
		tries := 0 // of the chunk holding the bad battle
		ts := newTestServerJobs(t, dbPath, jobs.Options{Workers: 2, ChunkSize: 100,
			Play: func(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error) {
				if opt.Seed == seed && opt.First <= bad && bad < opt.First+opt.Count {
					mu.Lock()
					tries++
					mu.Unlock()
				}
				opt.Workers = 2 // the panic is on one of PlayChunk's own goroutines
				opt.BeforeBattle = func(i int) {
					if opt.Seed == seed && i == bad {
						panic("the engine tripped")
					}
				}
				return battle.PlayChunk(ctx, field, a, b, opt)
			}})
		a := ts.importFile(rebel1500)
		b := ts.importFile(imperial1500)
		run := startMatchup(t, ts, a, b, "open-field", "1300", strconv.Itoa(seed))
		m := testkit.WaitMatchup(t, ts.store, strings.TrimPrefix(run, "/sim/run/"))
		replay := "muster battle --scenario open-field --seed " + strconv.FormatUint(battle.BattleSeed(seed, bad), 10)
		if m.Status != db.MatchupFailed {
			t.Fatalf("the matchup is %s, want failed", m.Status)
		}
		for _, want := range []string{"battle 1234 ", "seed 9", "the engine tripped", replay} {
			if !strings.Contains(m.Error, want) {
				t.Errorf("the matchup's failure %q does not say %q", m.Error, want)
			}
		}
		page := ts.get(run)
		wantStatus(t, run, page, http.StatusOK)
		if !strings.Contains(page.body, "battle 1234 ") || strings.Contains(page.body, "goroutine") {
			t.Errorf("the matchup's page does not say which battle failed, in words:\n%.3000s", page.body)
		}
		mu.Lock()
		if tries != 1 {
			t.Errorf("the chunk holding the battle was played %d times, want once", tries)
		}
		mu.Unlock()
		next := startMatchup(t, ts, a, b, "open-field", "150", "10")
		if res := waitResult(t, ts, next); !strings.HasPrefix(res, "/sims/") {
			t.Errorf("the owner's next matchup ended at %q", res)
		}
	})
}
