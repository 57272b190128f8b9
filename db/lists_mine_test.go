package db

import (
	"context"
	"errors"
	"testing"
)

// A signed-in player opening their list on another device gets a key of its own: the
// first device's key still opens the list after the second is issued, and both open the
// same list. A list of another owner, of another game, or with a wrong id gets no key.
func TestAnotherDevicesKeyOpensTheListAndTheFirstKeyStillDoes(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		luke, err := s.CreateAccount(ctx, "luke", "h", false)
		if err != nil {
			t.Fatal(err)
		}
		leia, err := s.CreateAccount(ctx, "leia", "h", false)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := newGame(t, s)
		b, _ := newGame(t, s)
		red, first, err := s.CreateList(ctx, luke.ID, a.ID, "rebel", "Luke", []byte("v1"), meta("Red", 1500), "started")
		if err != nil {
			t.Fatal(err)
		}
		gold, _, _ := s.CreateList(ctx, luke.ID, a.ID, "rebel", "Luke", []byte("v1"), meta("Gold", 1500), "started")
		hers, _, _ := s.CreateList(ctx, leia.ID, a.ID, "rebel", "Leia", []byte("v1"), meta("Alderaan", 1500), "started")
		elsewhere, _, _ := s.CreateList(ctx, luke.ID, b.ID, "rebel", "Luke", []byte("v1"), meta("Rogue", 1500), "started")

		mine, err := s.OwnedLists(ctx, a.ID, luke.ID)
		if err != nil || len(mine) != 2 || mine[0].ID != red.ID || mine[1].ID != gold.ID {
			t.Fatalf("Luke's lists of game A = %+v %v, want Red and Gold (not Leia's, not game B's)", mine, err)
		}
		if mine[0].Owner != luke.ID {
			t.Errorf("Red's owner = %q, want Luke's account", mine[0].Owner)
		}
		if none, err := s.OwnedLists(ctx, a.ID, ""); err != nil || len(none) != 0 {
			t.Errorf("no one's lists = %+v %v, want none", none, err)
		}

		second, err := s.AddListKey(ctx, a.ID, red.ID, luke.ID)
		if err != nil || len(second) < 22 || second == first {
			t.Fatalf("second key = %q %v, want a fresh 128-bit key", second, err)
		}
		for what, key := range map[string]string{"first": first, "second": second} {
			if got, err := s.ListByKey(ctx, a.ID, key); err != nil || got.ID != red.ID {
				t.Errorf("the %s key opens %+v %v, want Red", what, got, err)
			}
			if _, err := s.ListByKey(ctx, b.ID, key); !errors.Is(err, ErrNotFound) {
				t.Errorf("the %s key opened Red through another game: %v", what, err)
			}
		}
		// A change made through the second key is the list the first key opens.
		if _, err := s.SaveList(ctx, red.ID, AnyVersion, []byte("v2"), meta("Red", 1400), "saved on the phone"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.ListByKey(ctx, a.ID, first); got.Army.Version != 2 || got.Army.Total != 1400 {
			t.Errorf("the first key opens version %d at %d, want the phone's version 2 at 1400", got.Army.Version, got.Army.Total)
		}

		refused := map[string]struct{ game, list, owner string }{
			"another owner's list":        {a.ID, hers.ID, luke.ID},
			"a list asked by its player":  {a.ID, red.ID, leia.ID},
			"another game's list":         {a.ID, elsewhere.ID, luke.ID},
			"a list through another game": {b.ID, red.ID, luke.ID},
			"no one":                      {a.ID, red.ID, ""},
			"no such list":                {a.ID, "noSuchList00", luke.ID},
		}
		for what, r := range refused {
			if key, err := s.AddListKey(ctx, r.game, r.list, r.owner); !errors.Is(err, ErrNotFound) || key != "" {
				t.Errorf("%s: key %q %v, want not found and no key", what, key, err)
			}
		}
		var n int
		if err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM list_keys`).Scan(&n); err != nil || n != 1 {
			t.Errorf("list_keys holds %d rows %v, want the one key issued", n, err)
		}
	})
}

// A guest's lists follow the guest into the account it signs in to, and so are found on
// the account's other devices from then on.
func TestAGuestsListsAreTheAccountsOnceItSignsIn(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		guest, _ := s.CreateGuest(ctx)
		acct, _ := s.CreateAccount(ctx, "wedge", "h", false)
		g, _ := newGame(t, s)
		l, _, err := s.CreateList(ctx, guest.ID, g.ID, "rebel", "Wedge", []byte("v1"), meta("Rogues", 1500), "started")
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := s.OwnedLists(ctx, g.ID, acct.ID); len(got) != 0 {
			t.Fatalf("the account owns %+v before signing in", got)
		}
		if err := s.MergeGuest(ctx, guest.ID, acct.ID); err != nil {
			t.Fatal(err)
		}
		if got, err := s.OwnedLists(ctx, g.ID, acct.ID); err != nil || len(got) != 1 || got[0].ID != l.ID {
			t.Errorf("after signing in the account owns %+v %v, want Rogues", got, err)
		}
		if _, err := s.AddListKey(ctx, g.ID, l.ID, acct.ID); err != nil {
			t.Errorf("the account's key to its merged list: %v", err)
		}
	})
}
