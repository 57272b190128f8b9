package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules"
)

// A guest builds without signing up; signing up keeps the guest's armies; signing in on
// another browser brings that browser's guest armies into the account.
func TestGuestArmiesFollowTheAccount(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	first := ts.client()
	var firstArmy, secondArmy string
	ts.as(first, func() {
		r := ts.postForm("/armies", url.Values{"name": {"Rogue Squadron"}, "side": {"rebel"}})
		wantStatus(t, "a guest's first army", r, http.StatusSeeOther)
		firstArmy = strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/armies/"), "/edit")
	})
	ts.signUp(first, "wedge")
	ts.as(first, func() {
		if r := ts.get("/armies/" + firstArmy); r.status != http.StatusOK {
			t.Errorf("after signing up the guest's army answers %d", r.status)
		}
	})
	second := ts.client()
	ts.as(second, func() {
		r := ts.postForm("/armies", url.Values{"name": {"Green Squadron"}, "side": {"rebel"}})
		secondArmy = strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/armies/"), "/edit")
		r = ts.postForm("/signin", url.Values{"name": {"Wedge"}, "password": {"password-wedge"}, "next": {"/"}})
		wantStatus(t, "sign in", r, http.StatusSeeOther)
		home := ts.get("/")
		if !strings.Contains(home.body, "Rogue Squadron") || !strings.Contains(home.body, "Green Squadron") {
			t.Errorf("after signing in the second browser's home lacks an army:\n%.1500s", home.body)
		}
	})
	ts.as(first, func() {
		if r := ts.get("/armies/" + secondArmy); r.status != http.StatusOK {
			t.Errorf("the merged guest army is not the account's on the first browser: %d", r.status)
		}
	})
	// The tests' own account never sees any of it.
	if r := ts.get("/armies/" + firstArmy); r.status != http.StatusNotFound {
		t.Errorf("another account reaches wedge's army: %d", r.status)
	}
}

// Sign-in attempts are limited per account name and per address: the sixth wrong password in
// a row is refused before it is checked.
func TestSignInAttemptsAreRateLimited(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	visitor := ts.client()
	var last int
	ts.as(visitor, func() {
		for range 6 {
			last = ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"guess"}}).status
		}
		if last != http.StatusTooManyRequests {
			t.Errorf("the sixth wrong password: %d, want 429", last)
		}
		r := ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"password-tester"}})
		if r.status != http.StatusTooManyRequests {
			t.Errorf("the right password right after: %d, want 429 until the limit refills", r.status)
		}
	})
}

// On an instance run with --require-login, pages need an account; sign-in, sign-up, share
// and game links do not; the API answers 401.
func TestRequireLoginKeepsOutGuests(t *testing.T) {
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "club.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	srv := httptest.NewServer(newServer(store, rules.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)),
		Config{RequireLogin: true, Signup: SignupClosed}))
	t.Cleanup(srv.Close)
	ts := &testServer{t: t, srv: srv, store: store}
	ts.c = ts.client()
	for path, want := range map[string]int{"/": 303, "/armies/new": 303, "/sim": 303, "/signin": 200, "/signup": 200,
		"/healthz": 200, "/share/nosuchlink": 404, "/play/nosuchlink": 404, "/api/armies": 401} {
		if r := ts.get(path); r.status != want {
			t.Errorf("%s: %d, want %d", path, r.status, want)
		}
	}
	if r := ts.get("/"); !strings.HasPrefix(r.header.Get("Location"), "/signin?next=") {
		t.Errorf("/ sends a visitor to %q", r.header.Get("Location"))
	}
	head, _ := http.NewRequest(http.MethodHead, srv.URL+"/", nil)
	if r := ts.do(head); r.status != http.StatusSeeOther { // HEAD answers as GET
		t.Errorf("HEAD / for a visitor: %d, want 303 as GET", r.status)
	}
	r := ts.postForm("/signup", url.Values{"name": {"intruder"}, "password": {"a good password"}, "password2": {"a good password"}})
	if r.status != http.StatusForbidden {
		t.Errorf("sign-up on a closed instance: %d", r.status)
	}
	hash, _ := HashPassword("member password")
	if _, err := store.CreateAccount(context.Background(), "member", hash, false); err != nil {
		t.Fatal(err)
	}
	r = ts.postForm("/signin", url.Values{"name": {"member"}, "password": {"member password"}, "next": {"/sim"}})
	if r.status != http.StatusSeeOther || r.header.Get("Location") != "/sim" {
		t.Fatalf("sign in: %d %q", r.status, r.header.Get("Location"))
	}
	if r := ts.get("/"); r.status != http.StatusOK {
		t.Errorf("a member's home: %d", r.status)
	}
}

