package db

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"muster/db/dbtest"
)

// bothDatabases runs a test on SQLite and, when a server answers, on PostgreSQL, each time
// on a new, empty database: openTemp opens the one the subtest is named after.
func bothDatabases(t *testing.T, test func(t *testing.T)) {
	t.Run("sqlite", test)
	t.Run("postgres", test)
}

// openTemp opens a new, empty store: a file on SQLite or a fresh schema on PostgreSQL
// (skipping the test when no server answers), with the path or address to reopen it by.
func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "muster.db")
	if strings.HasSuffix(t.Name(), "/postgres") {
		path = dbtest.Postgres(t)
	}
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

func meta(name string, total int) Meta {
	return Meta{Name: name, Side: "rebel", Total: total, Limit: 1500, Valid: true}
}

// Every save is a new version; the army's metadata is its head version's.
func TestEverySaveIsANewVersion(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, err := s.Create(ctx, own(t, s), []byte("v1"), meta("Blue Rangers", 710), "created")
		if err != nil {
			t.Fatal(err)
		}
		if a.Version != 1 || a.Versions != 1 || a.Total != 710 || len(a.ID) < 16 {
			t.Fatalf("created %+v", a)
		}
		a, err = s.Save(ctx, own(t, s), a.ID, AnyVersion, []byte("v2"), meta("Blue Rangers", 720), "saved")
		if err != nil {
			t.Fatal(err)
		}
		got, file, err := s.Get(ctx, own(t, s), a.ID)
		if err != nil || string(file) != "v2" || got.Version != 2 || got.Total != 720 {
			t.Fatalf("get = %+v %q %v", got, file, err)
		}
		h, err := s.History(ctx, own(t, s), a.ID)
		if err != nil || len(h) != 2 || h[0].Number != 2 || h[0].Parent != 1 || h[1].Note != "created" {
			t.Fatalf("history = %+v %v", h, err)
		}
		v1, err := s.Version(ctx, own(t, s), a.ID, 1)
		if err != nil || string(v1.File) != "v1" || v1.Total != 710 {
			t.Fatalf("version 1 = %+v %v", v1, err)
		}
	})
}

// Undo goes back to the version a save was made on; redo returns; a save after an undo
// branches, and both branches stay in the history: nothing saved is lost.
func TestUndoRedoAndRestoreLoseNothing(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, _ := s.Create(ctx, own(t, s), []byte("v1"), meta("A", 1), "created")
		s.Save(ctx, own(t, s), a.ID, AnyVersion, []byte("v2"), meta("A", 2), "saved")
		if _, err := s.Redo(ctx, own(t, s), a.ID, AnyVersion); !errors.Is(err, ErrNotFound) {
			t.Errorf("redo at the newest version: err = %v, want ErrNotFound", err)
		}
		a, err := s.Undo(ctx, own(t, s), a.ID, AnyVersion)
		if err != nil || a.Version != 1 || a.Total != 1 {
			t.Fatalf("undo = %+v %v", a, err)
		}
		if _, err := s.Undo(ctx, own(t, s), a.ID, AnyVersion); !errors.Is(err, ErrNotFound) {
			t.Errorf("undo past the first version: err = %v, want ErrNotFound", err)
		}
		a, err = s.Redo(ctx, own(t, s), a.ID, AnyVersion)
		if err != nil || a.Version != 2 {
			t.Fatalf("redo = %+v %v", a, err)
		}
		s.Undo(ctx, own(t, s), a.ID, AnyVersion)
		a, _ = s.Save(ctx, own(t, s), a.ID, AnyVersion, []byte("v3"), meta("A", 3), "saved")
		if a.Version != 3 || a.Versions != 3 {
			t.Fatalf("branch save = %+v", a)
		}
		a, _ = s.Undo(ctx, own(t, s), a.ID, AnyVersion)
		if a.Version != 1 {
			t.Fatalf("undo of the branch = %+v, want version 1", a)
		}
		a, _ = s.Redo(ctx, own(t, s), a.ID, AnyVersion)
		if a.Version != 3 {
			t.Fatalf("redo goes to the newest child: %+v, want version 3", a)
		}
		a, err = s.Restore(ctx, own(t, s), a.ID, AnyVersion, 2)
		if err != nil || a.Version != 4 || a.Total != 2 {
			t.Fatalf("restore = %+v %v", a, err)
		}
		if _, file, _ := s.Get(ctx, own(t, s), a.ID); string(file) != "v2" {
			t.Errorf("restored file = %q", file)
		}
		if _, err := s.Restore(ctx, own(t, s), a.ID, AnyVersion, 99); !errors.Is(err, ErrNotFound) {
			t.Errorf("restore of a missing version: %v", err)
		}
	})
}

