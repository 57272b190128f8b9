package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var (
	simShareLink = regexp.MustCompile(`value="https?://[^"/]+(/share/sim/[0-9A-Za-z_-]+)"`)
	rrShareLink  = regexp.MustCompile(`value="https?://[^"/]+(/share/roundrobin/[0-9A-Za-z_-]+)"`)
	revokeAction = regexp.MustCompile(`action="([^"]+/shares/[0-9A-Za-z_-]+/revoke)"`)
)

// Share links to results (issue 31): the owner of a played matchup makes a link from its
// page; anyone holding it sees the matchup read-only (no "play again", no what-if, no
// share button), its JSON (the owner's, byte for byte) and its battles; another account
// cannot make one; a revoked link opens nothing. A round robin's link opens its matrix,
// and through it each pair's matchup and battles, but no other matchup of the owner's.
func TestShareLinksToAMatchupAndARoundRobin(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a, b := ts.importFile(mixed), ts.importFile(rebel1500)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "20", "3"))
	wantStatus(t, "make a share link", ts.postForm(res+"/shares", nil), http.StatusSeeOther)
	page := ts.get(res)
	m := simShareLink.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatalf("the matchup's page lists no share link:\n%s", page.body[strings.Index(page.body, `id="share"`):])
	}
	link := m[1]
	own := ts.get(res + "/json")

	stranger := ts.client()
	ts.as(stranger, func() {
		r := ts.get(link)
		wantStatus(t, "the shared matchup", r, http.StatusOK)
		for _, want := range []string{`id="shared-note"`, `id="outcome"`, link + "/replay", link + "/json"} {
			if !strings.Contains(r.body, want) {
				t.Errorf("the shared matchup lacks %q", want)
			}
		}
		for _, not := range []string{`id="play-again"`, `id="whatif-link"`, `id="make-share"`, "/sims/"} {
			if strings.Contains(r.body, not) {
				t.Errorf("the shared matchup shows %q, an owner's", not)
			}
		}
		if j := ts.get(link + "/json"); j.body != own.body {
			t.Errorf("the shared JSON differs from the owner's")
		}
		wantStatus(t, "the shared matchup's battles", ts.get(link+"/replay?battle=3"), http.StatusOK)
		if r.header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("the shared page sends Referrer-Policy %q: the link would leak", r.header.Get("Referrer-Policy"))
		}
	})
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		wantStatus(t, "another account sharing the matchup", ts.postForm(res+"/shares", nil), http.StatusNotFound)
	})
	rv := revokeAction.FindStringSubmatch(ts.get(res).body)
	if rv == nil {
		t.Fatal("no revoke button beside the link")
	}
	wantStatus(t, "revoke", ts.postForm(rv[1], nil), http.StatusSeeOther)
	ts.as(stranger, func() {
		wantStatus(t, "a revoked link", ts.get(link), http.StatusNotFound)
	})

	rr := postJob(t, ts, "/roundrobin", url.Values{"army": {a, b}, "battles": {"20"}, "scenario": {"open-field"}, "seed": {"2"}})
	wantStatus(t, "a round robin", rr, http.StatusOK)
	act := regexp.MustCompile(`action="(/roundrobin/[0-9A-Za-z_-]+)/shares"`).FindStringSubmatch(rr.body)
	if act == nil {
		t.Fatal("the round robin's page offers no share link")
	}
	wantStatus(t, "share the round robin", ts.postForm(act[1]+"/shares", nil), http.StatusSeeOther)
	rl := rrShareLink.FindStringSubmatch(ts.get(act[1]).body)
	if rl == nil {
		t.Fatal("the round robin's page lists no share link")
	}
	ts.as(stranger, func() {
		r := ts.get(rl[1])
		wantStatus(t, "the shared round robin", r, http.StatusOK)
		if strings.Contains(r.body, `id="rr-form"`) || !strings.Contains(r.body, `id="shared-note"`) {
			t.Error("the shared round robin shows the owner's form, or does not say it is shared")
		}
		cells := rrLabel.FindAllStringSubmatch(r.body, -1)
		if len(cells) != 2 || !strings.HasPrefix(cells[0][1], rl[1]+"/sims/") {
			t.Fatalf("the shared round robin's cells: %v", cells)
		}
		pair := ts.get(cells[0][1])
		wantStatus(t, "a pair's matchup through the link", pair, http.StatusOK)
		if !strings.Contains(pair.body, `href="`+rl[1]+`"`) {
			t.Error("a pair's matchup does not lead back to the shared round robin")
		}
		wantStatus(t, "a pair's battles through the link", ts.get(cells[0][1]+"/replay"), http.StatusOK)
		// The owner's earlier matchup is not this round robin's pair.
		wantStatus(t, "another matchup through the round robin's link", ts.get(rl[1]+"/sims/"+strings.TrimPrefix(res, "/sims/")), http.StatusNotFound)
	})
}
