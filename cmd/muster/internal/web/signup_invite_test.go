package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"muster/db"
	"muster/rules"
)

// With --signup invite, an invitation link makes one account: people using the same link
// at the same moment (new browsers, and guests who saved an army first) get exactly one
// account between them; the others are told the invitation was used, and no account is
// left behind for them.
func TestOneInvitationMakesOneAccountWhenTwoSignUpAtOnce(t *testing.T) {
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "club.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	srv := httptest.NewServer(newServer(store, rules.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)),
		Config{Signup: SignupInvite}))
	t.Cleanup(srv.Close)
	ctx := context.Background()
	admin, err := store.CreateAccount(ctx, "captain", "h", true)
	if err != nil {
		t.Fatal(err)
	}
	invite, err := store.AddInvite(ctx, admin.ID)
	if err != nil {
		t.Fatal(err)
	}

	const n = 8
	browsers := make([]*testServer, n)
	forms := make([]url.Values, n)
	for i := range browsers {
		b := &testServer{t: t, srv: srv, store: store}
		b.c = b.client()
		if i%2 == 1 { // a guest, with an army saved before signing up
			wantStatus(t, "guest's army", b.postForm("/armies", url.Values{"name": {"Rogues"}, "side": {"rebel"}}), http.StatusSeeOther)
		}
		name := fmt.Sprintf("rogue%d", i)
		forms[i] = url.Values{"_csrf": {b.token()}, "name": {name}, "password": {"password-" + name},
			"password2": {"password-" + name}, "invite": {invite}}
		browsers[i] = b
	}
	got := make([]response, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, b := range browsers {
		wg.Go(func() {
			<-start
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/signup", strings.NewReader(forms[i].Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			resp, err := b.c.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			got[i] = response{status: resp.StatusCode, header: resp.Header, body: string(body)}
		})
	}
	close(start)
	wg.Wait()

	signedUp := 0
	for i, r := range got {
		switch r.status {
		case http.StatusSeeOther:
			signedUp++
		case http.StatusForbidden:
			if !strings.Contains(r.body, "invitation code") || !strings.Contains(r.body, "ask the admin for a new link") {
				t.Errorf("sign-up %d refused without saying why:\n%.1500s", i, r.body)
			}
		default:
			t.Errorf("sign-up %d: %d, want 303 or 403", i, r.status)
		}
	}
	accounts, err := store.Accounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if signedUp != 1 || len(accounts) != 2 {
		t.Errorf("%d sign-ups went through and there are %d accounts besides the admin, want 1 and 1", signedUp, len(accounts)-1)
	}
}
