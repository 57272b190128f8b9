package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"muster/costing/gamenight"
	"muster/roster"
)

// chapterTenSides are the Chapter Ten example's limits, as the preset fills them in.
func chapterTenSides(t *testing.T) map[string]string {
	t.Helper()
	p, ok := gamenight.PresetByKey("chapter-ten")
	if !ok {
		t.Fatal("no chapter-ten preset")
	}
	return p.Sides
}

// createGame makes a game with the sides' limits and returns its GM and player tokens.
func (ts *testServer) createGame(name string, sides map[string]string) (gm, player string) {
	ts.t.Helper()
	v := url.Values{"name": {name}, "date": {"2026-05-01"}, "notes": {"Orders of the Day: take Chakton."}}
	for side, text := range sides {
		v.Set("plays."+side, "on")
		v.Set("limits."+side, text)
	}
	r := ts.postForm("/games", v)
	wantStatus(ts.t, "create game", r, http.StatusSeeOther)
	m := regexp.MustCompile(`^/gm/([A-Za-z0-9_-]+)\?created=1$`).FindStringSubmatch(r.header.Get("Location"))
	if m == nil {
		ts.t.Fatalf("create game redirects to %q", r.header.Get("Location"))
	}
	gm = m[1]
	page := ts.get("/gm/" + gm)
	wantStatus(ts.t, "GM page", page, http.StatusOK)
	link := byID(parseHTML(ts.t, page.body), "player-link")
	if link == nil {
		ts.t.Fatal("the GM page shows no player link")
	}
	val, _ := attr(link, "value")
	_, player, _ = strings.Cut(val, "/play/")
	if player == "" {
		ts.t.Fatalf("player link %q", val)
	}
	return gm, player
}

// asAnotherBrowser is the same server seen from another browser (its own cookies).
func (ts *testServer) asAnotherBrowser() *testServer {
	jar, _ := cookiejar.New(nil)
	other := *ts
	other.c = &http.Client{Jar: jar, CheckRedirect: ts.c.CheckRedirect}
	return &other
}

// startList starts a list through the player link and returns its key.
func (ts *testServer) startList(player, side, who, name string) string {
	ts.t.Helper()
	r := ts.postForm("/play/"+player+"/lists", url.Values{"action": {"new"}, "player": {who}, "side": {side}, "name": {name}})
	wantStatus(ts.t, "start list", r, http.StatusSeeOther)
	m := regexp.MustCompile(`^/play/` + player + `/lists/([A-Za-z0-9_-]+)/edit$`).FindStringSubmatch(r.header.Get("Location"))
	if m == nil {
		ts.t.Fatalf("start list redirects to %q", r.header.Get("Location"))
	}
	return m[1]
}

// listForm is what the list's editor form would submit.
func (ts *testServer) listForm(base string) url.Values {
	ts.t.Helper()
	r := ts.get(base + "/edit")
	wantStatus(ts.t, "list editor", r, http.StatusOK)
	form := byID(parseHTML(ts.t, r.body), "army-form")
	if form == nil {
		ts.t.Fatalf("the list editor has no #army-form:\n%.2000s", r.body)
	}
	return formValues(form)
}

// addUnit adds a unit to a list through its editor.
func (ts *testServer) addUnit(base, pick string) {
	ts.t.Helper()
	v := ts.listForm(base)
	v.Set("action", "add")
	v.Set("add", pick)
	r := ts.postForm(base, v)
	wantStatus(ts.t, "add "+pick, r, http.StatusSeeOther)
}

func randomToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// The book's Chapter Ten briefings are the preset, exactly as costing/testdata has them.
func TestChapterTenPresetIsTheBooksBriefings(t *testing.T) {
	for side, text := range chapterTenSides(t) {
		got, err := roster.ReadLimits([]byte(text))
		if err != nil {
			t.Fatalf("%s preset: %v", side, err)
		}
		data, err := os.ReadFile("../../../../costing/testdata/chapter-ten/" + side + "-limits.yaml")
		if err != nil {
			t.Fatal(err)
		}
		want, err := roster.ReadLimits(data)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s preset = %+v, want %+v", side, got, want)
		}
	}
}

// The gamemaster fills the form with Chapter Ten's example, creates the game, and gets two
// links of at least 128 random bits on a page nobody caches.
func TestGamemasterCreatesAGameWithChapterTensLimits(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/games/new")
	wantStatus(t, "new game", r, http.StatusOK)
	if byID(parseHTML(t, r.body), "preset-chapter-ten") == nil {
		t.Fatal("no Chapter Ten preset button")
	}
	r = ts.postForm("/games", url.Values{"action": {"preset:chapter-ten"}, "date": {"2026-05-01"}})
	wantStatus(t, "preset", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	for _, side := range []string{"imperial", "rebel"} {
		box := byID(doc, "limits-"+side)
		if box == nil || !strings.Contains(text(box), "total: 1500") {
			t.Fatalf("the %s limits were not filled in", side)
		}
		if on := byID(doc, "plays-"+side); on == nil {
			t.Fatalf("no plays-%s box", side)
		} else if _, checked := attr(on, "checked"); !checked {
			t.Errorf("%s does not play after the preset", side)
		}
	}
	if !strings.Contains(text(byID(doc, "side-rebel")), "at most 3 specialized weapons; at most 30 grenades") {
		t.Errorf("rebel summary: %s", text(byID(doc, "side-rebel")))
	}
	// Submitting the filled form creates the game.
	v := formValues(byID(doc, "game-form"))
	for side, text := range chapterTenSides(t) {
		v.Set("limits."+side, text) // formValues folds a textarea's lines
	}
	v.Set("action", "save")
	r = ts.postForm("/games", v)
	wantStatus(t, "create", r, http.StatusSeeOther)
	loc := r.header.Get("Location")
	gm := strings.TrimSuffix(strings.TrimPrefix(loc, "/gm/"), "?created=1")
	if b, err := base64.RawURLEncoding.DecodeString(gm); err != nil || len(b) < 16 {
		t.Fatalf("GM token %q: %d bytes %v", gm, len(b), err)
	}
	r = ts.get(loc)
	wantStatus(t, "GM page", r, http.StatusOK)
	doc = parseHTML(t, r.body)
	if byID(doc, "keep-link") == nil {
		t.Error("the new game's page does not say to keep the GM link")
	}
	if got := r.header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control %q", got)
	}
	if got := r.header.Get("Referrer-Policy"); got != "no-referrer" {
		t.Errorf("Referrer-Policy %q", got)
	}
	for _, id := range []string{"lists-imperial", "lists-rebel"} {
		if byID(doc, id) == nil {
			t.Errorf("no %s on the GM page", id)
		}
	}
	if !strings.Contains(text(byID(doc, "lists-imperial")), "heroes at most 300 SGPs; squads average or veteran") {
		t.Errorf("imperial limits: %s", text(byID(doc, "lists-imperial")))
	}
	link, _ := attr(byID(doc, "player-link"), "value")
	_, player, _ := strings.Cut(link, "/play/")
	if b, err := base64.RawURLEncoding.DecodeString(player); err != nil || len(b) < 16 || player == gm {
		t.Fatalf("player token %q", player)
	}
	r = ts.get("/play/" + player)
	wantStatus(t, "player page", r, http.StatusOK)
	if !strings.Contains(r.body, "Force Mixes (Chapter Ten)") || byID(parseHTML(t, r.body), "start-list") == nil {
		t.Errorf("player page: %.500s", r.body)
	}
	for _, path := range []string{"/games/new", loc, "/play/" + player} {
		r := ts.get(path)
		if strings.Contains(r.body, "<script>") || strings.Contains(r.body, " onclick=") {
			t.Errorf("%s has inline script", path)
		}
		if !strings.Contains(r.header.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: no CSP", path)
		}
	}
}

