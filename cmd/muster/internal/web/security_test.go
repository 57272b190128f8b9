package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"muster/db"
	"muster/rules"
)

// cookieOf is the Set-Cookie of name in a response, nil when none.
func cookieOf(h http.Header, name string) *http.Cookie {
	var last *http.Cookie
	for _, c := range (&http.Response{Header: h}).Cookies() {
		if c.Name == name {
			last = c
		}
	}
	return last
}

// Served over HTTPS (--secure-cookies), the CSRF cookie goes over HTTPS only, as the
// session's does, and every answer carries Strict-Transport-Security; served over plain
// HTTP (a club's laptop), neither, or the cookies would never come back.
func TestSecureCookiesMakeTheCSRFCookieSecureAndSendHSTS(t *testing.T) {
	t.Parallel()
	for _, secure := range []bool{true, false} {
		store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { store.Close() })
		srv := httptest.NewServer(newServer(store, rules.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)), Config{SecureCookie: secure}))
		t.Cleanup(srv.Close)
		resp, err := http.Get(srv.URL + "/signin")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		c := cookieOf(resp.Header, csrfCookie)
		if c == nil {
			t.Fatalf("secure=%v: no CSRF cookie on the sign-in page", secure)
		}
		if c.Secure != secure {
			t.Errorf("secure=%v: the CSRF cookie's Secure is %v", secure, c.Secure)
		}
		if got := resp.Header.Get("Strict-Transport-Security"); (got != "") != secure || secure && !strings.Contains(got, "max-age=") {
			t.Errorf("secure=%v: Strict-Transport-Security %q", secure, got)
		}
	}
}

// Signing in and signing out give the browser a new CSRF token: a token learnt before
// (from the page of the session before, on a shared computer) no longer sends a form.
func TestSignInAndSignOutRenewTheCSRFToken(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	c := ts.client()
	ts.as(c, func() {
		before := ts.token()
		v := url.Values{"name": {"tester"}, "password": {"password-tester"}, "_csrf": {before}}
		r := ts.postForm("/signin", v)
		wantStatus(t, "sign in", r, http.StatusSeeOther)
		if nc := cookieOf(r.header, csrfCookie); nc == nil || nc.Value == before {
			t.Fatalf("signing in set no new CSRF cookie (%v)", nc)
		}
		after := ts.token()
		if after == before {
			t.Fatal("the pages after signing in carry the token from before")
		}
		stale := ts.postForm("/armies", url.Values{"name": {"Stale"}, "side": {"rebel"}, "_csrf": {before}})
		if stale.status != http.StatusForbidden {
			t.Errorf("a form with the token from before signing in: %d, want 403", stale.status)
		}
		r = ts.postForm("/signout", url.Values{"_csrf": {after}})
		wantStatus(t, "sign out", r, http.StatusSeeOther)
		if nc := cookieOf(r.header, csrfCookie); nc == nil || nc.Value == after {
			t.Fatalf("signing out set no new CSRF cookie (%v)", nc)
		}
		if ts.token() == after {
			t.Error("the pages after signing out carry the signed-in token")
		}
	})
}

// The Authorization header's scheme is read without regard to case (RFC 9110): "bearer"
// and "BEARER" are "Bearer".
func TestBearerSchemeIsCaseInsensitive(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	tok, _, err := ts.store.AddToken(context.Background(), ts.ownerID(), "script")
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range []string{"Bearer " + tok, "bearer " + tok, "BEARER " + tok, "Bearer   " + tok, "  bEaReR " + tok + " "} {
		req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+"/api/armies", nil)
		req.Header.Set("Authorization", h)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("Authorization %q: %d, want 200", h, resp.StatusCode)
		}
	}
	for _, h := range []string{"Basic " + tok, "Bearer", tok, "Bearertoken " + tok} {
		req, _ := http.NewRequest(http.MethodGet, ts.srv.URL+"/api/armies", nil)
		req.Header.Set("Authorization", h)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("Authorization %q: %d, want 401", h, resp.StatusCode)
		}
	}
}

