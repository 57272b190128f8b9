package jobs

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"muster/cmd/muster/internal/testkit"
	"muster/rules"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"muster/db"
)

// panickyQueue is a job queue that dies as it queues a matchup's jobs, as a web process
// killed between saving a matchup and queuing its jobs would.
type panickyQueue struct{ jobClient }

func (panickyQueue) InsertManyTx(context.Context, db.JobTx, []river.InsertManyParams) error {
	panic("the web process was killed")
}

func (panickyQueue) Insert(context.Context, river.JobArgs, *river.InsertOpts) error {
	panic("the web process was killed")
}

// A matchup is saved with its jobs or not at all: a process that dies while queuing them
// leaves no matchup behind with nothing to play it (which kept its owner from asking for
// another, for ever), and the owner's next matchup plays to its end.
func TestAMatchupIsSavedWithItsJobsOrNotAtAll(t *testing.T) {
	t.Parallel()
	testkit.OnBothDatabases(t, func(t *testing.T, dbPath string) {
		ctx := context.Background()
		store := testkit.OpenStore(t, dbPath)
		j := startJobs(t, store, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Workers: 1, ChunkSize: 50})
		o, err := store.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		req := MatchupRequest{Scenario: "open-field", Seed: 3, Battles: 100, Armies: [2][]byte{testkit.ReadFile(t, testkit.Rebel1500), testkit.ReadFile(t, testkit.Imperial1500)},
			Ask: db.Sim{Owner: o.ID}, ResultBase: "/sims/"}
		queue := j.client
		j.client = panickyQueue{queue}
		func() {
			defer func() { _ = recover() }()
			_, _ = j.Submit(ctx, o.ID, "test", req)
		}()
		j.client = queue
		if m, err := store.OwnerActiveMatchup(ctx, o.ID); !errors.Is(err, db.ErrNotFound) {
			t.Errorf("the killed submit left matchup %s %s (%v)", m.ID, m.Status, err)
		}
		m, err := j.Submit(ctx, o.ID, "test", req)
		if err != nil {
			t.Fatalf("the owner's next matchup: %v", err)
		}
		if m = testkit.WaitMatchup(t, store, m.ID); m.Status != db.MatchupDone {
			t.Errorf("the owner's next matchup ended %s: %s", m.Status, m.Error)
		}
	})
}

// A matchup queued with no job to play it (as a web process killed between the two writes
// left them, before both were one transaction) is failed by the workers' sweep once it is
// older than the rescue window, in words, and its owner may then ask for another, which plays
// to its end; a younger one is left alone.
func TestAMatchupNothingIsPlayingIsFailedByTheSweep(t *testing.T) {
	t.Parallel()
	testkit.OnBothDatabases(t, func(t *testing.T, dbPath string) {
		ctx := context.Background()
		store := testkit.OpenStore(t, dbPath)
		o, err := store.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		lost, err := store.CreateMatchup(ctx, db.Matchup{Owner: o.ID, Title: "lost", Request: []byte("{}"), Battles: 10, ChunkSize: 10, Chunks: 1})
		if err != nil {
			t.Fatal(err)
		}
		// The sweep leaves alone a matchup younger than the window (its first chunk may be
		// about to be queued by a process of an older Muster).
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		idle := startJobs(t, store, logger, Options{Workers: 0})
		if n, err := idle.sweep(ctx, lost.Updated); n != 0 || err != nil {
			t.Errorf("the sweep failed %d matchups younger than the window (%v)", n, err)
		}
		// The workers sweep every rescue window by themselves.
		j := startJobs(t, store, logger, Options{Workers: 1, ChunkSize: 50, RescueAfter: time.Second})
		m := testkit.WaitMatchup(t, store, lost.ID)
		if m.Status != db.MatchupFailed || m.Error != lostMatchup {
			t.Errorf("the lost matchup is %s: %q", m.Status, m.Error)
		}
		next, err := j.Submit(ctx, o.ID, "test", MatchupRequest{Scenario: "open-field", Seed: 3, Battles: 100,
			Armies: [2][]byte{testkit.ReadFile(t, testkit.Rebel1500), testkit.ReadFile(t, testkit.Imperial1500)}, Ask: db.Sim{Owner: o.ID}, ResultBase: "/sims/"})
		if err != nil {
			t.Fatalf("the owner's next matchup: %v", err)
		}
		if next = testkit.WaitMatchup(t, store, next.ID); next.Status != db.MatchupDone {
			t.Errorf("the owner's next matchup ended %s: %s", next.Status, next.Error)
		}
	})
}