// The JSON API takes a personal token as Authorization: Bearer; without one, 401 JSON; a
// token sees its owner's armies only, and deletes them.
func TestAPITakesBearerTokens(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	tok, _, err := ts.store.AddToken(context.Background(), ts.ownerID(), "script")
	if err != nil {
		t.Fatal(err)
	}
	script := &http.Client{}
	call := func(method, path, bearer string) response {
		req, _ := http.NewRequest(method, ts.srv.URL+path, nil)
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		resp, err := script.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return response{status: resp.StatusCode, header: resp.Header, body: string(b)}
	}
	r := call("GET", "/api/armies", "")
	if r.status != http.StatusUnauthorized || !strings.Contains(r.body, `"error"`) {
		t.Errorf("no token: %d %s", r.status, r.body)
	}
	if r := call("GET", "/api/armies", "mst_not-a-token-at-all"); r.status != http.StatusUnauthorized {
		t.Errorf("a wrong token: %d", r.status)
	}
	r = call("GET", "/api/armies", tok)
	var list []apiArmyRow
	if err := json.Unmarshal([]byte(r.body), &list); err != nil || len(list) != 1 || list[0].ID != id || list[0].Total <= 0 {
		t.Fatalf("the token's armies: %d %s", r.status, r.body)
	}
	if r := call("GET", "/armies/"+id, tok); r.status != http.StatusUnauthorized {
		t.Errorf("a token on a page: %d, want 401 (tokens are for /api/ only)", r.status)
	}
	other, _ := ts.store.CreateGuest(context.Background())
	otherTok, _, _ := ts.store.AddToken(context.Background(), other.ID, "theirs")
	if r := call("GET", "/api/armies/"+id, otherTok); r.status != http.StatusNotFound {
		t.Errorf("another owner's token reads the army: %d", r.status)
	}
	if r := call("DELETE", "/api/armies/"+id, tok); r.status != http.StatusNoContent {
		t.Errorf("delete: %d %s", r.status, r.body)
	}
	if r := call("GET", "/api/armies/"+id, tok); r.status != http.StatusNotFound {
		t.Errorf("a deleted army through the API: %d", r.status)
	}
	if r := call("GET", "/api/armies/"+id+"/file", tok); r.status != http.StatusNotFound {
		t.Errorf("a deleted army's file through the API: %d", r.status)
	}
}

// One matchup per owner at a time: a second is refused in words while the first plays, and
// the refusal (and the matchup form) links the one playing, with its cancel button; another
// owner's waits its turn or plays, never refused for ours.
func TestMatchupsAreOnePerOwner(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	run := startMatchup(t, ts, a, a, "open-field", "100000", "7")
	r := ts.postForm("/sim", url.Values{"a": {a}, "b": {a}, "scenario": {"open-field"}, "battles": {"10"}})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "being played already") {
		t.Errorf("a second matchup: %d", r.status)
	}
	for name, page := range map[string]response{"the refusal": r, "the matchup form": ts.get("/sim")} {
		if !strings.Contains(page.body, `href="`+run+`" id="running-link"`) {
			t.Errorf("%s does not link the matchup playing (%s)", name, run)
		}
		if !strings.Contains(page.body, `action="`+run+`/cancel"`) {
			t.Errorf("%s has no button to cancel the matchup playing", name)
		}
	}
	other := ts.client()
	ts.signUp(other, "other")
	var otherRun string
	ts.as(other, func() {
		b := ts.importFile(rebel1500)
		otherRun = startMatchup(t, ts, b, b, "open-field", "100000", "8")
	})
	ts.as(other, func() {
		if r := ts.get(run); r.status != http.StatusNotFound {
			t.Errorf("another owner sees our run: %d", r.status)
		}
		if r := ts.get(run + "/events"); r.status != http.StatusNotFound {
			t.Errorf("another owner follows our run: %d", r.status)
		}
		ts.postForm(otherRun+"/cancel", nil)
	})
	ts.postForm(run+"/cancel", nil)
	// Once cancelled, the owner may play another.
	startMatchup(t, ts, a, a, "open-field", "10", "9")
}

