package db

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// An owner has one matchup queued or playing at a time; another owner is never refused for
// it, and does not see it; once it ends the owner may ask for the next.
func TestOneMatchupPerOwnerAtATime(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me, other := own(t, s), guest(t, s)
		m, err := s.CreateMatchup(ctx, Matchup{Owner: me, Title: "A against B", Request: []byte("{}"), Battles: 10, ChunkSize: 5, Chunks: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateMatchup(ctx, Matchup{Owner: me, Request: []byte("{}")}); !errors.Is(err, ErrBusy) {
			t.Errorf("a second matchup while the first is queued: %v, want ErrBusy", err)
		}
		if _, err := s.CreateMatchup(ctx, Matchup{Owner: other, Request: []byte("{}")}); err != nil {
			t.Errorf("another owner refused: %v", err)
		}
		if _, err := s.OwnerMatchup(ctx, other, m.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner reads the matchup: %v", err)
		}
		if ok, err := s.CancelMatchup(ctx, other, m.ID); ok || err != nil {
			t.Errorf("another owner cancelled it: %v %v", ok, err)
		}
		if ok, err := s.CancelMatchup(ctx, me, m.ID); !ok || err != nil {
			t.Fatalf("cancel: %v %v", ok, err)
		}
		if _, err := s.CreateMatchup(ctx, Matchup{Owner: me, Request: []byte("{}")}); err != nil {
			t.Errorf("a matchup after the first was cancelled: %v", err)
		}
	})
}

// A chunk saved twice (played again after its worker died) keeps its first result and
// counts once; completing a matchup twice saves one result, and the chunks, merged into it,
// go with the same transaction.
func TestChunksAndResultsCountOnce(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		m, err := s.CreateMatchup(ctx, Matchup{Owner: me, Request: []byte("{}"), Battles: 10, ChunkSize: 5, Chunks: 2})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			first int
			body  string
		}{{0, "first"}, {0, "again"}, {5, "second"}} {
			if err := s.SaveChunk(ctx, m.ID, c.first, 5, []byte(c.body)); err != nil {
				t.Fatal(err)
			}
		}
		n, battles, err := s.ChunkProgress(ctx, m.ID)
		if err != nil || n != 2 || battles != 10 {
			t.Errorf("progress %d chunks, %d battles (%v), want 2 and 10", n, battles, err)
		}
		bodies, err := s.Chunks(ctx, m.ID)
		if err != nil || len(bodies) != 2 || string(bodies[0]) != "first" || string(bodies[1]) != "second" {
			t.Errorf("chunks %q %v", bodies, err)
		}
		done, err := s.CompleteMatchup(ctx, m.ID, "/sims/", Sim{Owner: me, Scenario: "open-field", Battles: 10, Seed: "1"})
		if err != nil || done.Status != MatchupDone || done.ResultURL != "/sims/"+done.SimID {
			t.Fatalf("complete: %+v %v", done, err)
		}
		again, err := s.CompleteMatchup(ctx, m.ID, "/sims/", Sim{Owner: me, Scenario: "open-field", Battles: 10, Seed: "1"})
		if err != nil || again.SimID != done.SimID {
			t.Errorf("completed again: %+v %v", again, err)
		}
		if list, _ := s.ListSims(ctx, me, 10); len(list) != 1 {
			t.Errorf("%d results saved, want 1", len(list))
		}
		wantNoChunks(t, s, m.ID, "a completed matchup")
	})
}

// A matchup that ends without a result (cancelled, or failed) keeps none of its chunks, and
// a chunk finished after the end (a worker that was still playing it) is not kept either.
func TestAnEndedMatchupKeepsNoChunks(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		for _, end := range []struct {
			how    string
			end    func(id string) error
			status string
		}{
			{"cancelled", func(id string) error { _, err := s.CancelMatchup(ctx, me, id); return err }, MatchupCancelled},
			{"failed", func(id string) error { return s.FailMatchup(ctx, id, "an army does not read") }, MatchupFailed},
		} {
			m, err := s.CreateMatchup(ctx, Matchup{Owner: me, Request: []byte("{}"), Battles: 10, ChunkSize: 5, Chunks: 2})
			if err != nil {
				t.Fatal(err)
			}
			if err := s.SaveChunk(ctx, m.ID, 0, 5, []byte("first")); err != nil {
				t.Fatal(err)
			}
			if err := end.end(m.ID); err != nil {
				t.Fatal(err)
			}
			if got, _ := s.OwnerMatchup(ctx, me, m.ID); got.Status != end.status {
				t.Errorf("%s: status %q", end.how, got.Status)
			}
			if err := s.SaveChunk(ctx, m.ID, 5, 5, []byte("late")); err != nil {
				t.Fatal(err)
			}
			wantNoChunks(t, s, m.ID, "a "+end.how+" matchup")
		}
	})
}

