package web

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// importGameList imports an army file as a list through the player link, submitted or not,
// and returns its key and its id.
// chakton makes the game night Chakton on an open field, Rebels (within rebelLimits)
// against Imperials (no limits), and returns its GM and player tokens.
func (ts *testServer) chakton(rebelLimits string) (gm, player string) {
	ts.t.Helper()
	r := ts.postForm("/games", url.Values{"name": {"Chakton"}, "date": {"2026-05-01"}, "battlefield": {"open-field"},
		"plays.rebel": {"on"}, "limits.rebel": {rebelLimits}, "plays.imperial": {"on"}, "limits.imperial": {""}})
	wantStatus(ts.t, "create the game", r, http.StatusSeeOther)
	gm = regexp.MustCompile(`^/gm/([A-Za-z0-9_-]+)\?`).FindStringSubmatch(r.header.Get("Location"))[1]
	val, _ := attr(byID(parseHTML(ts.t, ts.get("/gm/"+gm).body), "player-link"), "value")
	_, player, _ = strings.Cut(val, "/play/")
	return gm, player
}

func (ts *testServer) importGameList(player, side, who, path string, submit bool) (key, id string) {
	ts.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		ts.t.Fatal(err)
	}
	r := ts.postForm("/play/"+player+"/lists", url.Values{"action": {"import"}, "player": {who}, "side": {side}, "text": {string(data)}})
	wantStatus(ts.t, "import "+who, r, http.StatusSeeOther)
	m := regexp.MustCompile(`^/play/` + player + `/lists/([A-Za-z0-9_-]+)`).FindStringSubmatch(r.header.Get("Location"))
	if m == nil {
		ts.t.Fatalf("import redirects to %q", r.header.Get("Location"))
	}
	key = m[1]
	if submit {
		wantStatus(ts.t, "submit "+who, ts.postForm("/play/"+player+"/lists/"+key+"/submit", nil), http.StatusSeeOther)
	}
	g, err := ts.store.GameByPlayerToken(context.Background(), player)
	if err != nil {
		ts.t.Fatal(err)
	}
	l, err := ts.store.ListByKey(context.Background(), g.ID, key)
	if err != nil {
		ts.t.Fatal(err)
	}
	return key, l.ID
}

