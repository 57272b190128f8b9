package db

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// staleFrom checks that err refuses a change drawn from version base while head is the head.
func staleFrom(t *testing.T, what string, err error, base, head int) {
	t.Helper()
	var se *StaleError
	if !errors.As(err, &se) || se.Base != base || se.Head != head {
		t.Errorf("%s on version %d with version %d the head: %v, want a StaleError{%d, %d}", what, base, head, err, base, head)
	}
}

// Two tabs open version 1 and both save: the first save is version 2, the second is refused
// and changes nothing, so the first is not silently undone; undo, redo and restore from the
// old tab are refused the same way. Saving on the head then works.
func TestASecondSaveOnTheSameVersionIsRefused(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		owner := own(t, s)
		a, err := s.Create(ctx, owner, []byte("v1"), meta("Blue Rangers", 710), "created")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Save(ctx, owner, a.ID, 1, []byte("first tab"), meta("Blue Rangers", 720), "saved"); err != nil {
			t.Fatal(err)
		}
		_, err = s.Save(ctx, owner, a.ID, 1, []byte("second tab"), meta("Blue Rangers", 999), "saved")
		staleFrom(t, "save", err, 1, 2)
		_, err = s.Undo(ctx, owner, a.ID, 1)
		staleFrom(t, "undo", err, 1, 2)
		_, err = s.Redo(ctx, owner, a.ID, 1)
		staleFrom(t, "redo", err, 1, 2)
		_, err = s.Restore(ctx, owner, a.ID, 1, 1)
		staleFrom(t, "restore", err, 1, 2)
		got, file, err := s.Get(ctx, owner, a.ID)
		if err != nil || got.Version != 2 || got.Versions != 2 || got.Total != 720 || string(file) != "first tab" {
			t.Fatalf("after the refused changes: %+v %q %v, want version 2 of 2, the first tab's", got, file, err)
		}
		a, err = s.Save(ctx, owner, a.ID, 2, []byte("second tab, again"), meta("Blue Rangers", 730), "saved")
		if err != nil || a.Version != 3 {
			t.Fatalf("save on the head: %+v %v", a, err)
		}
		if a, err = s.Undo(ctx, owner, a.ID, 3); err != nil || a.Version != 2 {
			t.Fatalf("undo on the head: %+v %v", a, err)
		}
		if a, err = s.Redo(ctx, owner, a.ID, 2); err != nil || a.Version != 3 {
			t.Fatalf("redo on the head: %+v %v", a, err)
		}
		if a, err = s.Restore(ctx, owner, a.ID, 3, 1); err != nil || a.Version != 4 {
			t.Fatalf("restore on the head: %+v %v", a, err)
		}
	})
}

// Many saves sent at once on the same version: exactly one lands, every other is refused,
// whatever order the database runs them in.
func TestSavesRacingOnTheSameVersionLandOnce(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		owner := own(t, s)
		a, err := s.Create(ctx, owner, []byte("v1"), meta("A", 1), "created")
		if err != nil {
			t.Fatal(err)
		}
		const tabs = 8
		var wg sync.WaitGroup
		errs := make([]error, tabs)
		for i := range tabs {
			wg.Go(func() {
				_, errs[i] = s.Save(ctx, owner, a.ID, 1, fmt.Appendf(nil, "tab %d", i), meta("A", i), "saved")
			})
		}
		wg.Wait()
		landed := 0
		for i, err := range errs {
			var se *StaleError
			switch {
			case err == nil:
				landed++
			case !errors.As(err, &se):
				t.Errorf("tab %d: %v, want a StaleError", i, err)
			}
		}
		got, _, err := s.Get(ctx, owner, a.ID)
		if landed != 1 || err != nil || got.Versions != 2 {
			t.Fatalf("%d saves landed, army %+v %v: want exactly 1, 2 versions", landed, got, err)
		}
	})
}

// The gamemaster's game form and restore from a page drawn at an older version are refused.
func TestAGameSavedOnAnOlderVersionIsRefused(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g, _ := newGame(t, s)
		d := g.GameDetails
		d.Name = "first tab"
		if _, err := s.UpdateGame(ctx, g.ID, 1, d, "saved"); err != nil {
			t.Fatal(err)
		}
		d.Name = "second tab"
		_, err := s.UpdateGame(ctx, g.ID, 1, d, "saved")
		staleFrom(t, "game save", err, 1, 2)
		_, err = s.RestoreGame(ctx, g.ID, 1, 1)
		staleFrom(t, "game restore", err, 1, 2)
		h, err := s.GameHistory(ctx, g.ID)
		if err != nil || len(h) != 2 || h[0].Name != "first tab" {
			t.Fatalf("history after the refused changes = %+v %v", h, err)
		}
		if g2, err := s.RestoreGame(ctx, g.ID, 2, 1); err != nil || g2.Version != 3 {
			t.Fatalf("restore on the head = %+v %v", g2, err)
		}
	})
}

// A game list's save, undo and redo from a page drawn at an older version are refused.
func TestAListSavedOnAnOlderVersionIsRefused(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g, _ := newGame(t, s)
		l, _, err := s.CreateList(ctx, own(t, s), g.ID, "rebel", "Han", []byte("v1"), meta("Rogues", 1400), "created")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveList(ctx, l.ID, 1, []byte("first tab"), meta("Rogues", 1410), "saved"); err != nil {
			t.Fatal(err)
		}
		_, err = s.SaveList(ctx, l.ID, 1, []byte("second tab"), meta("Rogues", 1420), "saved")
		staleFrom(t, "list save", err, 1, 2)
		_, err = s.UndoList(ctx, l.ID, 1)
		staleFrom(t, "list undo", err, 1, 2)
		_, err = s.RedoList(ctx, l.ID, 1)
		staleFrom(t, "list redo", err, 1, 2)
		got, err := s.GameList(ctx, g.ID, l.ID)
		if err != nil || got.Army.Version != 2 || got.Army.Versions != 2 || got.Army.Total != 1410 {
			t.Fatalf("list after the refused changes = %+v %v", got.Army, err)
		}
		if got, err = s.UndoList(ctx, l.ID, 2); err != nil || got.Army.Version != 1 {
			t.Fatalf("undo on the head = %+v %v", got.Army, err)
		}
	})
}