// wantNoChunks fails when any chunk row of the matchup is kept.
func wantNoChunks(t *testing.T, s *Store, id, what string) {
	t.Helper()
	n, battles, err := s.ChunkProgress(context.Background(), id)
	if err != nil || n != 0 || battles != 0 {
		t.Errorf("%s keeps %d chunks of %d battles (%v), want none", what, n, battles, err)
	}
}

// Signing in brings a guest's matchup to the account, as it does the guest's armies.
func TestSignInBringsTheGuestsMatchup(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g := guest(t, s)
		m, err := s.CreateMatchup(ctx, Matchup{Owner: g, Request: []byte("{}"), Battles: 1, ChunkSize: 1, Chunks: 1})
		if err != nil {
			t.Fatal(err)
		}
		acct, err := s.CreateAccount(ctx, "wedge", "hash", false)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.MergeGuest(ctx, g, acct.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.OwnerMatchup(ctx, acct.ID, m.ID); err != nil {
			t.Errorf("the account does not have the guest's matchup: %v", err)
		}
	})
}

func guest(t *testing.T, s *Store) string {
	t.Helper()
	o, err := s.CreateGuest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return o.ID
}

// A database from before ended matchups dropped their chunks loses the chunks of those that
// ended when it is opened, and keeps those of a matchup still being played.
func TestOpeningDropsTheChunksOfEndedMatchups(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		me := own(t, s)
		done, err := s.CreateMatchup(ctx, Matchup{Owner: me, Request: []byte("{}"), Battles: 5, ChunkSize: 5, Chunks: 1})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CompleteMatchup(ctx, done.ID, "/sims/", Sim{Owner: me, Scenario: "open-field", Battles: 5, Seed: "1"}); err != nil {
			t.Fatal(err)
		}
		playing, err := s.CreateMatchup(ctx, Matchup{Owner: guest(t, s), Request: []byte("{}"), Battles: 5, ChunkSize: 5, Chunks: 1})
		if err != nil {
			t.Fatal(err)
		}
		// As an older Muster left them: the done matchup's chunk kept, and the schema from
		// before the migration that drops them (009; the later ones are applied again, and
		// create only what is not there, or are undone first).
		for _, id := range []string{done.ID, playing.ID} {
			if _, err := s.DB().ExecContext(ctx, `INSERT INTO matchup_chunks (matchup_id, first_battle, battles, result, created)
				VALUES (?, 0, 5, ?, '2026-01-01T00:00:00Z')`, id, []byte("{}")); err != nil {
				t.Fatal(err)
			}
		}
		// The columns 011 and 012 add are taken off again, as they were before it (ALTER TABLE ...
		// ADD COLUMN cannot be written to apply twice on SQLite).
		if _, err := s.DB().ExecContext(ctx, "DROP INDEX matchups_by_address"); err != nil {
			t.Fatal(err)
		}
		for _, col := range []string{"kind", "result", "progress", "address", "guest"} {
			if _, err := s.DB().ExecContext(ctx, "ALTER TABLE matchups DROP COLUMN "+col); err != nil {
				t.Fatal(err)
			}
		}
		// And the columns the later migrations add (015: a matchup's scenario file; 016: a
		// game's battlefield), which they apply again.
		for _, q := range []string{"ALTER TABLE sims DROP COLUMN scenario_file", "ALTER TABLE game_versions DROP COLUMN battlefield"} {
			if _, err := s.DB().ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		setSchemaBefore(t, s, "migrations/009_ended_matchups_chunks.sql")
		s.Close()
		s, err = Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		wantNoChunks(t, s, done.ID, "a matchup done before the upgrade")
		if n, _, err := s.ChunkProgress(ctx, playing.ID); n != 1 || err != nil {
			t.Errorf("a matchup being played keeps %d chunks (%v), want its 1", n, err)
		}
	})
}

