package web

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/db"
	"muster/db/dbtest"
	"muster/rules/battle"
)

// The whole matchup path from the web works on PostgreSQL: form, jobs, progress, result,
// and the JSON of `muster sim`.
func TestMatchupFromTheWebOnPostgres(t *testing.T) {
	ts := newTestServerOn(t, dbtest.Postgres(t))
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	run := startMatchup(t, ts, a, b, "open-field", "300", "5")
	res := waitResult(t, ts, run)
	j := ts.get(res + "/json")
	wantStatus(t, "json", j, 200)
	_, cli, _ := runMuster(t, "sim", "--battles", "300", "--seed", "5", "--json", rebel1500, imperial1500)
	if got, want := compactJSON(t, j.body), compactJSON(t, cli); got != want {
		t.Errorf("the web's JSON on PostgreSQL differs from the command line's:\n%s\n%s", got, want)
	}
	wantNoChunks(t, ts, run)
	if f := ts.get("/sim"); !strings.Contains(f.body, res) {
		t.Error("the matchup is not listed")
	}
}

// Matchups take turns chunk by chunk in the shared queue: with one worker, a short matchup
// asked for just after a long one ends while the long one still has most of its chunks to
// play, instead of waiting for all of them.
func TestMatchupsTakeTurnsInTheQueue(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "fair.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	j := startTestJobs(t, store, logger, jobs.Options{Workers: 1, ChunkSize: 10, Window: 1})
	files := [2][]byte{readTestFile(t, rebel1500), readTestFile(t, imperial1500)}
	var ms [2]db.Matchup
	for i, battles := range []int{200, 20} {
		o, err := store.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ms[i], err = j.Submit(ctx, o.ID, "test", jobs.MatchupRequest{Scenario: "open-field", Seed: 3, Battles: battles, Armies: files,
			Ask: db.Sim{Owner: o.ID}, ResultBase: "/sims/"})
		if err != nil {
			t.Fatal(err)
		}
	}
	for {
		short, err := store.MatchupForWork(ctx, ms[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		if short.Over() {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	// Its chunks are counted first, then the long one is seen still being played (an ended
	// matchup keeps no chunks to count).
	chunks, _, err := store.ChunkProgress(ctx, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	long, err := store.MatchupForWork(ctx, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if long.Over() || chunks > 5 {
		t.Errorf("the short matchup waited for the long one (%s, %d of its 20 chunks saved)", long.Status, chunks)
	}
}

func readTestFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A chunk that fails on every try (here with an error, as when its database goes away; one
// chunk of ten battles) ends its matchup as failed after the last try, saying so in the
// owner's words, and the owner may ask for another matchup: it does not stay "playing" for
// ever.
func TestAMatchupWhoseChunkKeepsFailingEndsAsFailed(t *testing.T) {
	ctx := context.Background()
	store, err := db.Open(ctx, filepath.Join(t.TempDir(), "fail.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	tries := 0
	var mu sync.Mutex
	j := startTestJobs(t, store, logger, jobs.Options{Workers: 1, ChunkSize: 10, MaxAttempts: 2,
		Play: func(context.Context, *battle.Field, *battle.Force, *battle.Force, battle.ChunkOptions) (*battle.Chunk, error) {
			mu.Lock()
			tries++
			mu.Unlock()
			return nil, errors.New("the database went away")
		}})
	o, err := store.CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	req := jobs.MatchupRequest{Scenario: "open-field", Seed: 3, Battles: 10, Armies: [2][]byte{readTestFile(t, rebel1500), readTestFile(t, imperial1500)},
		Ask: db.Sim{Owner: o.ID}, ResultBase: "/sims/"}
	m, err := j.Submit(ctx, o.ID, "test", req)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(testkit.Backstop)
	for {
		if m, err = store.MatchupForWork(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
		if m.Over() || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if m.Status != db.MatchupFailed || !strings.Contains(m.Error, "failed 2 times in a row") || strings.Contains(m.Error, "went away") {
		t.Fatalf("status %s, %q", m.Status, m.Error)
	}
	mu.Lock()
	if tries != 2 {
		t.Errorf("the chunk was tried %d times, want 2", tries)
	}
	mu.Unlock()
	if _, err := j.Submit(ctx, o.ID, "test", req); err != nil {
		t.Errorf("the owner cannot ask for another matchup: %v", err)
	}
}
