package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"muster/cmd/muster/internal/jobs"
)

// selectValues lists the option values of a select.
func selectValues(n *html.Node) []string {
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "option" {
			v, _ := attr(n, "value")
			out = append(out, v)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

// The gamemaster quick-resolves two of the game's lists with the battle engine; the lists of
// another game cannot be played through this game's link.
func TestGamemasterQuickResolvesTwoLists(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	rebels := "/play/" + player + "/lists/" + ts.startList(player, "rebel", "Ackbar", "Home One boarders")
	ts.addUnit(rebels, "squad|Mon Calamari")
	imperials := "/play/" + player + "/lists/" + ts.startList(player, "imperial", "Veers", "Blizzard Force")
	ts.addUnit(imperials, "squad|Stormtrooper")

	page := ts.get("/gm/" + gm)
	wantStatus(t, "GM page", page, http.StatusOK)
	pick := byID(parseHTML(t, page.body), "resolve-a")
	if pick == nil {
		t.Fatal("the GM page has no quick-resolve form")
	}
	ids := selectValues(pick)
	if len(ids) != 2 {
		t.Fatalf("quick-resolve offers %d lists, want the game's 2", len(ids))
	}
	r := ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[1]}, "scenario": {"open-field"}, "battles": {"40"}})
	wantStatus(t, "resolve", r, http.StatusSeeOther)
	run := r.header.Get("Location")
	if !strings.HasPrefix(run, "/sim/run/") {
		t.Fatalf("resolve sent the browser to %q", run)
	}
	result := ts.get(waitResult(t, ts, run))
	wantStatus(t, "result", result, http.StatusOK)
	for _, want := range []string{"Home One boarders", "Blizzard Force"} {
		if !strings.Contains(result.body, want) {
			t.Errorf("the result does not name %q", want)
		}
	}

	// Another game's gamemaster cannot play these lists; the same list twice is refused.
	other, _ := ts.createGame("Another night", chapterTenSides(t))
	r = ts.postForm("/gm/"+other+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[1]}, "scenario": {"open-field"}, "battles": {"10"}})
	wantStatus(t, "resolve another game's lists", r, http.StatusBadRequest)
	if !strings.Contains(r.body, "Choose two of this game&#39;s lists.") {
		t.Errorf("the refusal does not say why:\n%.1500s", r.body)
	}
	r = ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[0]}, "scenario": {"open-field"}, "battles": {"10"}})
	wantStatus(t, "resolve one list against itself", r, http.StatusBadRequest)
	// The player link has no quick-resolve.
	r = ts.postForm("/play/"+player+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[1]}})
	if r.status == http.StatusSeeOther || r.status == http.StatusOK {
		t.Errorf("the player link reached quick-resolve: %d", r.status)
	}
}

// A quick-resolve refused for its number of battles comes back with the two lists, the
// battlefield and the number the gamemaster chose, not the form's defaults.
func TestRefusedQuickResolveKeepsTheGamemastersChoices(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Choices", chapterTenSides(t))
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "rebel", "Ackbar", "Home One boarders"), "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "imperial", "Veers", "Blizzard Force"), "squad|Stormtrooper")
	ids := selectValues(byID(parseHTML(t, ts.get("/gm/"+gm).body), "resolve-a"))
	// The second list first, the night battlefield, and a number past the 100,000 allowed.
	r := ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {ids[1]}, "b": {ids[0]}, "scenario": {"open-field-at-night"}, "battles": {"250000"}})
	wantStatus(t, "too many battles", r, http.StatusBadRequest)
	form := formValues(byID(parseHTML(t, r.body), "quick-resolve"))
	if form.Get("a") != ids[1] || form.Get("b") != ids[0] || form.Get("scenario") != "open-field-at-night" || form.Get("battles") != "250000" {
		t.Errorf("the refused quick-resolve shows %v, want the lists swapped, the night battlefield and 250000", form)
	}
	// The message says what was wrong with what was typed, as /sim's does.
	if !strings.Contains(r.body, "Battles: 250000 is more than 100000; write a whole number from 1 to 100000.") {
		t.Errorf("the refusal does not say why 250000 is refused")
	}
	r = ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {ids[1]}, "b": {ids[0]}, "scenario": {"open-field"}, "battles": {"1,000"}})
	if !strings.Contains(r.body, "Battles: “1,000” is not a whole number") {
		t.Errorf("the refusal does not quote 1,000")
	}
}