// A matchup survives a restart: its workers stopped midway (chunks in hand given up), the
// next process's workers resume it, and the result is the one `muster sim` gives for the
// same seed, byte for byte.
func TestMatchupResumesAfterARestart(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	ctx := context.Background()
	// The test's own workers: one at a time, small chunks, so that the stop comes midway.
	ts.app.jobs.Stop(ctx)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	first, err := jobs.Open(ctx, ts.store, rules.Default(), logger, jobs.Options{Workers: 1, ChunkSize: 50, Window: 2})
	if err != nil {
		t.Fatal(err)
	}
	ts.app.jobs = first
	first.Start(ctx)
	run := startMatchup(t, ts, a, b, "open-field", "1200", "77")
	id := strings.TrimPrefix(run, "/sim/run/")
	for {
		n, _, err := ts.store.ChunkProgress(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if n >= 3 {
			break
		}
		if m, _ := ts.store.MatchupForWork(ctx, id); m.Over() {
			t.Fatalf("the matchup ended (%s) before the restart", m.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := first.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if m, _ := ts.store.MatchupForWork(ctx, id); m.Over() {
		t.Fatalf("the matchup ended before the restart: %s", m.Status)
	}
	// The new workers' own window differs: a matchup keeps the one it was asked with.
	ts.app.jobs = startTestJobs(t, ts.store, logger, jobs.Options{Workers: 2, ChunkSize: 50, Window: 7, RescueAfter: 2 * time.Second})
	res := waitResult(t, ts, run)
	j := ts.get(res + "/json")
	_, cli, _ := runMuster(t, "sim", "--battles", "1200", "--seed", "77", "--json", rebel1500, imperial1500)
	if got, want := compactJSON(t, j.body), compactJSON(t, cli); got != want {
		t.Errorf("after a restart the result differs from muster sim's:\n%s\n%s", got, want)
	}
}

// compactJSON is a JSON text without its layout, to compare two texts byte for byte.
func compactJSON(t testing.TB, s string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(s)); err != nil {
		t.Fatalf("%v: %.200s", err, s)
	}
	return b.String()
}

// Changing the password signs out every other browser signed in to the account (a session
// stolen or left on a shared computer is worth nothing after the change); the browser that
// changed it stays signed in, and signs in again with the new password only.
func TestPasswordChangeSignsOutEveryOtherSession(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	laptop := ts.client()
	ts.as(laptop, func() {
		r := ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"password-tester"}, "next": {"/account"}})
		wantStatus(t, "sign in on the laptop", r, http.StatusSeeOther)
		wantStatus(t, "the laptop's account page", ts.get("/account"), http.StatusOK)
	})
	r := ts.postForm("/account/password", url.Values{"current": {"password-tester"}, "password": {"a brand new password"}, "password2": {"a brand new password"}})
	wantStatus(t, "change the password", r, http.StatusSeeOther)
	if r := ts.get("/account?password=1"); r.status != http.StatusOK || !strings.Contains(r.body, "Every other browser signed in to this account is signed out") {
		t.Errorf("the browser that changed the password: %d\n%.600s", r.status, r.body)
	}
	ts.as(laptop, func() {
		if r := ts.get("/account"); r.status != http.StatusUnauthorized {
			t.Errorf("the laptop after the password change: %d, want 401 (signed out)", r.status)
		}
		if r := ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"password-tester"}}); r.status != http.StatusUnauthorized {
			t.Errorf("sign in with the old password: %d, want 401", r.status)
		}
		r := ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"a brand new password"}, "next": {"/account"}})
		wantStatus(t, "sign in with the new password", r, http.StatusSeeOther)
		wantStatus(t, "the laptop signed in again", ts.get("/account"), http.StatusOK)
	})
}

// The new password is typed twice: a typo typed once would lock the account out, and the
// old password keeps working.
func TestPasswordChangeNeedsTheNewPasswordTwice(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/account/password", url.Values{"current": {"password-tester"}, "password": {"a brand new password"}, "password2": {"a brand new pasword"}})
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "The two new passwords differ") {
		t.Errorf("two different new passwords: %d\n%.600s", r.status, r.body)
	}
	visitor := ts.client()
	ts.as(visitor, func() {
		r := ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"password-tester"}})
		wantStatus(t, "the old password still signs in", r, http.StatusSeeOther)
	})
}

// After signing in the browser goes back where it was asked to sign in, on this site only:
// a destination a browser would read as another site's (a browser drops a tab from a
// Location, and reads "/\t/evil.example" as "//evil.example") goes home instead.
func TestSignInGoesBackOnThisSiteOnly(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for next, want := range map[string]string{
		"/armies/new?x=1":      "/armies/new?x=1",
		"//evil.example":       "/",
		"/\t/evil.example":     "/",
		"/\\evil.example":      "/",
		"https://evil.example": "/",
	} {
		visitor := ts.client()
		ts.as(visitor, func() {
			r := ts.postForm("/signin", url.Values{"name": {"tester"}, "password": {"password-tester"}, "next": {next}})
			if r.status != http.StatusSeeOther || r.header.Get("Location") != want {
				t.Errorf("next %q: %d to %q, want %q", next, r.status, r.header.Get("Location"), want)
			}
		})
	}
}