// What the gamemaster writes wrong is shown where it is: a limits file that does not parse
// with its line and column, a ban of nothing, limits for the wrong side, a missing name.
func TestGameFormShowsWhatIsWrongWhereItIs(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, c := range []struct {
		name, side, limits, where, want string
	}{
		{"Misspelt clause", "rebel", "total: 1500\nheros: 600\n", "limits-errors-rebel", "line 2, column 1"},
		{"Misspelt ban", "rebel", "banned: [thermal detonatr]\n", "limits-errors-rebel", `did you mean "Thermal Detonator"`},
		{"Wrong side", "imperial", "total: 1500\nsides: [rebel]\n", "limits-errors-imperial", "these limits are for rebel, but they are written for the imperial side"},
		{"Unknown rule", "rebel", "rules: {troop.trianing: warning}\n", "limits-errors-rebel", `"troop.trianing" is not a rule Muster checks`},
		{"", "rebel", "total: 1500\n", "", "Give the game a name"},
	} {
		r := ts.postForm("/games", url.Values{"name": {c.name}, "plays." + c.side: {"on"}, "limits." + c.side: {c.limits}})
		wantStatus(t, c.want, r, http.StatusUnprocessableEntity)
		body := r.body
		if c.where != "" {
			n := byID(parseHTML(t, r.body), c.where)
			if n == nil {
				t.Fatalf("%s: no #%s", c.want, c.where)
			}
			body = text(n)
		}
		if !strings.Contains(body, c.want) {
			t.Errorf("want %q in:\n%.1500s", c.want, body)
		}
	}
	r := ts.postBody("/games", "application/x-www-form-urlencoded", url.Values{"name": {"No token"}, "plays.rebel": {"on"}}.Encode())
	wantStatus(t, "a game form without its CSRF token", r, http.StatusForbidden)
	r = ts.postForm("/games", url.Values{"name": {"No sides"}})
	wantStatus(t, "no sides", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "Choose at least one side") {
		t.Error("no word that a side must play")
	}
}