// A matchup whose job River gave up (discarded: by the rescuer, when the worker of its last
// try died, or any other way) is failed by the sweep at once, in words, though it is young.
func TestAMatchupWithAJobGivenUpIsFailed(t *testing.T) {
	t.Parallel()
	testkit.OnBothDatabases(t, func(t *testing.T, dbPath string) {
		ctx := context.Background()
		store := testkit.OpenStore(t, dbPath)
		o, err := store.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		j := startJobs(t, store, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Workers: 0, ChunkSize: 50})
		m, err := j.Submit(ctx, o.ID, "test", MatchupRequest{Scenario: "open-field", Seed: 3, Battles: 100,
			Armies: [2][]byte{testkit.ReadFile(t, testkit.Rebel1500), testkit.ReadFile(t, testkit.Imperial1500)}, Ask: db.Sim{Owner: o.ID}, ResultBase: "/sims/"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := store.DB().ExecContext(ctx, `UPDATE river_job SET state = 'discarded', attempt = 25, finalized_at = created_at
			WHERE kind = ? AND id = (SELECT MIN(id) FROM river_job WHERE kind = ?)`, KindSimChunk, KindSimChunk); err != nil {
			t.Fatal(err)
		}
		if n, err := j.sweep(ctx, m.Created.Add(-time.Hour)); n != 1 || err != nil {
			t.Fatalf("the sweep failed %d matchups (%v), want the one with a job given up", n, err)
		}
		if m, err = store.MatchupForWork(ctx, m.ID); m.Status != db.MatchupFailed || m.Error != failedTries(25) {
			t.Errorf("the matchup is %s: %q (%v)", m.Status, m.Error, err)
		}
	})
}

// startJobs starts a job system on store, stopped when the test ends (before the store
// closes: cleanups run last registered first).
func startJobs(t testing.TB, store *db.Store, logger *slog.Logger, opt Options) *Jobs {
	t.Helper()
	j, err := Open(context.Background(), store, rules.Default(), logger, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := j.Stop(ctx); err != nil {
			t.Logf("stopping the jobs: %v", err)
		}
	})
	return j
}

// With Options.PruneAfter the leader's sweep also deletes the jobs that ended before the
// window (here a nanosecond: the one cancelled), and keeps the one playing.
func TestTheSweepPrunesEndedJobs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	store := testkit.NewStore(t)
	j := startJobs(t, store, slog.New(slog.NewTextHandler(io.Discard, nil)), Options{Workers: 1, PruneAfter: time.Nanosecond, NoSweep: true})
	var ids []string
	for range 2 {
		o, err := store.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		m, err := store.CreateMatchup(ctx, db.Matchup{Owner: o.ID, Request: []byte("{}"), Battles: 5, ChunkSize: 5, Chunks: 1})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
		if len(ids) == 1 {
			if _, err := store.CancelMatchup(ctx, o.ID, m.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	time.Sleep(time.Millisecond)
	if err := (&sweepWorker{j: j}).Work(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := store.MatchupForWork(ctx, ids[0]); !errors.Is(err, db.ErrNotFound) {
		t.Errorf("the cancelled job was not pruned (%v)", err)
	}
	if m, err := store.MatchupForWork(ctx, ids[1]); err != nil {
		t.Errorf("the queued job was pruned: %v", err)
	} else if m.Status != db.MatchupQueued && m.Status != db.MatchupFailed {
		t.Errorf("the queued job is %s", m.Status)
	}
}