// offeredOpponents are the opponents a "What should I bring?" form offers, by id.
func offeredOpponents(t *testing.T, body string) []string {
	t.Helper()
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "input" {
			if name, _ := attr(n, "name"); name == "opponent" {
				v, _ := attr(n, "value")
				out = append(out, v)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(parseHTML(t, body))
	slices.Sort(out)
	return out
}

// "What should I bring?" against a game night's field (issue 34): the field is exactly the
// lists the other side submitted; before the lock a player has none (the page says why,
// names no other list, and a post searches nothing); the gamemaster searches any list
// within its side's limits on the game's battlefield and saves the answer as a new,
// unsubmitted version of the list; a list not offered (own side, a draft, another game's),
// posted by hand, is refused in words.
//
// Not parallel: its server and searches start no goroutines while the admission test
// counts them (admission_test.go), as the army page's search test.
func TestWhatToBringInAGameNightPlaysTheOtherSidesSubmittedLists(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.chakton("total: 900\n")
	luke, lukeID := ts.importGameList(player, "rebel", "Luke", unarmedArmy, true)
	_, leiaID := ts.importGameList(player, "rebel", "Leia", unarmedArmy, true)           // own side
	_, vaderID := ts.importGameList(player, "imperial", "Vader", imperials1000, true)    // the field
	_, tarkinID := ts.importGameList(player, "imperial", "Tarkin", imperials1000, false) // a draft
	_, elsewhere := func() (string, string) {                                            // another game's Imperial list
		_, p2 := ts.createGame("Elsewhere", map[string]string{"rebel": "", "imperial": ""})
		return ts.importGameList(p2, "imperial", "Piett", imperials1000, true)
	}()
	mine := "/play/" + player + "/lists/" + luke

	// Before the lock: the player's list links the page, which says why there is no field.
	if page := ts.get(mine); !strings.Contains(page.body, `href="`+mine+`/optimize"`) {
		t.Fatalf("the player's list does not link What should I bring?")
	}
	closed := ts.get(mine + "/optimize")
	wantStatus(t, "the player's form before the lock", closed, http.StatusOK)
	if !strings.Contains(closed.body, `id="optimize-closed"`) || !strings.Contains(closed.body, "secret until the gamemaster locks submissions") {
		t.Errorf("before the lock the page does not say why there is no field:\n%.3000s", closed.body)
	}
	if strings.Contains(closed.body, "Vader") || strings.Contains(closed.body, vaderID) || strings.Contains(closed.body, `id="optimize-form"`) {
		t.Errorf("before the lock the player's page shows the other side's list or a form")
	}
	refused := ts.postForm(mine+"/optimize", url.Values{"opponent": {vaderID}, "battles": {"20"}, "budget": {"2000"}})
	wantStatus(t, "the player's search before the lock", refused, http.StatusConflict)
	if !strings.Contains(refused.body, "Nothing searched") || strings.Contains(refused.body, "Vader") {
		t.Errorf("before the lock a forged search: %.2000s", refused.body)
	}

	// The gamemaster: the field is exactly the Imperial list submitted, on the game's battlefield.
	gmForm := "/gm/" + gm + "/lists/" + lukeID + "/optimize"
	if page := ts.get("/gm/" + gm + "/lists/" + lukeID); !strings.Contains(page.body, `href="`+gmForm+`"`) {
		t.Fatalf("the gamemaster's list page does not link the search")
	}
	f := ts.get(gmForm)
	wantStatus(t, "the gamemaster's form", f, http.StatusOK)
	if got := offeredOpponents(t, f.body); !slices.Equal(got, []string{vaderID}) {
		t.Errorf("the gamemaster is offered %v, want only Vader's list %s", got, vaderID)
	}
	for _, want := range []string{"Against the Imperial lists submitted to Chakton", "Two stormtrooper squads (Vader)", `value="game" selected`, "total 900"} {
		if !strings.Contains(f.body, want) {
			t.Errorf("the gamemaster's form lacks %q", want)
		}
	}
	for name, id := range map[string]string{"own side": leiaID, "a draft": tarkinID, "another game's": elsewhere, "made up": "nosuchlist0000"} {
		r := ts.postForm(gmForm, url.Values{"opponent": {id}, "battles": {"20"}, "budget": {"2000"}, "scenario": {"game"}})
		wantStatus(t, "forged opponent: "+name, r, http.StatusBadRequest)
		if !strings.Contains(r.body, "Against: that is not one of the Imperial lists submitted to this game; tick among those listed.") {
			t.Errorf("forged opponent (%s) not refused in words: %.2000s", name, r.body)
		}
	}
	job, page := searchOptimize(t, ts, gmForm, url.Values{"opponent": {vaderID}, "battles": {"20"}, "budget": {"2000"}, "seed": {"2"}, "scenario": {"game"}})
	doc := parseHTML(t, page.body)
	if got := text(byID(doc, "optimize-field")); !strings.Contains(got, "Against the Imperial lists of Chakton: Two stormtrooper squads (Vader) on Open field") ||
		!strings.Contains(got, "up to 900 SGPs") {
		t.Errorf("the path's field: %q", got)
	}
	if byID(doc, "optimize-steps") == nil {
		t.Fatalf("the search took no step, nothing to save:\n%.3000s", page.body)
	}
	if own := ts.postForm("/optimize/"+job+"/save", nil); own.status != http.StatusNotFound {
		t.Errorf("a game's search saved through the armies' save: %d", own.status)
	}
	save := "/gm/" + gm + "/optimize/" + job + "/save"
	if !strings.Contains(page.body, `action="`+save+`"`) {
		t.Fatalf("the path has no save through the gamemaster's link")
	}
	s := ts.postForm(save, nil)
	wantStatus(t, "the gamemaster saves", s, http.StatusSeeOther)
	if back := ts.get(s.header.Get("Location")); !strings.Contains(back.body, "Saved as version 2 of the list, not submitted") {
		t.Errorf("after the save, the gamemaster's list page (%s) does not say what was saved", s.header.Get("Location"))
	}
	g, _, _ := ts.store.GameByGMToken(context.Background(), gm)
	l, err := ts.store.GameList(context.Background(), g.ID, lukeID)
	if err != nil {
		t.Fatal(err)
	}
	if l.Army.Version != 2 || l.Submitted != 1 {
		t.Errorf("after the save: head %d, submitted %d; want a new version 2, version 1 still the one submitted", l.Army.Version, l.Submitted)
	}
	exp := ts.get(mine + "/export")
	path := filepath.Join(t.TempDir(), "saved.yaml")
	if err := os.WriteFile(path, []byte(exp.body), 0o600); err != nil {
		t.Fatal(err)
	}
	// Within the side's 900 SGPs, not the army's own limit of 1000, which the file keeps.
	if code, out, errOut := runMuster(t, "check", "--limits", writeTemp(t, "total: 900\n"), path); code != 0 {
		t.Errorf("the saved list breaks the side's limits: %s%s", out, errOut)
	}
	// The list's own limit: line is kept as it was in the version searched from.
	v1, _ := ts.store.GameArmyVersion(context.Background(), g.ID, l.Army.ID, 1)
	v2, _ := ts.store.GameArmyVersion(context.Background(), g.ID, l.Army.ID, 2)
	limitLine := regexp.MustCompile(`(?m)^limit: .*$`)
	if a, b := limitLine.FindString(string(v1.File)), limitLine.FindString(string(v2.File)); a != b {
		t.Errorf("the saved version's limit line %q, the version searched from's %q", b, a)
	}
	if again := ts.postForm(save, nil); again.status != http.StatusConflict || !strings.Contains(again.body, "Search again from the list as it is now") {
		t.Errorf("saved twice: %d %.300s", again.status, again.body)
	}

	// After the lock the player's field is the same list, and only it.
	wantStatus(t, "lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusSeeOther)
	open := ts.get(mine + "/optimize")
	wantStatus(t, "the player's form after the lock", open, http.StatusOK)
	if got := offeredOpponents(t, open.body); !slices.Equal(got, []string{vaderID}) {
		t.Errorf("the player is offered %v, want only Vader's list %s", got, vaderID)
	}
	r := ts.postForm(mine+"/optimize", url.Values{"opponent": {tarkinID}, "battles": {"20"}, "budget": {"2000"}})
	wantStatus(t, "the player's forged opponent", r, http.StatusBadRequest)
	if !strings.Contains(r.body, "Against: that is not one of the Imperial lists submitted to this game") || strings.Contains(r.body, "Tarkin") {
		t.Errorf("the player's forged opponent: %.2000s", r.body)
	}
	// The player's search: the field named, no save into the locked list, said so.
	_, pp := searchOptimize(t, ts, mine+"/optimize", url.Values{"opponent": {vaderID}, "battles": {"20"}, "budget": {"2000"}, "seed": {"3"}, "scenario": {"open-field"}})
	pdoc := parseHTML(t, pp.body)
	if got := text(byID(pdoc, "optimize-field")); !strings.Contains(got, "Against the Imperial lists of Chakton: Two stormtrooper squads (Vader)") {
		t.Errorf("the player's path's field: %q", got)
	}
	if strings.Contains(pp.body, `/save"`) {
		t.Errorf("the player's path has a save form")
	}
	if byID(pdoc, "optimize-steps") != nil && (byID(pdoc, "optimize-save") != nil || byID(pdoc, "optimize-save-note") == nil) {
		t.Errorf("the player's path offers a save into the locked list, or does not say why not")
	}
	if strings.Contains(pp.body, `id="optimize-form"`) || !strings.Contains(pp.body, `href="/play/`+player+`"`) {
		t.Errorf("the player's path shows a form, or no way back to the game")
	}
	// The gamemaster's save is refused once the game is locked: no list changes.
	if locked := ts.postForm(save, nil); locked.status != http.StatusConflict || !strings.Contains(locked.body, "locked") {
		t.Errorf("saved into a locked game: %d", locked.status)
	}
}

// writeTemp writes text to a file in the test's directory and returns its path.
func writeTemp(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "limits.yaml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
