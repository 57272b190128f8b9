package db

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "muster.db")
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
	ctx := context.Background()
	s, _ := openTemp(t)
	a, err := s.Create(ctx, []byte("v1"), meta("Blue Rangers", 710), "created")
	if err != nil {
		t.Fatal(err)
	}
	if a.Version != 1 || a.Versions != 1 || a.Total != 710 || len(a.ID) < 16 {
		t.Fatalf("created %+v", a)
	}
	a, err = s.Save(ctx, a.ID, []byte("v2"), meta("Blue Rangers", 720), "saved")
	if err != nil {
		t.Fatal(err)
	}
	got, file, err := s.Get(ctx, a.ID)
	if err != nil || string(file) != "v2" || got.Version != 2 || got.Total != 720 {
		t.Fatalf("get = %+v %q %v", got, file, err)
	}
	h, err := s.History(ctx, a.ID)
	if err != nil || len(h) != 2 || h[0].Number != 2 || h[0].Parent != 1 || h[1].Note != "created" {
		t.Fatalf("history = %+v %v", h, err)
	}
	v1, err := s.Version(ctx, a.ID, 1)
	if err != nil || string(v1.File) != "v1" || v1.Total != 710 {
		t.Fatalf("version 1 = %+v %v", v1, err)
	}
}

// Undo goes back to the version a save was made on; redo returns; a save after an undo
// branches, and both branches stay in the history: nothing saved is lost.
func TestUndoRedoAndRestoreLoseNothing(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	a, _ := s.Create(ctx, []byte("v1"), meta("A", 1), "created")
	s.Save(ctx, a.ID, []byte("v2"), meta("A", 2), "saved")
	if _, err := s.Redo(ctx, a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("redo at the newest version: err = %v, want ErrNotFound", err)
	}
	a, err := s.Undo(ctx, a.ID)
	if err != nil || a.Version != 1 || a.Total != 1 {
		t.Fatalf("undo = %+v %v", a, err)
	}
	if _, err := s.Undo(ctx, a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("undo past the first version: err = %v, want ErrNotFound", err)
	}
	a, err = s.Redo(ctx, a.ID)
	if err != nil || a.Version != 2 {
		t.Fatalf("redo = %+v %v", a, err)
	}
	s.Undo(ctx, a.ID)
	a, _ = s.Save(ctx, a.ID, []byte("v3"), meta("A", 3), "saved")
	if a.Version != 3 || a.Versions != 3 {
		t.Fatalf("branch save = %+v", a)
	}
	a, _ = s.Undo(ctx, a.ID)
	if a.Version != 1 {
		t.Fatalf("undo of the branch = %+v, want version 1", a)
	}
	a, _ = s.Redo(ctx, a.ID)
	if a.Version != 3 {
		t.Fatalf("redo goes to the newest child: %+v, want version 3", a)
	}
	a, err = s.Restore(ctx, a.ID, 2)
	if err != nil || a.Version != 4 || a.Total != 2 {
		t.Fatalf("restore = %+v %v", a, err)
	}
	if _, file, _ := s.Get(ctx, a.ID); string(file) != "v2" {
		t.Errorf("restored file = %q", file)
	}
	if _, err := s.Restore(ctx, a.ID, 99); !errors.Is(err, ErrNotFound) {
		t.Errorf("restore of a missing version: %v", err)
	}
}

// Deleting hides an army from the list; it can be brought back.
func TestDeleteHidesAndUndeleteRestores(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	a, _ := s.Create(ctx, []byte("x"), meta("A", 1), "created")
	b, _ := s.Create(ctx, []byte("y"), meta("B", 2), "created")
	if err := s.Delete(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	l, _ := s.List(ctx)
	if len(l) != 1 || l[0].ID != b.ID {
		t.Fatalf("list after delete = %+v", l)
	}
	if got, _, err := s.Get(ctx, a.ID); err != nil || !got.Deleted {
		t.Errorf("a deleted army is still readable: %+v %v", got, err)
	}
	s.Undelete(ctx, a.ID)
	if l, _ := s.List(ctx); len(l) != 2 {
		t.Errorf("list after undelete = %d armies", len(l))
	}
	if err := s.Delete(ctx, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("delete of a missing army: %v", err)
	}
}

// A share token is 128 random bits, made once, and finds the army.
func TestShareTokenFindsTheArmy(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	a, _ := s.Create(ctx, []byte("x"), meta("A", 1), "created")
	tok, err := s.Share(ctx, a.ID)
	if err != nil || len(tok) < 22 {
		t.Fatalf("token %q %v", tok, err)
	}
	again, _ := s.Share(ctx, a.ID)
	if again != tok {
		t.Errorf("a second share made a new token")
	}
	got, file, err := s.ByShareToken(ctx, tok)
	if err != nil || got.ID != a.ID || string(file) != "x" {
		t.Errorf("by token = %+v %q %v", got, file, err)
	}
	for _, bad := range []string{"", tok[:len(tok)-1], "x" + tok} {
		if _, _, err := s.ByShareToken(ctx, bad); !errors.Is(err, ErrNotFound) {
			t.Errorf("token %q: %v", bad, err)
		}
	}
}

// Concurrent writers: every save lands as its own version, none lost or doubled.
func TestConcurrentWritersLoseNoSave(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	a, _ := s.Create(ctx, []byte("0"), meta("A", 0), "created")
	const writers, saves = 8, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers*saves)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range saves {
				if _, err := s.Save(ctx, a.ID, fmt.Appendf(nil, "%d-%d", w, i), meta("A", i), "saved"); err != nil {
					errs <- err
				}
				if _, err := s.List(ctx); err != nil {
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
	h, _ := s.History(ctx, a.ID)
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
}

// Reopening the file keeps what was saved and does not re-run migrations.
func TestReopenKeepsArmies(t *testing.T) {
	ctx := context.Background()
	s, path := openTemp(t)
	a, _ := s.Create(ctx, []byte("kept"), meta("A", 1), "created")
	s.Close()
	s2, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	if _, file, err := s2.Get(ctx, a.ID); err != nil || string(file) != "kept" {
		t.Fatalf("after reopen: %q %v", file, err)
	}
}
