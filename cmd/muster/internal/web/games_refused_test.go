package web

// Game nights' refusals: a wrong method under a game's link is told as such, and what is
// refused under a link is guarded as the link's pages are.

import (
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// RFC 9110 §15.5.6: a method an address does not take is 405 with an Allow header listing
// those it does, for every address of the gamemaster's and the players' links (the JSON API
// answers so too: api_refused_test.go). The answer is still a link page: not cached, no
// Referer.
func TestGameLinkWrongMethodIs405WithTheAllowedMethods(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")
	list := ts.listID(gm)
	fill := strings.NewReplacer(":key", key, ":id", list, ":side", "rebel")

	// Every route the server has under the links, with the methods each takes.
	methods := map[string][]string{}
	for _, r := range ts.handler.Router().Routes() {
		if strings.HasPrefix(r.Method, "echo_") || r.Method == http.MethodHead {
			continue
		}
		if strings.HasPrefix(r.Path, "/gm/:token") || strings.HasPrefix(r.Path, "/play/:token") {
			methods[r.Path] = append(methods[r.Path], r.Method)
		}
	}
	if len(methods) < 30 {
		t.Fatalf("only %d addresses under /gm/ and /play/: %v", len(methods), methods)
	}
	for route, allow := range methods {
		path := strings.Replace(route, ":token", map[bool]string{true: gm, false: player}[strings.HasPrefix(route, "/gm/")], 1)
		path = fill.Replace(path)
		wrong := http.MethodPut
		switch {
		case !slices.Contains(allow, http.MethodGet):
			wrong = http.MethodGet
		case !slices.Contains(allow, http.MethodPost):
			wrong = http.MethodPost
		}
		req, _ := http.NewRequest(wrong, ts.srv.URL+path, nil)
		// As a browser sends it from Muster's own page: the refusal is the method's, not CSRF's.
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		r := ts.do(req)
		if r.status != http.StatusMethodNotAllowed {
			t.Errorf("%s %s: %d, want 405", wrong, route, r.status)
			continue
		}
		for _, m := range allow {
			if !strings.Contains(r.header.Get("Allow"), m) {
				t.Errorf("%s %s: Allow %q lacks %s", wrong, route, r.header.Get("Allow"), m)
			}
		}
		if !strings.Contains(r.body, "does not take a "+wrong+" request") {
			t.Errorf("%s %s: the page does not say why:\n%.1500s", wrong, route, r.body)
		}
		if r.header.Get("Cache-Control") != "no-store" || r.header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("%s %s: Cache-Control %q, Referrer-Policy %q: not guarded as a link page", wrong, route,
				r.header.Get("Cache-Control"), r.header.Get("Referrer-Policy"))
		}
	}
	// The pages themselves keep their guard, and an address the links do not have is still 404.
	for _, path := range []string{"/gm/" + gm, "/play/" + player, "/play/" + player + "/lists/" + key} {
		r := ts.get(path)
		if r.status != http.StatusOK || r.header.Get("Cache-Control") != "no-store" || r.header.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("GET %s: %d, Cache-Control %q, Referrer-Policy %q", path, r.status, r.header.Get("Cache-Control"), r.header.Get("Referrer-Policy"))
		}
	}
	r := ts.get("/gm/" + gm + "/nothing-here")
	if r.status != http.StatusNotFound || r.header.Get("Cache-Control") != "no-store" {
		t.Errorf("GET /gm/{token}/nothing-here: %d, Cache-Control %q", r.status, r.header.Get("Cache-Control"))
	}
}

// backLinks are an error page's links, by their words.
func backLinks(t *testing.T, body string) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" && strings.HasPrefix(text(n), "Back to") {
			out[text(n)], _ = attr(n, "href")
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(parseHTML(t, body))
	return out
}

// A player whose change is refused because the gamemaster locked the game is offered the
// way back to their list and to the game's page (where every submitted list now shows), not
// only to their armies; a wrong link is offered no way back into a game it does not open.
func TestGameLockedPageLeadsBackToTheGame(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")
	base := "/play/" + player + "/lists/" + key
	form := ts.listForm(base)
	wantStatus(t, "lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusSeeOther)

	for path, want := range map[string]map[string]string{
		base:                         {"Back to your list": base, "Back to the game": "/play/" + player, "Back to your armies": "/"},
		base + "/undo":               {"Back to your list": base, "Back to the game": "/play/" + player, "Back to your armies": "/"},
		"/play/" + player + "/lists": {"Back to the game": "/play/" + player, "Back to your armies": "/"},
	} {
		v := form
		if path != base {
			v = url.Values{"action": {"new"}, "player": {"Luke"}, "side": {"rebel"}, "name": {"Late"}}
		}
		r := ts.postForm(path, v)
		wantStatus(t, "POST "+path+" after the lock", r, http.StatusConflict)
		if !strings.Contains(r.body, "locked this game") {
			t.Errorf("POST %s: the page does not say the game is locked", path)
		}
		got := backLinks(t, r.body)
		if !maps.Equal(got, want) {
			t.Errorf("POST %s after the lock: links %v, want %v", path, got, want)
		}
		for label, href := range got {
			wantStatus(t, label+" from "+path, ts.get(href), http.StatusOK)
		}
	}
	// A list key the game does not have still leads back to the game; a wrong player link
	// leads to no game.
	if got := backLinks(t, ts.get("/play/"+player+"/lists/"+randomToken()).body); got["Back to the game"] != "/play/"+player || got["Back to your list"] != "" {
		t.Errorf("a wrong list key: links %v", got)
	}
	if got := backLinks(t, ts.get("/play/"+randomToken()+"/lists/"+key).body); len(got) != 1 {
		t.Errorf("a wrong player link: links %v, want only the armies", got)
	}
}