// A matchup is saved with the jobs its queue adds in the same transaction, or not at all:
// a queue that fails, or dies (panics) on the very connection of the transaction, as a
// process killed while queuing them would, leaves no matchup to keep its owner from asking
// for another; and the store goes on working.
func TestAMatchupIsSavedWithItsJobsOrNotAtAll(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		die := func(_ context.Context, jt JobTx, _ Matchup) error {
			if s.pg {
				return jt.WithPgx(func(*pgx.Conn) error { panic("the process was killed") })
			}
			panic("the process was killed")
		}
		fail := func(context.Context, JobTx, Matchup) error { return errors.New("the queue is full") }
		done := make(chan any)
		go func() {
			defer func() { done <- recover() }()
			_, _ = s.QueueMatchup(ctx, Matchup{Owner: me, Request: []byte("{}")}, die)
		}()
		select {
		case v := <-done:
			if v == nil {
				t.Error("the queue's panic was swallowed")
			}
		case <-time.After(time.Minute): // a backstop: the store hung
			t.Fatal("a panic while queuing the matchup's jobs left the store hanging")
		}
		if _, err := s.QueueMatchup(ctx, Matchup{Owner: me, Request: []byte("{}")}, fail); err == nil {
			t.Error("a matchup whose jobs could not be queued was saved")
		}
		if m, err := s.OwnerActiveMatchup(ctx, me); !errors.Is(err, ErrNotFound) {
			t.Errorf("a matchup without its jobs was saved: %s %s (%v)", m.ID, m.Status, err)
		}
		queued := false
		m, err := s.QueueMatchup(ctx, Matchup{Owner: me, Request: []byte("{}")}, func(ctx context.Context, jt JobTx, m Matchup) error {
			queued = m.ID != ""
			return nil
		})
		if err != nil || !queued {
			t.Fatalf("the next matchup: %v (queued %v)", err, queued)
		}
		if got, err := s.OwnerActiveMatchup(ctx, me); err != nil || got.ID != m.ID {
			t.Errorf("the owner's matchup is %q (%v), want %s", got.ID, err, m.ID)
		}
	})
}

// Chunk saves take no global lock (issue 29): on PostgreSQL a chunk is saved while another
// session holds the writer lock every other write waits for; and saves from many workers at
// once, racing cancels, keep every chunk of a matchup being played once and none of one that
// ended.
func TestChunkSavesTakeNoGlobalLockAndKeepNoChunkOfAnEndedMatchup(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		var ms []Matchup
		for range 4 {
			m, err := s.CreateMatchup(ctx, Matchup{Owner: guest(t, s), Request: []byte("{}"), Battles: 400, ChunkSize: 10, Chunks: 40})
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
		}
		if s.Postgres() {
			conn, err := s.DB().Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", WriterLock); err != nil {
				t.Fatal(err)
			}
			sctx, cancel := context.WithTimeout(ctx, 3*time.Second)
			err = s.SaveChunk(sctx, ms[0].ID, 0, 10, []byte("{}"))
			cancel()
			if err != nil {
				t.Errorf("a chunk save waited for the writer lock: %v", err)
			}
			if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", WriterLock); err != nil {
				t.Fatal(err)
			}
			conn.Close()
		}
		var wg sync.WaitGroup
		errs := make(chan error, 1000)
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; i < 4*40; i += 8 {
					m := ms[i%4]
					// Each chunk twice, as a worker killed after saving would play it again.
					for range 2 {
						if err := s.SaveChunk(ctx, m.ID, (i/4)*10, 10, []byte("{}")); err != nil {
							errs <- err
						}
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, m := range ms[2:] {
				time.Sleep(5 * time.Millisecond)
				if _, err := s.CancelMatchup(ctx, m.Owner, m.ID); err != nil {
					errs <- err
				}
			}
		}()
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		for i, m := range ms {
			n, battles, err := s.ChunkProgress(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := 40
			if i >= 2 {
				want = 0 // cancelled: its chunks went with it, and none came after
			}
			if n != want || battles != 10*want {
				t.Errorf("matchup %d keeps %d chunks of %d battles, want %d", i, n, battles, want)
			}
		}
	})
}

