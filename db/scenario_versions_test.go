package db

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// A scenario keeps every version as an army does: each save is the next number, a save made
// on an older version than the latest (a second tab) is refused and changes nothing, the
// history lists them newest first with what made each and its size, a restore copies an old
// one as the newest (the versions between kept), a share link reads the latest; another
// owner reaches none of it; deleting the scenario deletes its versions.
func TestScenarioVersions(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		other := guest(t, s)
		sc, err := s.SaveScenario(ctx, me, "", AnyVersion, "Ambush", []byte("one"), "imported")
		if err != nil || sc.Version != 1 {
			t.Fatalf("a new scenario: %+v %v, want version 1", sc, err)
		}
		if sc, err = s.SaveScenario(ctx, me, sc.ID, 1, "Ambush at dawn", []byte("two, longer"), "saved in the designer"); err != nil || sc.Version != 2 {
			t.Fatalf("a save on version 1: %+v %v, want version 2", sc, err)
		}
		_, err = s.SaveScenario(ctx, me, sc.ID, 1, "The other tab", []byte("lost?"), "saved in the designer")
		staleFrom(t, "a second tab's save", err, 1, 2)
		_, err = s.RestoreScenario(ctx, me, sc.ID, 1, 1)
		staleFrom(t, "a second tab's restore", err, 1, 2)
		if got, _ := s.Scenario(ctx, me, sc.ID); got.Version != 2 || string(got.Body) != "two, longer" || got.Name != "Ambush at dawn" {
			t.Fatalf("after the refused changes: %+v, want version 2 as saved", got)
		}
		if sc, err = s.SaveScenario(ctx, me, sc.ID, AnyVersion, "Ambush at dusk", []byte("three"), "saved"); err != nil || sc.Version != 3 {
			t.Fatalf("a save on any version: %+v %v, want version 3", sc, err)
		}

		hist, err := s.ScenarioHistory(ctx, me, sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range hist {
			got = append(got, fmt.Sprintf("%d %s %q %d", v.Number, v.Name, v.Note, v.Size))
			if v.Saved.IsZero() || v.Body != nil {
				t.Errorf("version %d: saved %v, body %q (the history has no files)", v.Number, v.Saved, v.Body)
			}
		}
		want := []string{`3 Ambush at dusk "saved" 5`, `2 Ambush at dawn "saved in the designer" 11`, `1 Ambush "imported" 3`}
		if !slices.Equal(got, want) {
			t.Errorf("the history:\n%q\nwant\n%q", got, want)
		}
		if v, err := s.ScenarioAt(ctx, me, sc.ID, 2); err != nil || string(v.Body) != "two, longer" || v.Name != "Ambush at dawn" {
			t.Errorf("version 2: %+v %v", v, err)
		}
		if _, err := s.ScenarioAt(ctx, me, sc.ID, 9); !errors.Is(err, ErrNotFound) {
			t.Errorf("version 9 of 3: %v, want not found", err)
		}

		tok, err := s.ShareScenario(ctx, me, sc.ID)
		if err != nil {
			t.Fatal(err)
		}
		if sc, err = s.RestoreScenario(ctx, me, sc.ID, 3, 1); err != nil || sc.Version != 4 || string(sc.Body) != "one" || sc.Name != "Ambush" {
			t.Fatalf("restore version 1: %+v %v, want version 4 holding version 1", sc, err)
		}
		if hist, _ := s.ScenarioHistory(ctx, me, sc.ID); len(hist) != 4 || hist[0].Note != "restored version 1" {
			t.Errorf("after the restore: %+v, want 4 versions, the newest restored", hist)
		}
		if v, _ := s.ScenarioAt(ctx, me, sc.ID, 3); string(v.Body) != "three" {
			t.Errorf("the restore changed version 3: %q", v.Body)
		}
		if shared, err := s.ScenarioByShare(ctx, tok); err != nil || string(shared.Body) != "one" || shared.Version != 4 {
			t.Errorf("the share link reads %q (version %d, %v), want the latest", shared.Body, shared.Version, err)
		}
		if _, err := s.RestoreScenario(ctx, me, sc.ID, 4, 7); !errors.Is(err, ErrNotFound) {
			t.Errorf("restoring a version that is not: %v", err)
		}

		// Another owner: nothing, as if it were not there.
		if _, err := s.ScenarioHistory(ctx, other, sc.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner's history: %v", err)
		}
		if _, err := s.ScenarioAt(ctx, other, sc.ID, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner's version: %v", err)
		}
		if _, err := s.RestoreScenario(ctx, other, sc.ID, AnyVersion, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner's restore: %v", err)
		}
		if _, err := s.SaveScenario(ctx, other, sc.ID, AnyVersion, "Theirs", []byte("x"), "saved"); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner's save: %v", err)
		}
		if hist, _ := s.ScenarioHistory(ctx, me, sc.ID); len(hist) != 4 {
			t.Errorf("another owner's tries left %d versions, want 4", len(hist))
		}

		if err := s.DeleteScenario(ctx, me, sc.ID); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM scenario_versions WHERE scenario_id = ?`, sc.ID).Scan(&n); err != nil || n != 0 {
			t.Errorf("a deleted scenario keeps %d versions (%v)", n, err)
		}
		if _, err := s.ScenarioAt(ctx, me, sc.ID, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("a deleted scenario's version: %v", err)
		}
	})
}

// A database from before scenarios had versions (migration 017) keeps every scenario: each
// one's file, as saved, becomes its version 1; the migration applied again adds nothing.
func TestScenariosSavedBeforeVersionsBecomeVersion1(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		me := own(t, s)
		a, err := s.SaveScenario(ctx, me, "", AnyVersion, "Old field", []byte("as it was"), "imported")
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.SaveScenario(ctx, me, "", AnyVersion, "Older field", []byte("older"), "imported")
		if err != nil {
			t.Fatal(err)
		}
		// As Muster 016 left it: no versions table.
		setBack := func() { setSchemaBefore(t, s, "migrations/017_scenario_versions.sql") }
		if _, err := s.DB().ExecContext(ctx, "DROP TABLE scenario_versions"); err != nil {
			t.Fatal(err)
		}
		setBack()
		s.Close()
		for range 2 { // the second time over versions it made itself
			if s, err = Open(ctx, path); err != nil {
				t.Fatal(err)
			}
			for _, sc := range []Scenario{a, b} {
				hist, err := s.ScenarioHistory(ctx, me, sc.ID)
				if err != nil || len(hist) != 1 || hist[0].Number != 1 || hist[0].Name != sc.Name || hist[0].Size != len(sc.Body) {
					t.Errorf("%s after the migration: %+v %v, want its file as version 1", sc.Name, hist, err)
				}
				if v, err := s.ScenarioAt(ctx, me, sc.ID, 1); err != nil || string(v.Body) != string(sc.Body) {
					t.Errorf("%s's version 1: %q %v", sc.Name, v.Body, err)
				}
				if got, _ := s.Scenario(ctx, me, sc.ID); got.Version != 1 {
					t.Errorf("%s's latest version: %d, want 1", sc.Name, got.Version)
				}
			}
			setBack()
			s.Close()
		}
		if s, err = Open(ctx, path); err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if sc, err := s.SaveScenario(ctx, me, a.ID, 1, "Old field, changed", []byte("new"), "saved"); err != nil || sc.Version != 2 {
			t.Errorf("a save after the migration: %+v %v, want version 2", sc, err)
		}
	})
}