// An account's sign-in limit (a burst of 5, then one every 12 s) holds however many other
// names are tried meanwhile: before, the 10,000th name emptied the table and the account's
// count started over, five more guesses at its password.
func TestSignInLimitIsNotResetByManyOtherNames(t *testing.T) {
	var l limiters
	for i := range 5 {
		if !l.allow("name:victim") {
			t.Fatalf("attempt %d of the burst of 5 refused", i+1)
		}
	}
	if l.allow("name:victim") {
		t.Fatal("the sixth attempt at once allowed")
	}
	for i := range maxLimiters {
		l.allow(fmt.Sprintf("name:made-up-%d", i))
	}
	if l.allow("name:victim") {
		t.Error("after 10,000 other names the account's attempts start over")
	}
}

// Behind a TLS proxy on the same machine (README, "For a club"), each member's sign-in
// attempts are counted by their own address, from X-Forwarded-For: five wrong passwords from
// one address do not keep another member out. A connection from elsewhere cannot choose the
// address it is counted by.
func TestSignInLimitCountsEachAddressBehindTheProxy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	signIn := func(from, name string) int {
		t.Helper()
		v := url.Values{"name": {name}, "password": {"a wrong guess"}, "_csrf": {ts.token()}}
		req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/signin", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from)
		return ts.do(req).status
	}
	for i := range 5 {
		if got := signIn("203.0.113.7", fmt.Sprintf("guess-%d", i)); got != http.StatusUnauthorized {
			t.Fatalf("attempt %d from 203.0.113.7: %d, want 401", i+1, got)
		}
	}
	if got := signIn("203.0.113.7", "guess-5"); got != http.StatusTooManyRequests {
		t.Errorf("the sixth attempt from 203.0.113.7: %d, want 429", got)
	}
	if got := signIn("203.0.113.8", "another-member"); got != http.StatusUnauthorized {
		t.Errorf("another member behind the proxy: %d, want 401 (counted apart)", got)
	}
	direct, _ := http.NewRequest(http.MethodPost, "/signin", nil)
	direct.RemoteAddr = "198.51.100.9:40000"
	direct.Header.Set("X-Forwarded-For", "203.0.113.99")
	if got := clientAddressFor(loopbackProxy)(direct); got != "198.51.100.9" {
		t.Errorf("a client elsewhere naming its own address: counted as %q, want its connection's 198.51.100.9", got)
	}
}

// X-Forwarded-For is believed only from a proxy named by --trusted-proxy: without one, not
// even from this machine (another program on it could name any address); with one, only
// from it, and the address counted is the nearest one the proxies did not add.
func TestForwardedForIsTrustedOnlyFromTheNamedProxy(t *testing.T) {
	req := func(from, xff string) *http.Request {
		r, _ := http.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = from
		r.Header.Set("X-Forwarded-For", xff)
		return r
	}
	proxies, err := ParseTrustedProxies(" 10.1.2.3, 192.168.0.0/16 ,::1")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		trusted   []*net.IPNet
		from, xff string
		want, why string
	}{
		{nil, "127.0.0.1:5000", "203.0.113.5", "127.0.0.1", "no proxy named: the header is ignored, loopback too"},
		{proxies, "10.1.2.3:5000", "203.0.113.5", "203.0.113.5", "the named proxy's header is read"},
		{proxies, "192.168.4.4:5000", "203.0.113.6, 10.1.2.3", "203.0.113.6", "through two named proxies"},
		{proxies, "[::1]:5000", "203.0.113.7", "203.0.113.7", "an IPv6 proxy"},
		{proxies, "127.0.0.1:5000", "203.0.113.8", "127.0.0.1", "loopback is not named: ignored"},
		{proxies, "198.51.100.9:5000", "203.0.113.9", "198.51.100.9", "a client elsewhere cannot choose its address"},
		{proxies, "10.1.2.3:5000", "203.0.113.10, 198.51.100.1", "198.51.100.1", "an address the client wrote before the proxy's is not believed"},
	} {
		if got := clientAddressFor(c.trusted)(req(c.from, c.xff)); got != c.want {
			t.Errorf("%s: from %s with X-Forwarded-For %q: counted as %q, want %q", c.why, c.from, c.xff, got, c.want)
		}
	}
	for _, bad := range []string{"localhost", "10.0.0.0/33", "1.2.3"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("--trusted-proxy %q accepted", bad)
		}
	}
}