// Deleting hides an army from the list; it can be brought back.
func TestDeleteHidesAndUndeleteRestores(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, _ := s.Create(ctx, own(t, s), []byte("x"), meta("A", 1), "created")
		b, _ := s.Create(ctx, own(t, s), []byte("y"), meta("B", 2), "created")
		if err := s.Delete(ctx, own(t, s), a.ID); err != nil {
			t.Fatal(err)
		}
		l, _ := s.List(ctx, own(t, s))
		if len(l) != 1 || l[0].ID != b.ID {
			t.Fatalf("list after delete = %+v", l)
		}
		if got, _, err := s.Get(ctx, own(t, s), a.ID); err != nil || !got.Deleted {
			t.Errorf("a deleted army is still readable: %+v %v", got, err)
		}
		s.Undelete(ctx, own(t, s), a.ID)
		if l, _ := s.List(ctx, own(t, s)); len(l) != 2 {
			t.Errorf("list after undelete = %d armies", len(l))
		}
		if err := s.Delete(ctx, own(t, s), "nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("delete of a missing army: %v", err)
		}
	})
}

// A share link is 128 random bits; each share makes a new one; the owner sees them and
// revokes one, which then opens nothing; a deleted army's links open nothing.
func TestShareLinksAreRevocable(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, _ := s.Create(ctx, own(t, s), []byte("x"), meta("A", 1), "created")
		first, err := s.Share(ctx, own(t, s), a.ID)
		if err != nil || len(first.Token) < 22 {
			t.Fatalf("token %+v %v", first, err)
		}
		second, _ := s.Share(ctx, own(t, s), a.ID)
		if second.Token == first.Token {
			t.Errorf("a second share gave the same link")
		}
		got, file, err := s.ByShareToken(ctx, first.Token)
		if err != nil || got.ID != a.ID || string(file) != "x" {
			t.Errorf("by token = %+v %q %v", got, file, err)
		}
		for _, bad := range []string{"", first.Token[:len(first.Token)-1], "x" + first.Token} {
			if _, _, err := s.ByShareToken(ctx, bad); !errors.Is(err, ErrNotFound) {
				t.Errorf("token %q: %v", bad, err)
			}
		}
		links, err := s.Shares(ctx, own(t, s), a.ID)
		if err != nil || len(links) != 2 || links[0].LastOpened.IsZero() == links[1].LastOpened.IsZero() {
			t.Fatalf("links = %+v %v; one was opened", links, err)
		}
		other, _ := s.CreateGuest(ctx)
		if err := s.RevokeShare(ctx, other.ID, a.ID, first.Token); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner revoked the link: %v", err)
		}
		if err := s.RevokeShare(ctx, own(t, s), a.ID, first.Token); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.ByShareToken(ctx, first.Token); !errors.Is(err, ErrNotFound) {
			t.Errorf("a revoked link still opens the army: %v", err)
		}
		if err := s.Delete(ctx, own(t, s), a.ID); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.ByShareToken(ctx, second.Token); !errors.Is(err, ErrNotFound) {
			t.Errorf("a deleted army opens through its link: %v", err)
		}
	})
}

// Concurrent writers: every save lands as its own version, none lost or doubled.
func TestConcurrentWritersLoseNoSave(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, _ := s.Create(ctx, own(t, s), []byte("0"), meta("A", 0), "created")
		const writers, saves = 8, 10
		var wg sync.WaitGroup
		errs := make(chan error, writers*saves)
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range saves {
					if _, err := s.Save(ctx, own(t, s), a.ID, AnyVersion, fmt.Appendf(nil, "%d-%d", w, i), meta("A", i), "saved"); err != nil {
						errs <- err
					}
					if _, err := s.List(ctx, own(t, s)); err != nil {
						errs <- err
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		h, _ := s.History(ctx, own(t, s), a.ID)
		if len(h) != writers*saves+1 {
			t.Fatalf("history has %d versions, want %d", len(h), writers*saves+1)
		}
		seen := map[int]bool{}
		for _, v := range h {
			if seen[v.Number] {
				t.Errorf("version %d twice", v.Number)
			}
			seen[v.Number] = true
		}
	})
}

// Reopening the file keeps what was saved and does not re-run migrations.
func TestReopenKeepsArmies(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		a, _ := s.Create(ctx, own(t, s), []byte("kept"), meta("A", 1), "created")
		s.Close()
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		if _, file, err := s2.Get(ctx, own(t, s), a.ID); err != nil || string(file) != "kept" {
			t.Fatalf("after reopen: %q %v", file, err)
		}
	})
}

// owners are the guest each test store's armies belong to.
var owners sync.Map

