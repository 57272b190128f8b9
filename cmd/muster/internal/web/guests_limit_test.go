package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Every browser's first save makes a guest, and each owner has a turn in the matchups'
// fair queue: a script making guests without bound from one address took as many turns as
// it liked. One address makes at most guestBurst guests at once (then one every
// guestEvery); the 31st is refused in words, and another address, and an account already
// signed in, are not held back. A sign-up that makes a new owner counts as one.
func TestOneAddressMakesABoundedNumberOfGuests(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	newArmy := func(c *http.Client, from string) response {
		var r response
		ts.as(c, func() {
			v := url.Values{"name": {"Guest's"}, "side": {"rebel"}, "_csrf": {ts.token()}}
			req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/armies", strings.NewReader(v.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			if from != "" {
				req.Header.Set("X-Forwarded-For", from) // as the TLS proxy on this machine says
			}
			r = ts.do(req)
		})
		return r
	}
	// The test's own browser signed up from this address: one of the count.
	for i := range guestBurst - 1 {
		if r := newArmy(ts.client(), ""); r.status != http.StatusSeeOther {
			t.Fatalf("guest %d: %d, want 303", i+1, r.status)
		}
	}
	r := newArmy(ts.client(), "")
	if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, "Too many new visitors from this address") {
		t.Errorf("guest %d from one address: %d, want 429 saying why:\n%.400s", guestBurst+1, r.status, textOf(r.body))
	}
	if r := newArmy(ts.client(), "203.0.113.9"); r.status != http.StatusSeeOther {
		t.Errorf("a guest from another address: %d, want 303", r.status)
	}
	if r := newArmy(ts.c, ""); r.status != http.StatusSeeOther {
		t.Errorf("the signed-in account from the busy address: %d, want 303", r.status)
	}
	// Open sign-up made a new owner as freely: it is held to the same count.
	var r2 response
	ts.as(ts.client(), func() {
		r2 = ts.postForm("/signup", url.Values{"name": {"minted"}, "password": {"a good password"}, "password2": {"a good password"}})
	})
	if r2.status != http.StatusTooManyRequests || !strings.Contains(r2.body, "Too many new visitors from this address") {
		t.Errorf("a sign-up from the busy address: %d, want 429 saying why", r2.status)
	}
}