// signInFrom posts a sign-in for name with password from a member behind the proxy at
// address from (X-Forwarded-For, read on loopback connections), in a browser of its own.
func (ts *testServer) signInFrom(from, name, password string) int {
	ts.t.Helper()
	status := 0
	ts.as(ts.client(), func() {
		v := url.Values{"name": {name}, "password": {password}, "_csrf": {ts.token()}}
		req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/signin", strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("X-Forwarded-For", from)
		status = ts.do(req).status
	})
	return status
}

// Wrong passwords for an account from many addresses (each within its own limit) do not
// lock its owner out: the right password from an address with no recent failures signs in.
// Before, a per-name count of 5 a minute from anywhere answered the owner 429 for as long
// as the guesses went on.
func TestSignInLockoutFromManyAddressesDoesNotStopTheOwner(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	// 30 addresses, 3 guesses each: 90 attempts, far over the per-name ceiling (20).
	for i := range 30 {
		for g := range 3 {
			ts.signInFrom(fmt.Sprintf("198.51.100.%d", i+1), "tester", fmt.Sprintf("guess-%d", g))
		}
	}
	if got := ts.signInFrom("203.0.113.50", "Tester", "password-tester"); got != http.StatusSeeOther {
		t.Errorf("the owner's right password from a clean address during the attack: %d, want 303 (signed in)", got)
	}
	// The ceiling still holds where it should: an address that guessed wrong a moment ago
	// does not get another guess at a name being tried from everywhere, within its own limit
	// (one failure of the 5 it may make) or not.
	if got := ts.signInFrom("198.51.100.1", "tester", "guess-again"); got != http.StatusTooManyRequests {
		t.Errorf("another guess from an attacking address while the name is hot: %d, want 429", got)
	}
	// And a wrong guess from a clean address is checked (and answered as wrong), never let in.
	if got := ts.signInFrom("203.0.113.51", "tester", "guess-clean"); got != http.StatusUnauthorized {
		t.Errorf("a wrong password from a clean address during the attack: %d, want 401", got)
	}
}

// Brute force at one name from one address is still limited: five wrong passwords, then
// 429, the right password included, while other addresses are unaffected.
func TestSignInBruteForceFromOneAddressIsLimited(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for i := range 5 {
		if got := ts.signInFrom("198.51.100.7", "tester", fmt.Sprintf("guess-%d", i)); got != http.StatusUnauthorized {
			t.Fatalf("guess %d from 198.51.100.7: %d, want 401", i+1, got)
		}
	}
	for i := 5; i < 20; i++ {
		if got := ts.signInFrom("198.51.100.7", "tester", fmt.Sprintf("guess-%d", i)); got != http.StatusTooManyRequests {
			t.Fatalf("guess %d from 198.51.100.7: %d, want 429", i+1, got)
		}
	}
	if got := ts.signInFrom("198.51.100.7", "tester", "password-tester"); got != http.StatusTooManyRequests {
		t.Errorf("the right password from the guessing address right after: %d, want 429", got)
	}
	if got := ts.signInFrom("203.0.113.50", "tester", "password-tester"); got != http.StatusSeeOther {
		t.Errorf("the owner from another address: %d, want 303", got)
	}
}

// The per-name ceiling is not reset, and the tables do not grow past 10,000 keys, however
// many made-up names are tried meanwhile (from 2,000 addresses, five names each, every one
// within its address's limit): an address that guessed wrong at the hot name a moment ago
// still gets no second guess.
func TestSignInCeilingIsNotResetByManyOtherNames(t *testing.T) {
	s := newSignInLimits()
	for i := range nameCeilingBurst + 5 {
		addr := fmt.Sprintf("198.51.100.%d", i+1)
		if msg := s.try("victim", addr); msg != "" {
			t.Fatalf("the first guess from %s: refused (%s)", addr, msg)
		}
		s.fail("victim", addr)
	}
	if msg := s.try("victim", "198.51.100.1"); msg == "" {
		t.Fatal("a second guess from an attacking address at the hot name: allowed")
	}
	for i := range maxLimiters {
		s.try(fmt.Sprintf("made-up-%d", i), fmt.Sprintf("10.%d.%d.1", i/5/256, i/5%256))
	}
	for what, l := range map[string]*limiters{"addresses": &s.addr, "names and addresses": &s.pair, "names": &s.name, "failures": &s.failed} {
		if len(l.m) > maxLimiters {
			t.Errorf("the table of %s holds %d keys, more than %d", what, len(l.m), maxLimiters)
		}
	}
	if msg := s.try("victim", "198.51.100.2"); msg == "" {
		t.Error("after 10,000 made-up names an attacking address guesses at the hot name again")
	}
}
