package db

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// A scenario is its owner's alone: another owner neither reads, lists, changes, deletes nor
// shares it; the file is kept byte for byte; a share link reads it until revoked; a guest's
// scenarios follow it into an account; a matchup keeps the scenario file it was played on.
func TestScenarioOwnership(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		other, err := s.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		file := []byte("{\n  \"id\": \"mine\",  \"name\": \"Mine\"\n}\n")
		sc, err := s.SaveScenario(ctx, me, "", AnyVersion, "Mine", file, "imported")
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.Scenario(ctx, me, sc.ID); err != nil || !bytes.Equal(got.Body, file) || got.Name != "Mine" {
			t.Errorf("the owner reads %q %v, want the file as saved", got.Body, err)
		}
		if _, err := s.Scenario(ctx, other.ID, sc.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner reads the scenario: %v", err)
		}
		if _, err := s.SaveScenario(ctx, other.ID, sc.ID, AnyVersion, "Theirs now", []byte("x"), "saved"); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner changes the scenario: %v", err)
		}
		if err := s.DeleteScenario(ctx, other.ID, sc.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner deletes the scenario: %v", err)
		}
		if _, err := s.ShareScenario(ctx, other.ID, sc.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner shares the scenario: %v", err)
		}
		if err := s.UnshareScenario(ctx, other.ID, sc.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner revokes the link: %v", err)
		}
		if _, err := s.SaveScenario(ctx, other.ID, "", AnyVersion, "Theirs", []byte("theirs"), "imported"); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.Scenarios(ctx, other.ID); len(list) != 1 || string(list[0].Body) != "theirs" {
			t.Errorf("another owner's list: %+v", list)
		}
		if list, _ := s.Scenarios(ctx, me); len(list) != 1 || list[0].ID != sc.ID {
			t.Errorf("the owner's list: %+v", list)
		}
		if got, err := s.SaveScenario(ctx, me, sc.ID, AnyVersion, "Mine again", []byte("v2"), "saved"); err != nil || got.Name != "Mine again" || string(got.Body) != "v2" {
			t.Errorf("the owner changes the scenario: %+v %v", got, err)
		}
		tok, err := s.ShareScenario(ctx, me, sc.ID)
		if err != nil || tok == "" {
			t.Fatal(tok, err)
		}
		if again, _ := s.ShareScenario(ctx, me, sc.ID); again != tok {
			t.Errorf("sharing again made a second link")
		}
		if got, err := s.ScenarioByShare(ctx, tok); err != nil || got.ID != sc.ID {
			t.Errorf("by share: %+v %v", got, err)
		}
		if err := s.UnshareScenario(ctx, me, sc.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ScenarioByShare(ctx, tok); !errors.Is(err, ErrNotFound) {
			t.Errorf("a revoked link still reads: %v", err)
		}
		if err := s.DeleteScenario(ctx, me, sc.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Scenario(ctx, me, sc.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("a deleted scenario still reads: %v", err)
		}
		m, err := s.SaveSim(ctx, Sim{Owner: me, Scenario: "mine", Battles: 1, Seed: "1", ScenarioFile: file})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.GetSim(ctx, me, m.ID); err != nil || !bytes.Equal(got.ScenarioFile, file) {
			t.Errorf("the matchup's scenario file: %q %v", got.ScenarioFile, err)
		}
		acct, err := s.CreateAccount(ctx, "designer", "hash", false)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.MergeGuest(ctx, other.ID, acct.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.Scenarios(ctx, acct.ID); len(list) != 1 {
			t.Errorf("the guest's scenario did not follow it into the account: %+v", list)
		}
	})
}
