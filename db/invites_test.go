package db

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
)

// An invitation makes one account (--signup invite): of many sign-ups on one invitation at
// the same moment, from new browsers and from guests, exactly one gets an account; the
// others are told the invitation is used and leave no account behind (the guests stay
// guests). The invitation is spent in the transaction that makes the account.
func TestOneInvitationMakesOneAccountWhenSignUpsRace(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		admin, err := s.CreateAccount(ctx, "captain", "h", true)
		if err != nil {
			t.Fatal(err)
		}
		invite, err := s.AddInvite(ctx, admin.ID)
		if err != nil {
			t.Fatal(err)
		}
		const n = 8
		guests := make([]string, n)
		for i := range guests {
			if i%2 == 1 {
				g, err := s.CreateGuest(ctx)
				if err != nil {
					t.Fatal(err)
				}
				guests[i] = g.ID
			}
		}
		var wg sync.WaitGroup
		start := make(chan struct{})
		errs := make([]error, n)
		made := make([]Owner, n)
		for i := range n {
			wg.Go(func() {
				<-start
				name := fmt.Sprintf("rogue%d", i)
				if guests[i] != "" {
					made[i], errs[i] = s.SignUp(ctx, guests[i], name, "h", invite)
				} else {
					made[i], errs[i] = s.CreateInvitedAccount(ctx, name, "h", invite)
				}
			})
		}
		close(start)
		wg.Wait()
		var winner Owner
		for i, err := range errs {
			switch {
			case err == nil && winner.ID != "":
				t.Errorf("sign-up %d made a second account on one invitation: %s and %s", i, winner.Name, made[i].Name)
			case err == nil:
				winner = made[i]
			case !errors.Is(err, ErrInviteUsed):
				t.Errorf("sign-up %d: %v, want ErrInviteUsed", i, err)
			}
		}
		if winner.ID == "" {
			t.Fatal("no sign-up got the account")
		}
		accounts, err := s.Accounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(accounts) != 2 {
			t.Errorf("accounts %v, want captain and one rogue", accounts)
		}
		for _, g := range guests {
			if g == "" || g == winner.ID {
				continue
			}
			if o, err := s.OwnerByID(ctx, g); err != nil || !o.Guest() {
				t.Errorf("a guest refused the invitation is %+v, %v: want still a guest", o, err)
			}
		}
		if s.InviteOpen(ctx, invite) {
			t.Error("the invitation is still open")
		}
		var usedBy string
		if err := s.r.QueryRowContext(ctx, `SELECT used_by FROM invites`).Scan(&usedBy); err != nil || usedBy != winner.ID {
			t.Errorf("the invitation is used by %q (%v), want the account %q", usedBy, err, winner.ID)
		}
		// An invitation nobody made opens nothing.
		if _, err := s.CreateInvitedAccount(ctx, "late", "h", "made-up"); !errors.Is(err, ErrInviteUsed) {
			t.Errorf("a made-up invitation: %v, want ErrInviteUsed", err)
		}
		if _, err := s.CreateInvitedAccount(ctx, "late", "h", ""); !errors.Is(err, ErrInviteUsed) {
			t.Errorf("no invitation: %v, want ErrInviteUsed", err)
		}
	})
}