// own returns the test store's owner, making a guest the first time.
func own(t *testing.T, s *Store) string {
	t.Helper()
	if id, ok := owners.Load(s); ok {
		return id.(string)
	}
	o, err := s.CreateGuest(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	owners.Store(s, o.ID)
	return o.ID
}

// A database file's name may hold '#', '?' and '%' (a club's "night#2.db", a test's
// directory): the file opened is the one named, not one cut short at the '#' or '?', or
// with a "%23" read as '#'.
func TestDatabaseFileNamesKeepEveryCharacter(t *testing.T) {
	dir := t.TempDir()
	names := []string{"night#2.db", "who?.db", "100%.db", "a%23b.db"}
	for _, name := range names {
		s, err := Open(context.Background(), filepath.Join(dir, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s.Close()
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if n := e.Name(); !strings.HasSuffix(n, "-wal") && !strings.HasSuffix(n, "-shm") {
			got = append(got, n)
		}
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(names))
	if !slices.Equal(got, want) {
		t.Errorf("the files made are %q, want %q", got, want)
	}
}

// TestIdsNeverStartWithADash: ids and tokens are typed on the command line (muster token
// revoke NAME ID), where one starting with "-" would read as a flag; base64url starts one
// in 64 so.
func TestIdsNeverStartWithADash(t *testing.T) {
	for range 2000 {
		id, err := token(6)
		if err != nil {
			t.Fatal(err)
		}
		if id[0] == '-' || len(id) != 8 {
			t.Fatalf("id %q", id)
		}
	}
}

// A process that leaves migrations to muster migrate (OpenMigrated) changes no schema: it
// refuses a database behind this Muster's, saying so, and opens one migrated.
func TestOpenMigratedRefusesASchemaBehind(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		path := filepath.Join(t.TempDir(), "muster.db")
		if strings.HasSuffix(t.Name(), "/postgres") {
			path = dbtest.Postgres(t)
		}
		_, err := OpenMigrated(ctx, path)
		var behind *ErrSchemaBehind
		if !errors.As(err, &behind) || behind.Have != 0 || behind.Want < 12 {
			t.Fatalf("a new database opened without migrating: %v", err)
		}
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		s, err = OpenMigrated(ctx, path)
		if err != nil {
			t.Fatalf("a migrated database: %v", err)
		}
		s.Close()
	})
}

// SaveDrafts keeps many owners' drafts in one transaction, skipping an army not its owner's
// (nor anyone's but the owner's to draft), on both databases.
func TestSaveDraftsKeepsEachOwnersAndSkipsOthers(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		s, _ := openTemp(t)
		ctx := context.Background()
		a, _ := s.CreateGuest(ctx)
		b, _ := s.CreateGuest(ctx)
		ra, err := s.Create(ctx, a.ID, []byte("format: 1\nname: A\n"), Meta{Name: "A"}, "")
		if err != nil {
			t.Fatal(err)
		}
		rb, err := s.Create(ctx, b.ID, []byte("format: 1\nname: B\n"), Meta{Name: "B"}, "")
		if err != nil {
			t.Fatal(err)
		}
		err = s.SaveDrafts(ctx, []DraftWrite{
			{Owner: a.ID, Army: ra.ID, Base: 1, Form: []byte("name=A1")},
			{Owner: b.ID, Army: rb.ID, Base: 1, Form: []byte("name=B1")},
			{Owner: a.ID, Army: rb.ID, Base: 1, Form: []byte("name=not-mine")},
			{Owner: a.ID, Army: "nosuch", Base: 1, Form: []byte("name=none")},
			{Owner: b.ID, Army: ra.ID, Base: 1, Form: []byte("name=a-list?"), List: true}, // no game's list
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct{ owner, army, want string }{{a.ID, ra.ID, "name=A1"}, {b.ID, rb.ID, "name=B1"}} {
			d, err := s.GetDraft(ctx, c.owner, c.army)
			if err != nil || string(d.Form) != c.want {
				t.Errorf("draft of %s: %q, %v; want %q", c.army, d.Form, err, c.want)
			}
		}
		if _, err := s.GetDraft(ctx, a.ID, rb.ID); err == nil {
			t.Error("a draft of another owner's army was kept")
		}
		if _, err := s.GetDraft(ctx, b.ID, ra.ID); err == nil {
			t.Error("a list's draft of an army that is no game's list was kept")
		}
	})
}

// setSchemaBefore sets the store's schema version back to just before the named migration
// ("migrations/017_scenario_versions.sql"), as an older Muster left it: the next Open
// applies it and every later one again.
func setSchemaBefore(t *testing.T, s *Store, migration string) {
	t.Helper()
	names, _ := fs.Glob(migrations, "migrations/*.sql")
	before := slices.Index(names, migration)
	if before < 0 {
		t.Fatalf("no %s among %v", migration, names)
	}
	q := fmt.Sprintf("PRAGMA user_version = %d", before)
	if s.Postgres() {
		q = fmt.Sprintf("UPDATE muster_schema SET version = %d", before)
	}
	if _, err := s.DB().ExecContext(context.Background(), q); err != nil {
		t.Fatal(err)
	}
}
