package db

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// A solo game is its owner's alone, reads back at its head step, refuses a step taken on a
// page drawn before the last step (so a form sent twice rolls nothing twice), and undoes
// step by step down to its first.
func TestSoloGameStepsUndoAndOwnership(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		other, err := s.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		g, err := s.CreateSolo(ctx, me, "Rescue", []byte(`{"step":0}`), []byte(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetSolo(ctx, other.ID, g.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner reads the game: %v", err)
		}
		if _, err := s.SaveSoloStep(ctx, other.ID, g.ID, 1, "spot", []byte(`{}`), []byte(`{}`)); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner steps the game: %v", err)
		}
		for i := 2; i <= 3; i++ {
			n, err := s.SaveSoloStep(ctx, me, g.ID, i-1, fmt.Sprintf("step %d", i), fmt.Appendf(nil, `{"step":%d}`, i), []byte(`{"r":1}`))
			if err != nil || n != i {
				t.Fatalf("step %d: %d, %v", i, n, err)
			}
		}
		if _, err := s.SaveSoloStep(ctx, me, g.ID, 2, "again", []byte(`{}`), []byte(`{}`)); !errors.Is(err, ErrStale) {
			t.Errorf("a step on a stale page: %v, want ErrStale", err)
		}
		got, err := s.GetSolo(ctx, me, g.ID)
		if err != nil || got.Head != 3 || string(got.State) != `{"step":3}` || got.Action != "step 3" || got.Name != "Rescue" {
			t.Fatalf("head: %+v %v", got, err)
		}
		if err := s.UndoSolo(ctx, other.ID, g.ID, 3); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner undoes: %v", err)
		}
		if err := s.UndoSolo(ctx, me, g.ID, 3); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.GetSolo(ctx, me, g.ID); got.Head != 2 || string(got.State) != `{"step":2}` {
			t.Errorf("after undo: %+v", got)
		}
		if err := s.UndoSolo(ctx, me, g.ID, 2); err != nil {
			t.Fatal(err)
		}
		if err := s.UndoSolo(ctx, me, g.ID, 1); !errors.Is(err, ErrNothingToUndo) {
			t.Errorf("undo of the first step: %v", err)
		}
		list, err := s.ListSolo(ctx, me)
		if err != nil || len(list) != 1 || list[0].ID != g.ID {
			t.Errorf("list: %+v %v", list, err)
		}
		if list, _ := s.ListSolo(ctx, other.ID); len(list) != 0 {
			t.Errorf("another owner's list: %+v", list)
		}
		if err := s.DeleteSolo(ctx, me, g.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.GetSolo(ctx, me, g.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("deleted game: %v", err)
		}
	})
}

// Only the last SoloKeep steps are kept: undo stops at the oldest kept.
func TestSoloGameKeepsTheLastSteps(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	me := own(t, s)
	g, err := s.CreateSolo(ctx, me, "Long", []byte(`{}`), []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	last := SoloKeep + 5
	for i := 2; i <= last; i++ {
		if _, err := s.SaveSoloStep(ctx, me, g.ID, i-1, "step", []byte(`{}`), []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	var kept int
	if err := s.r.QueryRow(`SELECT COUNT(*) FROM solo_steps WHERE game_id = ?`, g.ID).Scan(&kept); err != nil {
		t.Fatal(err)
	}
	if kept != SoloKeep {
		t.Errorf("kept %d steps, want %d", kept, SoloKeep)
	}
	head := last
	for ; ; head-- {
		if err := s.UndoSolo(ctx, me, g.ID, head); err != nil {
			if !errors.Is(err, ErrNothingToUndo) {
				t.Fatal(err)
			}
			break
		}
	}
	if head != last-SoloKeep+1 {
		t.Errorf("undo stopped at step %d, want %d", head, last-SoloKeep+1)
	}
}

// A guest's solo games follow the guest into the account they sign in to.
func TestSoloGamesFollowAGuestIntoTheirAccount(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	guest, err := s.CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	acct, err := s.CreateAccount(ctx, "kara", "hash", false)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.CreateSolo(ctx, guest.ID, "Rescue", []byte(`{}`), []byte(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.MergeGuest(ctx, guest.ID, acct.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetSolo(ctx, acct.ID, g.ID); err != nil {
		t.Errorf("the account does not have the guest's game: %v", err)
	}
	if _, err := s.GetSolo(ctx, guest.ID, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("the merged guest still has the game: %v", err)
	}
}
