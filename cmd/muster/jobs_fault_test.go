package main

import (
	"context"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"muster/db"
	"muster/db/dbtest"
	"muster/rules/battle"
)

// onBothDatabases runs f on a new SQLite file and on a PostgreSQL schema of its own (skipped
// without a server).
func onBothDatabases(t *testing.T, f func(t *testing.T, dbPath string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "jobs.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, dbtest.Postgres(t)) })
}

// openTestStore opens a store closed when the test ends, after the jobs started on it stop
// (cleanups run last first).
func openTestStore(t *testing.T, dbPath string) *db.Store {
	t.Helper()
	store, err := db.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// waitMatchup reads a matchup until it has ended (a generous backstop fails the test).
func waitMatchup(t *testing.T, store *db.Store, id string) db.Matchup {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		m, err := store.MatchupForWork(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Over() {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("matchup %s is still %s", id, m.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A panic in one battle of a matchup, on a goroutine of the chunk's own, fails that matchup
// at once, naming the battle (index, seed, and the command that replays it), in the owner's
// words on its page: the worker (this test's process) lives on, the chunk is not played again
// (it would fail the same way), and the owner's next matchup plays to its result.
func TestAPanicInABattleFailsItsMatchupNotTheWorker(t *testing.T) {
	onBothDatabases(t, func(t *testing.T, dbPath string) {
		const seed, bad = 9, 1234
		var mu sync.Mutex
		tries := 0 // of the chunk holding the bad battle
		ts := newTestServerJobs(t, dbPath, jobOptions{Workers: 2, ChunkSize: 100,
			play: func(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error) {
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
		m := waitMatchup(t, ts.store, strings.TrimPrefix(run, "/sim/run/"))
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