// A player opens the player link, chooses a side, builds a list checked live against that
// side's limits, submits it, sees why it breaks them, fixes it and submits again; the
// gamemaster sees it, valid.
func TestPlayerBuildsAndSubmitsAListCheckedAgainstTheSidesLimits(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Ackbar", "Home One boarders")
	base := "/play/" + player + "/lists/" + key

	// The editor: the side and limit are the game's, and the limits are said.
	r := ts.get(base + "/edit")
	wantStatus(t, "editor", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if fixed := byID(doc, "fixed"); fixed == nil || !strings.Contains(text(fixed), "veteran or elite") {
		t.Fatalf("the editor does not show the side's limits")
	}
	if byID(doc, "army-side") != nil || byID(doc, "freehand") != nil {
		t.Error("the list's editor lets the player change the side or go free-hand")
	}
	form := byID(doc, "army-form")
	if act, _ := attr(form, "action"); act != base {
		t.Errorf("the editor posts to %q, want %q", act, base)
	}
	if hx, _ := attr(form, "hx-post"); hx != base+"/preview" {
		t.Errorf("the editor previews at %q", hx)
	}

	// Mon Calamari are average by their Troop List: the Rebel limits want veteran or elite.
	ts.addUnit(base, "squad|Mon Calamari")
	v := ts.listForm(base)
	r = ts.postForm(base+"/preview", v)
	wantStatus(t, "preview", r, http.StatusOK)
	if !strings.Contains(text(byID(parseHTML(t, r.body), "unit-0-problems")), "the limits allow veteran or elite squads only") {
		t.Fatalf("the preview does not show the quality limit:\n%.3000s", r.body)
	}
	r = ts.postForm(base+"/submit", nil)
	wantStatus(t, "submit", r, http.StatusSeeOther)
	r = ts.get(base)
	wantStatus(t, "list page", r, http.StatusOK)
	status := text(byID(parseHTML(t, r.body), "list-status"))
	if !strings.Contains(status, "1 error") || !strings.Contains(status, "the gamemaster sees it as invalid") {
		t.Errorf("after submitting a list that breaks a limit: %q", status)
	}
	if !strings.Contains(r.body, "the limits allow veteran or elite squads only") {
		t.Error("the list page does not say why")
	}
	g := ts.get("/gm/" + gm)
	rebels := text(byID(parseHTML(t, g.body), "lists-rebel"))
	if !strings.Contains(rebels, "Ackbar") || !strings.Contains(rebels, "1 error") || !strings.Contains(rebels, "veteran or elite") {
		t.Errorf("GM sees: %q", rebels)
	}

	// Fixed: veteran. The live preview says so before saving.
	v = ts.listForm(base)
	v.Set("u0.quality", "veteran")
	r = ts.postForm(base+"/preview", v)
	if strings.Contains(r.body, "the limits allow veteran or elite squads only") {
		t.Fatal("still over the quality limit after choosing veteran")
	}
	v.Set("action", "save")
	wantStatus(t, "save", ts.postForm(base, v), http.StatusSeeOther)
	// Saved but not yet submitted: the GM still sees the submitted version.
	g = ts.get("/gm/" + gm)
	if rebels := text(byID(parseHTML(t, g.body), "lists-rebel")); !strings.Contains(rebels, "changed since submitting version 2") {
		t.Errorf("GM does not see that the list changed since it was submitted: %q", rebels)
	}
	wantStatus(t, "submit again", ts.postForm(base+"/submit", nil), http.StatusSeeOther)
	r = ts.get(base)
	if status := text(byID(parseHTML(t, r.body), "list-status")); !strings.Contains(status, "valid") || !strings.Contains(status, "keeps to the limits") {
		t.Errorf("after fixing: %q", status)
	}
	g = ts.get("/gm/" + gm)
	rebels = text(byID(parseHTML(t, g.body), "lists-rebel"))
	if !strings.Contains(rebels, "valid") || strings.Contains(rebels, "error") {
		t.Errorf("GM sees after the fix: %q", rebels)
	}
	// The GM opens the list, its sheets and its file.
	lists, _ := ts.store.GameLists(context.Background(), gameID(t, ts, gm))
	lp := "/gm/" + gm + "/lists/" + lists[0].ID
	r = ts.get(lp)
	wantStatus(t, "GM list page", r, http.StatusOK)
	if !strings.Contains(r.body, "Mon Calamari") || byID(parseHTML(t, r.body), "print-sheets") == nil {
		t.Errorf("GM list page: %.800s", r.body)
	}
	wantStatus(t, "GM sheets", ts.get(lp+"/sheets"), http.StatusOK)
	r = ts.get(lp + "/export?format=yaml")
	wantStatus(t, "GM export", r, http.StatusOK)
	if !strings.Contains(r.body, "quality: veteran") {
		t.Errorf("the exported list is not the submitted one:\n%s", r.body)
	}
	// The player's own page lists the list (the browser remembers its key).
	r = ts.get("/play/" + player)
	if mine := text(byID(parseHTML(t, r.body), "my-lists")); !strings.Contains(mine, "Home One boarders") {
		t.Errorf("the player's page does not list their list: %q", mine)
	}
}

func gameID(t *testing.T, ts *testServer, gm string) string {
	t.Helper()
	g, _, err := ts.store.GameByGMToken(context.Background(), gm)
	if err != nil {
		t.Fatal(err)
	}
	return g.ID
}

// Chapter Ten's limits changed after lists came in: nothing is lost; each list is judged
// again and shown as now invalid where it is; restoring the old limits makes it valid.
func TestChangingTheLimitsLosesNoListAndJudgesEachAgain(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	sides := chapterTenSides(t)
	gm, player := ts.createGame("Force Mixes", sides)
	key := ts.startList(player, "imperial", "Veers", "Blizzard Force")
	base := "/play/" + player + "/lists/" + key
	ts.addUnit(base, "squad|Stormtrooper")
	wantStatus(t, "submit", ts.postForm(base+"/submit", nil), http.StatusSeeOther)
	g := ts.get("/gm/" + gm)
	if imps := text(byID(parseHTML(t, g.body), "lists-imperial")); !strings.Contains(imps, "valid") {
		t.Fatalf("the Stormtroopers are not valid under Chapter Ten's limits: %q", imps)
	}
	// The GM halves the Imperial total.
	form := formValues(byID(parseHTML(t, g.body), "game-form"))
	form.Set("limits.rebel", sides["rebel"]) // formValues folds a textarea's lines
	form.Set("limits.imperial", strings.Replace(sides["imperial"], "total: 1500", "total: 100", 1))
	form.Set("action", "save")
	wantStatus(t, "save limits", ts.postForm("/gm/"+gm, form), http.StatusSeeOther)
	g = ts.get("/gm/" + gm)
	doc := parseHTML(t, g.body)
	imps := text(byID(doc, "lists-imperial"))
	if !strings.Contains(imps, "Blizzard Force") || !strings.Contains(imps, "1 error") || !strings.Contains(imps, "over") {
		t.Errorf("after the limits changed the GM sees: %q", imps)
	}
	if h := text(byID(doc, "history")); !strings.Contains(h, "2 versions") || !strings.Contains(h, "total 100") {
		t.Errorf("history: %q", h)
	}
	r := ts.get(base)
	if st := text(byID(parseHTML(t, r.body), "list-status")); !strings.Contains(st, "1 error") {
		t.Errorf("the player does not see the list is now invalid: %q", st)
	}
	// Restore version 1: valid again.
	wantStatus(t, "restore", ts.postForm("/gm/"+gm+"/restore", url.Values{"version": {"1"}}), http.StatusSeeOther)
	g = ts.get("/gm/" + gm)
	if imps := text(byID(parseHTML(t, g.body), "lists-imperial")); !strings.Contains(imps, "valid") || strings.Contains(imps, "error") {
		t.Errorf("after restoring: %q", imps)
	}
	// A side that stops playing keeps its lists, apart. (The form edits the restored
	// version: one drawn before the restore would be refused as stale.)
	form.Set("version", formValues(byID(parseHTML(t, g.body), "game-form")).Get("version"))
	form.Del("plays.imperial")
	form.Set("limits.imperial", sides["imperial"])
	wantStatus(t, "drop imperial", ts.postForm("/gm/"+gm, form), http.StatusSeeOther)
	g = ts.get("/gm/" + gm)
	if other := text(byID(parseHTML(t, g.body), "lists-other")); !strings.Contains(other, "Blizzard Force") || !strings.Contains(other, "side no longer plays") {
		t.Errorf("lists of a side that no longer plays: %q", other)
	}
}

// Limits as files: each side's limits export as a file `muster check --limits` reads, and a
// limits file imports for a side (one that cannot be read is refused with line and column).
func TestLimitsFilesExportImportAndCheck(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, _ := ts.createGame("Force Mixes", map[string]string{"rebel": "total: 1500\nsgp: {heroes: 600}\n", "imperial": ""})
	r := ts.get("/gm/" + gm + "/limits/rebel")
	wantStatus(t, "export", r, http.StatusOK)
	if !strings.Contains(r.header.Get("Content-Disposition"), "rebel-limits.yaml") || !strings.Contains(r.body, "sides: [rebel]") {
		t.Fatalf("export: %q %q", r.header.Get("Content-Disposition"), r.body)
	}
	path := filepath.Join(t.TempDir(), "rebel-limits.yaml")
	if err := os.WriteFile(path, []byte(r.body), 0o644); err != nil {
		t.Fatal(err)
	}
	// Blue Rangers (710 SGPs) keep to these limits; the Imperial Crystal Forest force is not Rebel.
	code, out, errOut := runMuster(t, "check", "--limits", path, "../../../../rules/data/forces/blue-rangers.yaml")
	if code != 0 {
		t.Errorf("check Blue Rangers: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runMuster(t, "check", "--limits", path, "../../../../rules/data/forces/crystal-forest-imperial.yaml")
	if code != 1 || !strings.Contains(out, "limits.side") {
		t.Errorf("check an Imperial force against Rebel limits: exit %d\n%s", code, out)
	}
	wantStatus(t, "export of a side that does not play", ts.get("/gm/"+gm+"/limits/neutral"), http.StatusNotFound)
	if r := ts.get("/gm/" + gm + "/limits/imperial"); r.status != http.StatusOK || strings.TrimSpace(r.body) != "sides: [imperial]" {
		t.Errorf("export of no limits: %d %q", r.status, r.body)
	}

	// Import: an upload replaces the side's limits, as a new version.
	upload := func(side, data string) response {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("_csrf", ts.token())
		fw, _ := mw.CreateFormFile("file", side+".yaml")
		fw.Write([]byte(data))
		mw.Close()
		return ts.postBody("/gm/"+gm+"/limits/"+side, mw.FormDataContentType(), body.String())
	}
	data, _ := os.ReadFile("../../../../costing/testdata/chapter-ten/imperial-limits.yaml")
	wantStatus(t, "import", upload("imperial", string(data)), http.StatusSeeOther)
	g := ts.get("/gm/" + gm)
	if imps := text(byID(parseHTML(t, g.body), "lists-imperial")); !strings.Contains(imps, "heroes at most 300 SGPs") {
		t.Errorf("after import: %q", imps)
	}
	r = upload("imperial", "total: 1500\nsgp: {heroes: [1]}\n")
	wantStatus(t, "bad import", r, http.StatusUnprocessableEntity)
	if errs := text(byID(parseHTML(t, r.body), "limits-errors-imperial")); !strings.Contains(errs, "line 2, column 15") {
		t.Errorf("bad import: %q", errs)
	}
	// "Import" pressed with no file chosen sends an empty one: the limits stay as they were.
	r = upload("imperial", "")
	wantStatus(t, "import with no file", r, http.StatusUnprocessableEntity)
	if errs := text(byID(parseHTML(t, r.body), "limits-errors-imperial")); !strings.Contains(errs, "Choose a limits file to import") {
		t.Errorf("import with no file: %q", errs)
	}
	if g, _, _ := ts.store.GameByGMToken(context.Background(), gm); g.Versions != 2 {
		t.Errorf("%d versions after one import and two refused", g.Versions)
	}
}

// --- authorization --------------------------------------------------------------------

// The player link opens no gamemaster page, and no gamemaster action works with it.
func TestPlayerLinkCannotReachGamemasterPages(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")
	ts.postForm("/play/"+player+"/lists/"+key+"/submit", nil)
	id := ts.listID(gm)
	for _, path := range []string{"/gm/" + player, "/gm/" + player + "/limits/rebel", "/gm/" + player + "/lists/" + id,
		"/gm/" + player + "/lists/" + id + "/sheets", "/gm/" + player + "/lists/" + id + "/export", "/gm/" + key} {
		wantStatus(t, "GET "+path, ts.get(path), http.StatusNotFound)
	}
	for _, path := range []string{"/gm/" + player, "/gm/" + player + "/lock", "/gm/" + player + "/rotate", "/gm/" + player + "/restore",
		"/gm/" + player + "/limits/rebel"} {
		r := ts.postForm(path, url.Values{"which": {"player"}, "confirm": {"yes"}, "version": {"1"}, "name": {"Hijacked"}, "plays.rebel": {"on"}})
		wantStatus(t, "POST "+path, r, http.StatusNotFound)
	}
	if g, _, _ := ts.store.GameByGMToken(context.Background(), gm); g.Locked || g.Versions != 1 || g.Name != "Force Mixes" {
		t.Errorf("the game changed: %+v", g)
	}
}

func (ts *testServer) listID(gm string) string {
	ts.t.Helper()
	lists, err := ts.store.GameLists(context.Background(), gameID(ts.t, ts, gm))
	if err != nil || len(lists) == 0 {
		ts.t.Fatalf("lists: %v %v", lists, err)
	}
	return lists[0].ID
}

// A player link opens its own game's lists only: a key or an id of another game's list
// finds nothing, before and after the lock.
func TestPlayerLinkCannotReachAnotherGamesLists(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gmA, playerA := ts.createGame("Game A", chapterTenSides(t))
	gmB, playerB := ts.createGame("Game B", chapterTenSides(t))
	keyB := ts.startList(playerB, "rebel", "Han", "Smugglers")
	ts.postForm("/play/"+playerB+"/lists/"+keyB+"/submit", nil)
	idB := ts.listID(gmB)
	for _, path := range []string{"/play/" + playerA + "/lists/" + keyB, "/play/" + playerA + "/lists/" + keyB + "/edit",
		"/play/" + playerA + "/lists/" + keyB + "/export", "/play/" + playerA + "/lists/" + keyB + "/sheets",
		"/gm/" + gmA + "/lists/" + idB, "/gm/" + gmA + "/lists/" + idB + "/export"} {
		wantStatus(t, "GET "+path, ts.get(path), http.StatusNotFound)
	}
	for _, path := range []string{"/play/" + playerA + "/lists/" + keyB, "/play/" + playerA + "/lists/" + keyB + "/submit",
		"/play/" + playerA + "/lists/" + keyB + "/withdraw", "/play/" + playerA + "/lists/" + keyB + "/undo"} {
		wantStatus(t, "POST "+path, ts.postForm(path, nil), http.StatusNotFound)
	}
	wantStatus(t, "lock A", ts.postForm("/gm/"+gmA+"/lock", nil), http.StatusSeeOther)
	wantStatus(t, "B's list through A after the lock", ts.get("/play/"+playerA+"/view/"+idB), http.StatusNotFound)
	if r := ts.get("/play/" + playerA); strings.Contains(r.body, "Smugglers") {
		t.Error("game A's page shows game B's list")
	}
}

// Before the lock a player sees only their own lists; after it, everyone sees every
// submitted list, as at the table.
func TestOtherPlayersListsAreHiddenUntilTheLock(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	leia := ts
	vader := ts.asAnotherBrowser()
	k1 := leia.startList(player, "rebel", "Leia", "Alliance")
	k2 := vader.startList(player, "imperial", "Vader", "Death Squadron")
	leia.postForm("/play/"+player+"/lists/"+k1+"/submit", nil)
	vader.postForm("/play/"+player+"/lists/"+k2+"/submit", nil)
	var vaderID string
	lists, _ := ts.store.GameLists(context.Background(), gameID(t, ts, gm))
	for _, l := range lists {
		if l.Player == "Vader" {
			vaderID = l.ID
		}
	}
	r := leia.get("/play/" + player)
	if strings.Contains(r.body, "Death Squadron") || strings.Contains(r.body, "Vader") || !strings.Contains(r.body, "Alliance") {
		t.Errorf("before the lock Leia's page: %.3000s", r.body)
	}
	wantStatus(t, "Vader's list before the lock", leia.get("/play/"+player+"/view/"+vaderID), http.StatusNotFound)
	wantStatus(t, "a made-up list before the lock", leia.get("/play/"+player+"/view/"+randomToken()), http.StatusNotFound)
	// The player link does not open a list by its key without the list's key.
	wantStatus(t, "Vader's list by id as a key", leia.get("/play/"+player+"/lists/"+vaderID), http.StatusNotFound)
	// The GM sees both.
	g := ts.get("/gm/" + gm)
	if !strings.Contains(g.body, "Death Squadron") || !strings.Contains(g.body, "Alliance") {
		t.Error("the GM does not see both lists")
	}

	wantStatus(t, "lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusSeeOther)
	r = leia.get("/play/" + player)
	all := text(byID(parseHTML(t, r.body), "all-lists"))
	if !strings.Contains(all, "Death Squadron") || !strings.Contains(all, "Alliance") {
		t.Errorf("after the lock Leia sees: %q", all)
	}
	r = leia.get("/play/" + player + "/view/" + vaderID)
	wantStatus(t, "Vader's list after the lock", r, http.StatusOK)
	if byID(parseHTML(t, r.body), "edit-list") != nil || byID(parseHTML(t, r.body), "submit-list") != nil {
		t.Error("another player's list can be edited or submitted after the lock")
	}
}

// After the lock nothing about a list changes: not its army, not its submission, and no
// new list is started.
func TestNoChangeAfterTheLock(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")
	base := "/play/" + player + "/lists/" + key
	ts.addUnit(base, "squad|Standard Rebel Trooper")
	ts.postForm(base+"/submit", nil)
	form := ts.listForm(base)
	wantStatus(t, "lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusSeeOther)

	form.Set("action", "add")
	form.Set("add", "squad|Wookiee")
	for path, v := range map[string]url.Values{
		base: form, base + "/preview": form, base + "/undo": nil, base + "/redo": nil, base + "/submit": nil, base + "/withdraw": nil,
		"/play/" + player + "/lists": {"action": {"new"}, "player": {"Luke"}, "side": {"rebel"}, "name": {"Late"}},
	} {
		wantStatus(t, "POST "+path+" after the lock", ts.postForm(path, v), http.StatusConflict)
	}
	r := ts.get(base + "/edit")
	wantStatus(t, "editor after the lock", r, http.StatusSeeOther)
	if loc := r.header.Get("Location"); loc != base+"?locked=1" {
		t.Errorf("the editor after the lock redirects to %q", loc)
	}
	r = ts.get(base)
	wantStatus(t, "list page after the lock", r, http.StatusOK)
	if doc := parseHTML(t, r.body); byID(doc, "edit-list") != nil || byID(doc, "submit-list") != nil || byID(doc, "withdraw-list") != nil {
		t.Error("the locked list still offers edit, submit or withdraw")
	}
	lists, _ := ts.store.GameLists(context.Background(), gameID(t, ts, gm))
	if len(lists) != 1 || lists[0].Army.Versions != 2 || lists[0].Submitted != 2 {
		t.Errorf("after the lock: %+v", lists)
	}
	// Unlocked, the player may change it again.
	wantStatus(t, "unlock", ts.postForm("/gm/"+gm+"/unlock", nil), http.StatusSeeOther)
	wantStatus(t, "save after unlocking", ts.postForm(base, form), http.StatusSeeOther)
}

// A wrong token, or one the gamemaster rotated, opens nothing; the lists are kept and open
// with the new player link.
func TestWrongOrRotatedTokenGetsNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")
	for _, tok := range []string{randomToken(), player[:len(player)-1], player + "A", "x", gm[:10]} {
		wantStatus(t, "GM "+tok, ts.get("/gm/"+tok), http.StatusNotFound)
		wantStatus(t, "player "+tok, ts.get("/play/"+tok), http.StatusNotFound)
		wantStatus(t, "list "+tok, ts.get("/play/"+tok+"/lists/"+key), http.StatusNotFound)
	}
	wantStatus(t, "a wrong list key", ts.get("/play/"+player+"/lists/"+randomToken()), http.StatusNotFound)

	r := ts.postForm("/gm/"+gm+"/rotate", url.Values{"which": {"player"}, "confirm": {"yes"}})
	wantStatus(t, "rotate player", r, http.StatusSeeOther)
	page := ts.get("/gm/" + gm)
	val, _ := attr(byID(parseHTML(t, page.body), "player-link"), "value")
	_, fresh, _ := strings.Cut(val, "/play/")
	if fresh == player || fresh == "" {
		t.Fatalf("the player link did not change: %q", val)
	}
	for _, path := range []string{"/play/" + player, "/play/" + player + "/lists/" + key, "/play/" + player + "/lists/" + key + "/edit"} {
		wantStatus(t, "old player link "+path, ts.get(path), http.StatusNotFound)
	}
	wantStatus(t, "old player link: start a list", ts.postForm("/play/"+player+"/lists",
		url.Values{"action": {"new"}, "player": {"Luke"}, "side": {"rebel"}, "name": {"X"}}), http.StatusNotFound)
	wantStatus(t, "the list with the new player link", ts.get("/play/"+fresh+"/lists/"+key), http.StatusOK)

	r = ts.postForm("/gm/"+gm+"/rotate", url.Values{"which": {"gm"}, "confirm": {"yes"}})
	wantStatus(t, "rotate GM", r, http.StatusSeeOther)
	newGM := strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/gm/"), "?rotated=gm")
	if newGM == gm {
		t.Fatal("the GM link did not change")
	}
	wantStatus(t, "old GM link", ts.get("/gm/"+gm), http.StatusNotFound)
	wantStatus(t, "old GM link: lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusNotFound)
	page = ts.get("/gm/" + newGM)
	wantStatus(t, "new GM link", page, http.StatusOK)
	if val, _ := attr(byID(parseHTML(t, page.body), "player-link"), "value"); !strings.HasSuffix(val, "/play/"+fresh) {
		t.Errorf("after rotating the GM link the player link is %q, want .../play/%s", val, fresh)
	}
	wantStatus(t, "rotate what", ts.postForm("/gm/"+newGM+"/rotate", url.Values{"which": {"both"}}), http.StatusBadRequest)
}

// A list is an army, but not one the army pages reach: nobody gets to another player's
// list, or changes one after the lock, through /armies/.
func TestGameListsAreNotReachableAsArmies(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Leia", "Alliance")
	lists, _ := ts.store.GameLists(context.Background(), gameID(t, ts, gm))
	army := lists[0].Army.ID
	own := ts.importFile(mixed)
	for _, path := range []string{"/armies/" + army, "/armies/" + army + "/edit", "/armies/" + army + "/export",
		"/armies/" + army + "/sheets", "/api/armies/" + army, "/api/armies/" + army + "/file", "/compare?a=" + own + "&b=" + army} {
		wantStatus(t, "GET "+path, ts.get(path), http.StatusNotFound)
	}
	for _, path := range []string{"/armies/" + army, "/armies/" + army + "/undo", "/armies/" + army + "/delete",
		"/armies/" + army + "/share", "/armies/" + army + "/duplicate", "/armies/" + army + "/restore"} {
		wantStatus(t, "POST "+path, ts.postForm(path, url.Values{"version": {"1"}}), http.StatusNotFound)
	}
	if r := ts.get("/"); strings.Contains(r.body, "Alliance") {
		t.Error("the armies page lists a game's list")
	}
	wantStatus(t, "own army", ts.get("/armies/"+own), http.StatusOK)
	wantStatus(t, "the list through its key", ts.get("/play/"+player+"/lists/"+key), http.StatusOK)
}

// Importing a list: an army file becomes a list for the chosen side; a file that cannot be
// read is refused with its line and column.
func TestPlayerImportsAnArmyFile(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	data, _ := os.ReadFile("../../../../rules/data/forces/blue-rangers.yaml")
	r := ts.postForm("/play/"+player+"/lists", url.Values{"action": {"import"}, "player": {"Ackbar"}, "side": {"rebel"}, "text": {string(data)}})
	wantStatus(t, "import", r, http.StatusSeeOther)
	loc := r.header.Get("Location")
	r = ts.get(loc)
	wantStatus(t, "imported list", r, http.StatusOK)
	if !strings.Contains(r.body, "Blue Rangers") || !strings.Contains(r.body, "Imported") {
		t.Errorf("imported list page: %.1000s", r.body)
	}
	r = ts.postForm("/play/"+player+"/lists", url.Values{"action": {"import"}, "player": {"Ackbar"}, "side": {"rebel"}, "text": {"format: 1\nunits: [\n"}})
	wantStatus(t, "bad import", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "line ") {
		t.Errorf("bad import: %.2000s", r.body)
	}
	r = ts.postForm("/play/"+player+"/lists", url.Values{"action": {"new"}, "player": {""}, "side": {"neutral"}, "name": {"X"}})
	wantStatus(t, "no name, a side that does not play", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "Write your name") || !strings.Contains(r.body, "Choose one of the sides that play") {
		t.Errorf("start without a name: %.2000s", r.body)
	}
	if lists, _ := ts.store.GameLists(context.Background(), gameID(t, ts, gm)); len(lists) != 1 || lists[0].Army.Side != "rebel" {
		t.Errorf("lists: %+v", lists)
	}
}

// Chapter Ten's Force Mixes set with fields instead of a file: a total, a hero SGP cap, the
// qualities allowed, a ban and a house rule become the side's limits file, and the GM page
// sums them up as the book's briefing reads.
func TestForceLimitsAsAForm(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/games/new")
	wantStatus(t, "new game", r, http.StatusOK)
	v := formValues(byID(parseHTML(t, r.body), "game-form"))
	v.Set("name", "Force Mixes by form")
	v.Set("plays.imperial", "on")
	v.Del("plays.rebel")
	v.Set("lim.imperial.total", "1500")
	v.Set("lim.imperial.sgp.heroes", "300")
	v["lim.imperial.quality"] = []string{"average", "veteran"}
	v["lim.imperial.banned"] = []string{"creature: Wampa", "droids"}
	v.Set("lim.imperial.rules.troop.side", "error")
	v.Set("action", "save")
	r = ts.postForm("/games", v)
	wantStatus(t, "create", r, http.StatusSeeOther)
	r = ts.get(r.header.Get("Location"))
	sum := text(byID(parseHTML(t, r.body), "lists-imperial"))
	for _, want := range []string{"total 1500", "heroes at most 300 SGPs", "squads average or veteran", "no creature: Wampa", "no droids"} {
		if !strings.Contains(sum, want) {
			t.Errorf("imperial limits lack %q: %s", want, sum)
		}
	}
	// The edit form draws the fields back from the stored file, and the file is there too.
	doc := parseHTML(t, r.body)
	form := byID(doc, "game-form")
	if form == nil {
		t.Fatal("no game form on the GM page")
	}
	fv := formValues(form)
	if fv.Get("lim.imperial.total") != "1500" || fv.Get("lim.imperial.sgp.heroes") != "300" {
		t.Errorf("fields drawn back: total %q heroes %q", fv.Get("lim.imperial.total"), fv.Get("lim.imperial.sgp.heroes"))
	}
	if got := fv["lim.imperial.banned"]; len(got) != 2 {
		t.Errorf("banned drawn back: %v", got)
	}
	if f := fv.Get("limits.imperial"); !strings.Contains(f, "troop.side: error") || !strings.Contains(f, "1500") {
		t.Errorf("the limits file: %q", f)
	}
}

// A number of the wrong shape is refused in words naming the field, and shown back as typed;
// nothing else typed is lost.
func TestForceLimitsFormRefusesAWrongNumberInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/games/new")
	v := formValues(byID(parseHTML(t, r.body), "game-form"))
	v.Set("name", "Typo night")
	v.Set("plays.rebel", "on")
	v.Set("lim.rebel.total", "15OO")
	v.Set("lim.rebel.sgp.squads", "900")
	v.Set("action", "save")
	r = ts.postForm("/games", v)
	wantStatus(t, "refused", r, http.StatusUnprocessableEntity)
	side := text(byID(parseHTML(t, r.body), "side-rebel"))
	if !strings.Contains(side, `total: write a whole number from 0 to 1000000, or leave it empty for no cap (not "15OO")`) {
		t.Errorf("rebel side says: %s", side)
	}
	fv := formValues(byID(parseHTML(t, r.body), "game-form"))
	if fv.Get("lim.rebel.total") != "15OO" || fv.Get("lim.rebel.sgp.squads") != "900" || fv.Get("name") != "Typo night" {
		t.Errorf("typed values lost: total %q squads %q name %q", fv.Get("lim.rebel.total"), fv.Get("lim.rebel.sgp.squads"), fv.Get("name"))
	}
}

// A player's unsaved changes to a game list are kept as they type, as on an army's editor:
// leaving the page and coming back offers them, resuming shows them, discarding forgets them.
func TestGameListKeepsTheUnsavedDraft(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Draft night", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Ackbar", "Home One Guard")
	base := "/play/" + player + "/lists/" + key
	form := ts.listForm(base)
	form.Set("name", "Home One Guard, unsaved")
	wantStatus(t, "preview", ts.postForm(base+"/preview", form), http.StatusOK)
	r := ts.get(base + "/edit")
	if byID(parseHTML(t, r.body), "draft-banner") == nil {
		t.Fatal("the list's editor does not offer the unsaved changes")
	}
	r = ts.get(base + "/edit?draft=resume")
	if !strings.Contains(r.body, `value="Home One Guard, unsaved"`) {
		t.Error("resuming does not show the unsaved name")
	}
	wantStatus(t, "discard", ts.postForm(base+"/draft/discard", nil), http.StatusSeeOther)
	r = ts.get(base + "/edit")
	if byID(parseHTML(t, r.body), "draft-banner") != nil || strings.Contains(r.body, "Home One Guard, unsaved") {
		t.Error("the draft survived its discard")
	}
}

// A game night takes SWMB armies: a d20 squad pasted as a list is refused in words that say
// which game it is and where it can go, and what was pasted is kept.
func TestGameListRefusesAnotherGamesFileInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Wrong game", chapterTenSides(t))
	squad := "format: 1\nsystem: swm\nname: Echo Base\nfaction: Rebel\nunits:\n  - card: Hoth Trooper\n"
	r := ts.postForm("/play/"+player+"/lists", url.Values{"action": {"import"}, "player": {"Ackbar"}, "side": {"rebel"}, "text": {squad}})
	if !strings.Contains(r.body, "a game night takes Star Wars Miniatures Battles armies") || !strings.Contains(r.body, "Echo Base") {
		t.Errorf("a d20 squad as a list: %d\n%.2000s", r.status, r.body)
	}
}

// Every cap field of the form lands on its own clause of the limits file (SGPs at most and
// how many at most, kind by kind), and is drawn back into the same field.
func TestForceLimitsFormKeepsEveryCapInItsClause(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	v := formValues(byID(parseHTML(t, ts.get("/games/new").body), "game-form"))
	v.Set("name", "Every cap")
	v.Set("plays.imperial", "on")
	v.Del("plays.rebel")
	v.Set("action", "save")
	typed := map[string]string{
		"sgp.heroes": "101", "sgp.squads": "102", "sgp.droids": "103", "sgp.creatures": "104", "sgp.artillery": "105", "sgp.strikes": "106",
		"max.heroes": "1", "max.squads": "2", "max.droids": "3", "max.creatures": "4", "max.specialized_weapons": "5", "max.grenades": "6",
	}
	for k, n := range typed {
		v.Set("lim.imperial."+k, n)
	}
	r := ts.postForm("/games", v)
	wantStatus(t, "create", r, http.StatusSeeOther)
	doc := parseHTML(t, ts.get(r.header.Get("Location")).body)
	fv := formValues(byID(doc, "game-form"))
	box := byID(doc, "limits-imperial") // the limits file, as the page shows it
	if box == nil || box.FirstChild == nil {
		t.Fatal("no limits file on the GM page")
	}
	file := box.FirstChild.Data
	l, err := roster.ReadLimits([]byte(file))
	if err != nil {
		t.Fatalf("the limits file: %v\n%s", err, file)
	}
	n := func(p *int) int {
		if p == nil {
			return -1
		}
		return *p
	}
	got := [12]int{n(l.SGP.Heroes), n(l.SGP.Squads), n(l.SGP.Droids), n(l.SGP.Creatures), n(l.SGP.Artillery), n(l.SGP.Strikes),
		n(l.Max.Heroes), n(l.Max.Squads), n(l.Max.Droids), n(l.Max.Creatures), n(l.Max.SpecializedWeapons), n(l.Max.Grenades)}
	if want := [12]int{101, 102, 103, 104, 105, 106, 1, 2, 3, 4, 5, 6}; got != want {
		t.Errorf("the limits file's caps %v, want %v:\n%s", got, want, file)
	}
	for k, want := range typed {
		if back := fv.Get("lim.imperial." + k); back != want {
			t.Errorf("%s drawn back as %q, want %q", k, back, want)
		}
	}
}

// Two gamemaster tabs on the same game: the older one's save is refused (409) with its
// fields as typed, and the limits the other tab saved stay; saving the shown form again is
// then the gamemaster's choice.
func TestGameSaveFromAStaleTabIsRefusedAndKeepsWhatWasTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, _ := ts.createGame("Two tabs", map[string]string{"rebel": "total: 1500\n", "imperial": "total: 1500\n"})
	gameForm := func() url.Values {
		r := ts.get("/gm/" + gm)
		wantStatus(t, "GM page", r, http.StatusOK)
		return formValues(byID(parseHTML(t, r.body), "game-form"))
	}
	tab1, tab2 := gameForm(), gameForm()
	tab1.Set("lim.rebel.total", "2000")
	wantStatus(t, "tab 1 saves", ts.postForm("/gm/"+gm, tab1), http.StatusSeeOther)
	tab2.Set("name", "Renamed in tab two")
	r := ts.postForm("/gm/"+gm, tab2)
	wantStatus(t, "tab 2 saves its older form", r, http.StatusConflict)
	if !strings.Contains(r.body, "another tab or window") || !strings.Contains(r.body, `value="Renamed in tab two"`) {
		t.Errorf("the stale game save does not come back as typed with why:\n%.2000s", r.body)
	}
	if got := ts.get("/gm/" + gm + "/limits/rebel").body; !strings.Contains(got, "total: 2000") {
		t.Errorf("tab one's Rebel total was undone by the stale save: %q", got)
	}
	again := formValues(byID(parseHTML(t, r.body), "game-form"))
	wantStatus(t, "saving the shown form", ts.postForm("/gm/"+gm, again), http.StatusSeeOther)
}

// The list's page says "Submitted version N" only while it is submitted: opened again at its
// ?submitted=1 address after a withdrawal (the browser's history, another tab), it said
// "Submitted version 0 to the gamemaster" over a list the gamemaster no longer counts.
func TestWithdrawnListIsNotAnnouncedAsSubmitted(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Force Mixes", chapterTenSides(t))
	base := "/play/" + player + "/lists/" + ts.startList(player, "rebel", "Ackbar", "Home One boarders")
	r := ts.postForm(base+"/submit", nil)
	wantStatus(t, "submit", r, http.StatusSeeOther)
	submitted := r.header.Get("Location")
	flashOf := func(body string) string {
		if m := regexp.MustCompile(`<p class="flash" role="status">([^<]*)</p>`).FindStringSubmatch(body); m != nil {
			return m[1]
		}
		return ""
	}
	if flash := flashOf(ts.get(submitted).body); flash != "Submitted version 1 to the gamemaster." {
		t.Errorf("right after submitting: %q", flash)
	}
	wantStatus(t, "withdraw", ts.postForm(base+"/withdraw", nil), http.StatusSeeOther)
	page := ts.get(submitted)
	wantStatus(t, "the submitted address again", page, http.StatusOK)
	if flash := flashOf(page.body); strings.Contains(flash, "Submitted") {
		t.Errorf("a withdrawn list's page says %q", flash)
	}
	if status := text(byID(parseHTML(t, page.body), "list-status")); !strings.Contains(status, "not submitted") {
		t.Errorf("a withdrawn list's status: %q", status)
	}
}

// A player's list says what an undo undid and a redo redid, as the army editor does (issue
// 31: "the undo message does not say what was undone").
func TestAListsUndoSaysWhatItUndid(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Undo night", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Ackbar", "Home One boarders")
	base := "/play/" + player + "/lists/" + key
	ts.addUnit(base, "squad|Mon Calamari")
	r := ts.postForm(base+"/undo", url.Values{"version": {ts.listForm(base).Get("version")}})
	wantStatus(t, "undo", r, http.StatusSeeOther)
	flash := ts.get(r.header.Get("Location")).body
	if !strings.Contains(flash, "Undone: added squad") || !strings.Contains(flash, "back to version") {
		t.Errorf("the flash after an undo does not say what was undone:\n%.800s", flash)
	}
	r = ts.postForm(base+"/redo", url.Values{"version": {ts.listForm(base).Get("version")}})
	wantStatus(t, "redo", r, http.StatusSeeOther)
	if flash := ts.get(r.header.Get("Location")).body; !strings.Contains(flash, "Redone: added squad") {
		t.Errorf("the flash after a redo does not say what was redone")
	}
}