// A game's matchup result links to its JSON (muster sim --json's shape) under the link it
// was opened with: the gamemaster's always, the players' once the game is locked. Before,
// the link was /sims/{id}/json, which answers only on /sim's own matchups: 404 for everyone.
func TestGameMatchupJSONOpensFromTheGamesLinks(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "rebel", "Ackbar", "Home One boarders"), "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "imperial", "Veers", "Blizzard Force"), "squad|Stormtrooper")
	ids := selectValues(byID(parseHTML(t, ts.get("/gm/"+gm).body), "resolve-a"))
	r := ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[1]}, "scenario": {"open-field"}, "battles": {"12"}})
	wantStatus(t, "resolve", r, http.StatusSeeOther)
	result := waitResult(t, ts, r.header.Get("Location"))
	id := result[strings.LastIndex(result, "/")+1:]

	jsonLink := regexp.MustCompile(`href="([^"]*)">JSON</a>`)
	checkJSON := func(who string, r response) {
		t.Helper()
		wantStatus(t, who+"'s JSON", r, http.StatusOK)
		var got struct{ Battles int }
		if err := json.Unmarshal([]byte(r.body), &got); err != nil || got.Battles != 12 {
			t.Errorf("%s's JSON: %v, battles %d, want the 12 the gamemaster asked for", who, err, got.Battles)
		}
	}
	checkJSON("the gamemaster", ts.followJSON(t, "/gm/"+gm+"/sims/"+id, jsonLink))
	// A player, on another browser: nothing before the lock, the JSON after it.
	players := ts.asAnotherBrowser()
	wantStatus(t, "the players' JSON before the lock", players.get("/play/"+player+"/sims/"+id+"/json"), http.StatusNotFound)
	wantStatus(t, "lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusSeeOther)
	checkJSON("a player", players.followJSON(t, "/play/"+player+"/sims/"+id, jsonLink))
	// Another game's links do not open it.
	other, otherPlayer := ts.createGame("Another night", chapterTenSides(t))
	wantStatus(t, "another game's GM link", ts.get("/gm/"+other+"/sims/"+id+"/json"), http.StatusNotFound)
	wantStatus(t, "lock the other game", ts.postForm("/gm/"+other+"/lock", nil), http.StatusSeeOther)
	wantStatus(t, "another game's player link", players.get("/play/"+otherPlayer+"/sims/"+id+"/json"), http.StatusNotFound)
}

// followJSON opens a result page and the JSON it links to.
func (ts *testServer) followJSON(t *testing.T, page string, link *regexp.Regexp) response {
	t.Helper()
	p := ts.get(page)
	wantStatus(t, page, p, http.StatusOK)
	m := link.FindStringSubmatch(p.body)
	if m == nil {
		t.Fatalf("%s has no JSON link", page)
	}
	return ts.get(html.UnescapeString(m[1]))
}

// A second quick-resolve while the gamemaster's first is still queued is refused (one at a
// time), and the refusal links the one queued, with its cancel button.
func TestASecondQuickResolveLinksTheOneQueued(t *testing.T) {
	t.Parallel()
	// No workers: the first stays queued.
	ts := newTestServerJobs(t, filepath.Join(t.TempDir(), "test.db"), jobs.Options{Workers: 0})
	gm, player := ts.createGame("Busy night", chapterTenSides(t))
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "rebel", "Ackbar", "Home One boarders"), "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "imperial", "Veers", "Blizzard Force"), "squad|Stormtrooper")
	ids := selectValues(byID(parseHTML(t, ts.get("/gm/"+gm).body), "resolve-a"))
	form := url.Values{"a": {ids[0]}, "b": {ids[1]}, "scenario": {"open-field"}, "battles": {"10"}}
	first := ts.postForm("/gm/"+gm+"/resolve", form)
	wantStatus(t, "the first quick-resolve", first, http.StatusSeeOther)
	run := first.header.Get("Location")
	r := ts.postForm("/gm/"+gm+"/resolve", form)
	wantStatus(t, "the second quick-resolve", r, http.StatusConflict)
	if !strings.Contains(r.body, `href="`+run+`" id="running-link"`) || !strings.Contains(r.body, `action="`+run+`/cancel"`) {
		t.Errorf("the refusal does not link %s with its cancel button:\n%.3000s", run, r.body)
	}
}