// Refusals are expected, not failures: a 404, a 403 and a deliberate 503 are logged at
// info or warn, never at error.
func TestExpectedRefusalsAreNotLoggedAsErrors(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	var logs lockedBuffer
	srv := httptest.NewServer(newServer(store, rules.Default(), slog.New(slog.NewTextHandler(&logs, nil)), Config{}))
	t.Cleanup(srv.Close)
	for _, p := range []string{"/no/such/page", "/armies/nosuch", "/armies/nosuch/sheets"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	resp, err := http.PostForm(srv.URL+"/armies", url.Values{"name": {"x"}}) // no CSRF token: 403
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a form without its token: %d", resp.StatusCode)
	}
	out := logs.String()
	if strings.Contains(out, "level=ERROR") {
		t.Errorf("an expected refusal was logged as an error:\n%s", out)
	}
	for _, want := range []string{"status=404", "status=403"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log has no %s line:\n%s", want, out)
		}
	}
}

// The account page says API tokens survive a password change, and revokes them all at once.
func TestAccountRevokesAllTokensAndSaysTheySurviveAPasswordChange(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	var toks []string
	for _, label := range []string{"laptop", "phone"} {
		tok, _, err := ts.store.AddToken(context.Background(), ts.ownerID(), label)
		if err != nil {
			t.Fatal(err)
		}
		toks = append(toks, tok)
	}
	r := ts.postForm("/account/password", url.Values{"current": {"password-tester"}, "password": {"a-new-password"}, "password2": {"a-new-password"}})
	wantStatus(t, "change password", r, http.StatusSeeOther)
	page := ts.get(r.header.Get("Location")).body
	if !strings.Contains(page, "API tokens still work") {
		t.Errorf("after a password change the account page does not say the tokens still work:\n%.3000s", textOf(page))
	}
	if _, err := ts.store.OwnerByToken(context.Background(), toks[0]); err != nil {
		t.Fatalf("a token after the password change: %v (it should survive it)", err)
	}
	if !strings.Contains(page, `id="revoke-all-tokens"`) {
		t.Fatal("the account page offers no way to revoke every token")
	}
	r = ts.postForm("/account/tokens/revoke-all", nil)
	wantStatus(t, "revoke all", r, http.StatusSeeOther)
	for _, tok := range toks {
		if _, err := ts.store.OwnerByToken(context.Background(), tok); err == nil {
			t.Error("a token still works after revoking all")
		}
	}
	page = ts.get("/account?revoked=all").body
	if !strings.Contains(page, "Every API token of this account is revoked") || strings.Contains(page, `id="revoke-all-tokens"`) {
		t.Errorf("after revoking all, the page:\n%.3000s", textOf(page))
	}
}

// A skirmish army file with a count out of range is refused on save, naming the field, as
// the other systems' files are; nothing is stored.
func TestSkirmishCountsOutOfRangeAreRefusedOnSave(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, count := range []string{"500", "-3"} {
		file := "format: 1\nsystem: qrs\nname: Crowd\nside: imperial\ngroups:\n  - name: Guards\n    figures: [{profile: Stormtrooper, count: " + count + "}]\n"
		r := ts.postBody("/api/armies", "application/yaml", file)
		if r.status < 400 || r.status >= 500 || !strings.Contains(r.body, "groups[0].figures[0].count: "+count) {
			t.Errorf("count %s through the API: %d %s, want a refusal naming the count", count, r.status, r.body)
		}
		r = ts.postForm("/armies/import", url.Values{"text": {file}})
		if r.status < 400 || r.status >= 500 || !strings.Contains(r.body, "from 1 to 100") {
			t.Errorf("count %s through the import form: %d %.300s", count, r.status, textOf(r.body))
		}
	}
	list, err := ts.store.List(context.Background(), ts.ownerID())
	if err != nil || len(list) != 0 {
		t.Errorf("armies stored after the refusals: %d (%v)", len(list), err)
	}
}
