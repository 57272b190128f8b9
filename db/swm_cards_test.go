package db

import (
	"context"
	"errors"
	"testing"
)

// A card library is its owner's alone: another owner neither reads, lists, changes,
// deletes nor shares a card; one name per owner; an import replaces by name in one
// transaction; a share link reads the card until revoked; a guest's cards follow it into
// an account.
func TestSWMCardLibraryOwnership(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		me := own(t, s)
		other, err := s.CreateGuest(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c, err := s.SaveSWMCard(ctx, me, "", "Rebel Leader", "rebelleader", []byte("a"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveSWMCard(ctx, me, "", "Rebel leader", "rebelleader", []byte("b")); !errors.Is(err, ErrCardNameTaken) {
			t.Errorf("a second card of one name: %v", err)
		}
		if _, err := s.SaveSWMCard(ctx, other.ID, "", "Rebel Leader", "rebelleader", []byte("theirs")); err != nil {
			t.Errorf("another owner's card of the same name: %v", err)
		}
		if _, err := s.SWMCard(ctx, other.ID, c.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner reads the card: %v", err)
		}
		if _, err := s.SaveSWMCard(ctx, other.ID, c.ID, "Mine now", "minenow", []byte("x")); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner changes the card: %v", err)
		}
		if err := s.DeleteSWMCard(ctx, other.ID, c.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner deletes the card: %v", err)
		}
		if _, err := s.ShareSWMCard(ctx, other.ID, c.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner shares the card: %v", err)
		}
		list, _ := s.SWMCards(ctx, other.ID)
		if len(list) != 1 || string(list[0].Body) != "theirs" {
			t.Errorf("another owner's library: %+v", list)
		}
		if got, err := s.SWMCardByName(ctx, me, "rebelleader"); err != nil || string(got.Body) != "a" {
			t.Errorf("by name: %+v %v", got, err)
		}
		if _, err := s.SaveSWMCard(ctx, me, c.ID, "Rebel Leader", "rebelleader", []byte("a2")); err != nil {
			t.Errorf("the owner changes the card: %v", err)
		}
		added, replaced, err := s.ImportSWMCards(ctx, me, []NewSWMCard{{"Rebel Leader", "rebelleader", []byte("a3")}, {"Hoth Trooper", "hothtrooper", []byte("h")}})
		if err != nil || added != 1 || replaced != 1 {
			t.Errorf("import: %d added, %d replaced, %v", added, replaced, err)
		}
		list, _ = s.SWMCards(ctx, me)
		if len(list) != 2 || list[0].Name != "Hoth Trooper" || string(list[1].Body) != "a3" || list[1].ID != c.ID {
			t.Errorf("after the import: %+v", list)
		}
		tok, err := s.ShareSWMCard(ctx, me, c.ID)
		if err != nil || tok == "" {
			t.Fatal(tok, err)
		}
		if again, _ := s.ShareSWMCard(ctx, me, c.ID); again != tok {
			t.Errorf("sharing again made a second link")
		}
		if got, err := s.SWMCardByShare(ctx, tok); err != nil || got.ID != c.ID {
			t.Errorf("by share: %+v %v", got, err)
		}
		if err := s.UnshareSWMCard(ctx, other.ID, c.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another owner revokes the link: %v", err)
		}
		if err := s.UnshareSWMCard(ctx, me, c.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SWMCardByShare(ctx, tok); !errors.Is(err, ErrNotFound) {
			t.Errorf("a revoked link still reads: %v", err)
		}
		if err := s.DeleteSWMCard(ctx, me, c.ID); err != nil {
			t.Fatal(err)
		}
		acct, err := s.CreateAccount(ctx, "cardholder", "hash", false)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.MergeGuest(ctx, other.ID, acct.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := s.SWMCards(ctx, acct.ID); len(list) != 1 {
			t.Errorf("the guest's card did not follow it into the account: %+v", list)
		}
	})
}
