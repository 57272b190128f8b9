package db

import (
	"context"
	"errors"
	"testing"
)

// Not yours reads as not found: every army method takes the owner, and another owner's
// army (or no owner at all) finds nothing, changes nothing.
func TestAnotherOwnersArmyIsNotFound(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, err := s.Create(ctx, own(t, s), []byte("v1"), meta("Mine", 100), "created")
		if err != nil {
			t.Fatal(err)
		}
		other, _ := s.CreateGuest(ctx)
		for _, who := range []string{other.ID, ""} {
			if _, _, err := s.Get(ctx, who, a.ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: get: %v", who, err)
			}
			if _, err := s.Save(ctx, who, a.ID, AnyVersion, []byte("v2"), meta("Theirs", 1), "saved"); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: save: %v", who, err)
			}
			if _, err := s.History(ctx, who, a.ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: history: %v", who, err)
			}
			if _, err := s.Version(ctx, who, a.ID, 1); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: version: %v", who, err)
			}
			if _, err := s.Restore(ctx, who, a.ID, AnyVersion, 1); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: restore: %v", who, err)
			}
			if _, err := s.Undo(ctx, who, a.ID, AnyVersion); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: undo: %v", who, err)
			}
			if err := s.Delete(ctx, who, a.ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: delete: %v", who, err)
			}
			if _, err := s.Share(ctx, who, a.ID); !errors.Is(err, ErrNotFound) {
				t.Errorf("%q: share: %v", who, err)
			}
			if l, err := s.List(ctx, who); err != nil || len(l) != 0 {
				t.Errorf("%q: list = %+v %v", who, l, err)
			}
		}
		got, _, err := s.Get(ctx, own(t, s), a.ID)
		if err != nil || got.Version != 1 || got.Name != "Mine" || got.Deleted {
			t.Errorf("the owner's army changed: %+v %v", got, err)
		}
	})
}

// Signing up keeps the guest's id, so its armies stay its own; signing in elsewhere merges
// that browser's guest armies into the account; names are unique whatever their case.
func TestSignUpKeepsAndSignInMergesGuestArmies(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		guest := own(t, s)
		a, _ := s.Create(ctx, guest, []byte("a"), meta("Rogues", 100), "created")
		acct, err := s.SignUp(ctx, guest, "Leia", "hash", "")
		if err != nil || acct.ID != guest || acct.Guest() || acct.Display != "Leia" {
			t.Fatalf("sign up = %+v %v", acct, err)
		}
		if _, err := s.CreateAccount(ctx, " LEIA ", "h", false); !errors.Is(err, ErrNameTaken) {
			t.Errorf("a second Leia: %v", err)
		}
		other, _ := s.CreateGuest(ctx)
		b, _ := s.Create(ctx, other.ID, []byte("b"), meta("Raiders", 200), "created")
		if err := s.MergeGuest(ctx, other.ID, acct.ID); err != nil {
			t.Fatal(err)
		}
		list, _ := s.List(ctx, acct.ID)
		if len(list) != 2 {
			t.Fatalf("after the merge the account has %d armies, want 2 (%s, %s)", len(list), a.ID, b.ID)
		}
		if l, _ := s.List(ctx, other.ID); len(l) != 0 {
			t.Errorf("the merged guest still has %d armies", len(l))
		}
		byName, err := s.OwnerByName(ctx, "leia")
		if err != nil || byName.ID != acct.ID || byName.Password != "hash" {
			t.Errorf("by name = %+v %v", byName, err)
		}
	})
}

// A personal API token is shown once, stored hashed, finds its owner, and stops working when
// revoked.
func TestAPITokensAreHashedAndRevocable(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		o, _ := s.CreateAccount(ctx, "han", "h", false)
		tok, info, err := s.AddToken(ctx, o.ID, "laptop")
		if err != nil || len(tok) < 30 {
			t.Fatalf("token %q %v", tok, err)
		}
		var stored int
		_ = s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM api_tokens WHERE hash = ?`, []byte(tok)).Scan(&stored)
		if stored != 0 {
			t.Errorf("the token is stored in clear")
		}
		if got, err := s.OwnerByToken(ctx, tok); err != nil || got.ID != o.ID {
			t.Errorf("by token = %+v %v", got, err)
		}
		if err := s.RevokeToken(ctx, o.ID, info.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.OwnerByToken(ctx, tok); !errors.Is(err, ErrNotFound) {
			t.Errorf("a revoked token still works: %v", err)
		}
	})
}

// The database does not lose an acknowledged save on power loss: synchronous is FULL on
// SQLite, synchronous_commit on on PostgreSQL.
func TestSavesAreDurable(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		s, _ := openTemp(t)
		if s.Postgres() {
			var mode string
			if err := s.w.QueryRow("SHOW synchronous_commit").Scan(&mode); err != nil || mode != "on" {
				t.Errorf("synchronous_commit = %q %v, want on", mode, err)
			}
			return
		}
		var mode int
		if err := s.w.QueryRow("PRAGMA synchronous").Scan(&mode); err != nil || mode != 2 {
			t.Errorf("synchronous = %d %v, want 2 (FULL)", mode, err)
		}
	})
}

// The editor's draft is kept per army and owner, replaced as the player types, and gone
// once discarded; another owner can neither store nor read one.
func TestDraftsAreKeptPerArmyAndOwner(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	a, _ := s.Create(ctx, own(t, s), []byte("v1"), meta("Mine", 100), "created")
	if _, err := s.GetDraft(ctx, own(t, s), a.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a draft before any: %v", err)
	}
	for _, form := range []string{"name=A", "name=AB"} {
		if err := s.SaveDraft(ctx, own(t, s), a.ID, 1, []byte(form)); err != nil {
			t.Fatal(err)
		}
	}
	d, err := s.GetDraft(ctx, own(t, s), a.ID)
	if err != nil || string(d.Form) != "name=AB" || d.Base != 1 {
		t.Fatalf("draft = %+v %v", d, err)
	}
	other, _ := s.CreateGuest(ctx)
	if err := s.SaveDraft(ctx, other.ID, a.ID, 1, []byte("name=theirs")); !errors.Is(err, ErrNotFound) {
		t.Errorf("another owner stored a draft: %v", err)
	}
	if _, err := s.GetDraft(ctx, other.ID, a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("another owner read the draft: %v", err)
	}
	if err := s.DeleteDraft(ctx, own(t, s), a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetDraft(ctx, own(t, s), a.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("a discarded draft: %v", err)
	}
}
