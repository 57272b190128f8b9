package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Replacing a game's link cuts off everyone who has the old one, so one click does not do
// it: "New player link…" and "New gamemaster link…" open a page saying what happens, whose
// form replaces the link; a post without that confirmation (an old page's one-click button)
// is asked the same, and nothing is replaced. All of it is links and forms: no script.
func TestReplacingAGameLinkIsAskedFirst(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")

	doc := parseHTML(t, ts.get("/gm/"+gm).body)
	for which, id := range map[string]string{"player": "rotate-player", "gm": "rotate-gm"} {
		a := byID(doc, id)
		if a == nil || a.Data != "a" {
			t.Fatalf("the GM page's #%s is %v, want a link to the confirmation", id, a)
		}
		if href, _ := attr(a, "href"); href != "/gm/"+gm+"/rotate?which="+which {
			t.Errorf("#%s leads to %q", id, href)
		}
	}

	for _, tc := range []struct {
		which string
		says  []string
	}{
		{"player", []string{"Replace the player link of Force Mixes?", "stops working at once, for every player who has it",
			"The game's list is kept as it is, and opens with the new link."}},
		{"gm", []string{"Replace the gamemaster link of Force Mixes?", "stops working at once, for everyone who has it",
			"bookmark it", "The player link and the lists do not change."}},
	} {
		r := ts.get("/gm/" + gm + "/rotate?which=" + tc.which)
		wantStatus(t, "confirm "+tc.which, r, http.StatusOK)
		page := strings.Join(strings.Fields(text(parseHTML(t, r.body))), " ")
		for _, s := range tc.says {
			if !strings.Contains(page, s) {
				t.Errorf("the %s link's confirmation does not say %q:\n%s", tc.which, s, page)
			}
		}
		if href, _ := attr(byID(parseHTML(t, r.body), "keep-current-link"), "href"); href != "/gm/"+gm+"#links" {
			t.Errorf("'Keep the current link' leads to %q", href)
		}
		// The one-click post of an old GM page: asked, not done.
		r = ts.postForm("/gm/"+gm+"/rotate", url.Values{"which": {tc.which}})
		wantStatus(t, "unconfirmed "+tc.which, r, http.StatusOK)
		if byID(parseHTML(t, r.body), "confirm-rotate") == nil {
			t.Errorf("an unconfirmed post for the %s link is not asked", tc.which)
		}
		wantStatus(t, "the GM link after an unconfirmed post", ts.get("/gm/"+gm), http.StatusOK)
		wantStatus(t, "the player link after an unconfirmed post", ts.get("/play/"+player+"/lists/"+key), http.StatusOK)
	}

	// The confirmation's own form replaces the player link.
	form := byID(parseHTML(t, ts.get("/gm/"+gm+"/rotate?which=player").body), "confirm-rotate")
	for form != nil && form.Data != "form" {
		form = form.Parent
	}
	if form == nil {
		t.Fatal("the confirmation has no form")
	}
	if action, _ := attr(form, "action"); action != "/gm/"+gm+"/rotate" {
		t.Errorf("the confirmation posts to %q", action)
	}
	r := ts.postForm("/gm/"+gm+"/rotate", formValues(form))
	wantStatus(t, "confirmed", r, http.StatusSeeOther)
	wantStatus(t, "the old player link", ts.get("/play/"+player), http.StatusNotFound)
	wantStatus(t, "the GM link", ts.get("/gm/"+gm), http.StatusOK)

	wantStatus(t, "confirm what", ts.get("/gm/"+gm+"/rotate?which=both"), http.StatusBadRequest)
}