// Pruning deletes the job rows that ended before the window, with any chunk left, and keeps
// those playing, those that ended within it, and every saved matchup.
func TestPruneDeletesTheJobsThatEndedBeforeTheWindow(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		s.now = func() time.Time { return now }
		mk := func() Matchup {
			m, err := s.CreateMatchup(ctx, Matchup{Owner: guest(t, s), Kind: KindWhatIf, Request: []byte("{}"), Battles: 5, ChunkSize: 5, Chunks: 1})
			if err != nil {
				t.Fatal(err)
			}
			return m
		}
		oldDone, oldCancelled, oldPlaying := mk(), mk(), mk()
		if _, err := s.CompleteMatchupWith(ctx, oldDone.ID, nil, func([]Sim) (string, []byte, error) { return "/whatif/" + oldDone.ID, []byte("{}"), nil }); err != nil {
			t.Fatal(err)
		}
		if _, err := s.CancelMatchup(ctx, oldCancelled.Owner, oldCancelled.ID); err != nil {
			t.Fatal(err)
		}
		sim, err := s.SaveSim(ctx, Sim{Owner: oldDone.Owner, Scenario: "open-field", Battles: 1, Seed: "1"})
		if err != nil {
			t.Fatal(err)
		}
		now = now.Add(40 * 24 * time.Hour)
		recent := mk()
		if _, err := s.CancelMatchup(ctx, recent.Owner, recent.ID); err != nil {
			t.Fatal(err)
		}
		n, err := s.PruneMatchups(ctx, now.Add(-30*24*time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("pruned %d (%v), want the 2 that ended 40 days ago", n, err)
		}
		for _, m := range []Matchup{oldDone, oldCancelled} {
			if _, err := s.MatchupForWork(ctx, m.ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("matchup %s ended 40 days ago is kept (%v)", m.ID, err)
			}
		}
		for _, m := range []Matchup{oldPlaying, recent} {
			if _, err := s.MatchupForWork(ctx, m.ID); err != nil {
				t.Errorf("matchup %s (playing, or ended within the window) was pruned: %v", m.ID, err)
			}
		}
		if _, err := s.GetSim(ctx, oldDone.Owner, sim.ID); err != nil {
			t.Errorf("a saved matchup was pruned: %v", err)
		}
	})
}

// A row's place in the queue counts the rows not yet started that were asked for before it:
// those playing are not ahead of it (its first part goes before their later parts).
func TestThePlaceInTheQueueCountsOnlyRowsNotStarted(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		var ms []Matchup
		for range 3 {
			m, err := s.CreateMatchup(ctx, Matchup{Owner: guest(t, s), Request: []byte("{}"), Battles: 5, ChunkSize: 5, Chunks: 1})
			if err != nil {
				t.Fatal(err)
			}
			ms = append(ms, m)
			time.Sleep(2 * time.Millisecond)
		}
		if err := s.StartMatchup(ctx, ms[0].ID); err != nil {
			t.Fatal(err)
		}
		if n, err := s.MatchupsAhead(ctx, ms[2]); err != nil || n != 1 {
			t.Errorf("the third row has %d ahead (%v), want 1: the second, not the first, which plays", n, err)
		}
	})
}

// The fair shares, in the database so that every web process sees the same: the guests of
// one address have at most AddressBattles queued together, an account from the same address
// is not bounded by it, and no owner may queue more than their bound at once.
func TestGuestsOfOneAddressShareOneBound(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		s.SetBounds(Bounds{GuestBattles: 100, AccountBattles: 250, AddressBattles: 150})
		ask := func(owner string, guest bool, addr string, battles int) error {
			_, err := s.CreateMatchup(ctx, Matchup{Owner: owner, Guest: guest, Address: addr, Request: []byte("{}"), Battles: battles, ChunkSize: battles, Chunks: 1})
			return err
		}
		if err := ask(guest(t, s), true, "203.0.113.7", 100); err != nil {
			t.Fatal(err)
		}
		var ab *ErrAddressBusy
		if err := ask(guest(t, s), true, "203.0.113.7", 60); !errors.As(err, &ab) || ab.Queued != 100 || ab.Bound != 150 {
			t.Errorf("a second guest from the address past its bound: %v", err)
		}
		if err := ask(guest(t, s), true, "203.0.113.7", 50); err != nil {
			t.Errorf("a second guest from the address within its bound: %v", err)
		}
		if err := ask(guest(t, s), true, "198.51.100.9", 100); err != nil {
			t.Errorf("a guest from another address: %v", err)
		}
		if err := ask(guest(t, s), false, "203.0.113.7", 200); err != nil {
			t.Errorf("an account from the busy address: %v", err)
		}
		var tm *ErrTooMany
		if err := ask(guest(t, s), true, "192.0.2.1", 101); !errors.As(err, &tm) || tm.Bound != 100 {
			t.Errorf("a guest past a guest's bound: %v", err)
		}
		if err := ask(guest(t, s), false, "192.0.2.1", 251); !errors.As(err, &tm) || tm.Bound != 250 {
			t.Errorf("an account past an account's bound: %v", err)
		}
	})
}
