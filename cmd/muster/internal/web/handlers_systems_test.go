package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"muster/cmd/muster/internal/systems"
)

// The web pages of the other game systems' armies (handlers_systems.go), driven as a
// browser would: import, list, summary, edit as text, history, export, share, copy,
// duplicate, delete, and the SWMB-only pages saying so in words.

const (
	swmSample  = "../cli/testdata/swm/sample-rebel.yaml" // the rulebook's sample Rebel squad: 100 points
	swmTwoLeia = "../cli/testdata/swm/two-leias.yaml"
	qrsPatrol  = "../../../../rules/qrs/army/testdata/patrol.yaml"
)

// importText imports a file through the web form (pasted text), with the form's system
// choice, and returns the new army's id.
func (ts *testServer) importText(t *testing.T, data, sys string) string {
	t.Helper()
	r := ts.postForm("/armies/import", url.Values{"text": {data}, "system": {sys}})
	wantStatus(t, "import", r, http.StatusSeeOther)
	m := regexp.MustCompile(`^/armies/([A-Za-z0-9_-]+)\?imported=1$`).FindStringSubmatch(r.header.Get("Location"))
	if m == nil {
		t.Fatalf("import went to %q", r.header.Get("Location"))
	}
	return m[1]
}

// fileText is a test file's text.
func fileText(t *testing.T, path string) string { return string(readTestFile(t, path)) }

// The rulebook's sample Rebel Alliance squad (Squad Construction) costs 19 + 18 + 2 x 15 +
// 12 + 3 x 7 = 100 of the standard 100 points: imported on the web, it is listed as a d20
// squad and its page reads 100 of 100 with no errors.
func TestOtherSystemSWMSampleSquadReads100OnTheWeb(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")

	r := ts.get("/armies/" + id)
	wantStatus(t, "summary", r, http.StatusOK)
	if got := idText(t, r.body, "army-total"); got != "100" {
		t.Errorf("total %q, want 100", got)
	}
	if got := idText(t, r.body, "army-limit"); got != "100" {
		t.Errorf("limit %q, want 100", got)
	}
	if got := idText(t, r.body, "army-system"); !strings.Contains(got, "d20") {
		t.Errorf("system %q, want the d20 game named", got)
	}
	if got := idText(t, r.body, "army-faction"); got != "Rebel Alliance" {
		t.Errorf("faction %q", got)
	}
	if byID(parseHTML(t, r.body), "error-count") != nil {
		t.Errorf("the sample squad shows errors:\n%s", idText(t, r.body, "problem-list"))
	}
	// Each card's cost as the rulebook's squads add them up.
	costs := idText(t, r.body, "unit-costs")
	for _, want := range []string{"Princess Leia, Hoth Commander 1 19", "Rebel Leader 1 18", "Hoth Trooper with Atgar Cannon 2 30", "Elite Hoth Trooper 1 12", "Hoth Trooper 3 21"} {
		if !strings.Contains(costs, want) {
			t.Errorf("unit costs lack %q: %s", want, costs)
		}
	}

	home := ts.get("/")
	list := idText(t, home.body, "armies")
	if !strings.Contains(list, "Sample Rebel Alliance squad SWM d20") || !strings.Contains(list, "100 of 100 points") {
		t.Errorf("the army list does not show the squad's game and points: %s", list)
	}
}

// Unique (glossary, p. 31): a second Princess Leia is an error naming the unit, the rule
// and the fix, on the page and in the list's count.
func TestOtherSystemSWMSecondLeiaIsAnErrorNamingTheUnit(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmTwoLeia), "")
	r := ts.get("/armies/" + id)
	wantStatus(t, "summary", r, http.StatusOK)
	probs := idText(t, r.body, "problem-list")
	if !strings.Contains(probs, "error") || !strings.Contains(probs, "Princess Leia") || !strings.Contains(probs, "[swm.unique]") || !strings.Contains(probs, "Fix:") {
		t.Errorf("problems do not name the second Leia with rule and fix: %s", probs)
	}
	// 119 points of 100 is the second error (Squad Construction), named by the unit too.
	if got := idText(t, r.body, "error-count"); got != "2 errors" || !strings.Contains(probs, "[swm.points]") {
		t.Errorf("error count %q; problems %s", got, probs)
	}
}

// Export gives the file as stored (YAML, comments kept), JSON of the same squad, and the
// text list `muster cost` prints.
func TestOtherSystemExportYAMLJSONText(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := fileText(t, swmSample)
	id := ts.importText(t, file, "")

	y := ts.get("/armies/" + id + "/export?format=yaml")
	wantStatus(t, "yaml", y, http.StatusOK)
	if y.body != file {
		t.Errorf("YAML export differs from the imported file:\n%s", y.body)
	}
	j := ts.get("/armies/" + id + "/export?format=json")
	wantStatus(t, "json", j, http.StatusOK)
	var sq struct {
		System string `json:"system"`
		Units  []struct {
			Card  string `json:"card"`
			Count int    `json:"count"`
		} `json:"units"`
	}
	if err := json.Unmarshal([]byte(j.body), &sq); err != nil {
		t.Fatalf("JSON export: %v\n%s", err, j.body)
	}
	if sq.System != "swm" || len(sq.Units) != 5 || sq.Units[2].Count != 2 {
		t.Errorf("JSON export %+v", sq)
	}
	txt := ts.get("/armies/" + id + "/export?format=text")
	wantStatus(t, "text", txt, http.StatusOK)
	if !strings.Contains(txt.body, "Army total: 100 of 100 points") {
		t.Errorf("text list:\n%s", txt.body)
	}
	wantStatus(t, "bad format", ts.get("/armies/"+id+"/export?format=pdf"), http.StatusBadRequest)
}

// Editing as text saves a new version; a text that cannot be read is shown again with the
// reason and not saved; history restores the old version.
func TestOtherSystemEditAsTextHistoryRestore(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")

	ed := ts.get("/armies/" + id + "/edit?as=text")
	wantStatus(t, "text editor", ed, http.StatusOK)

	bad := ts.postForm("/armies/"+id, url.Values{"text": {"format: 1\nsystem: swm\nname: X\n"}})
	wantStatus(t, "unreadable text", bad, http.StatusUnprocessableEntity)
	if msg := idText(t, bad.body, "save-error"); !strings.Contains(msg, "faction") {
		t.Errorf("refusal does not name the field: %s", msg)
	}
	if !strings.Contains(bad.body, "name: X") {
		t.Error("the refused text is lost")
	}
	other := ts.postForm("/armies/"+id, url.Values{"text": {"format: 1\nsystem: qrs\nname: X\n"}})
	wantStatus(t, "other system", other, http.StatusUnprocessableEntity)
	if msg := idText(t, other.body, "save-error"); !strings.Contains(msg, `system: swm`) {
		t.Errorf("changing the game is not explained: %s", msg)
	}

	pv := ts.postForm("/armies/"+id+"/preview", url.Values{"text": {fileText(t, swmTwoLeia)}})
	wantStatus(t, "preview", pv, http.StatusOK)
	if !strings.Contains(pv.body, "swm.unique") || !strings.Contains(pv.body, "not saved") {
		t.Errorf("preview: %s", pv.body)
	}

	ok := ts.postForm("/armies/"+id, url.Values{"text": {fileText(t, swmTwoLeia)}})
	wantStatus(t, "save", ok, http.StatusSeeOther)
	r := ts.get("/armies/" + id)
	if got := idText(t, r.body, "army-total"); got == "100" {
		t.Errorf("the edit was not saved (total %s)", got)
	}
	if h := idText(t, r.body, "history"); !strings.Contains(h, "2 versions") || !strings.Contains(h, "edited as text") {
		t.Errorf("history: %s", h)
	}
	wantStatus(t, "restore", ts.postForm("/armies/"+id+"/restore", url.Values{"version": {"1"}}), http.StatusSeeOther)
	r = ts.get("/armies/" + id)
	if got := idText(t, r.body, "army-total"); got != "100" {
		t.Errorf("after restoring version 1 the total is %s, want 100", got)
	}
	wantStatus(t, "undo", ts.postForm("/armies/"+id+"/undo", nil), http.StatusSeeOther)
	if got := idText(t, ts.get("/armies/"+id).body, "army-total"); got == "100" {
		t.Errorf("undo of the restore left the total at 100")
	}
}

// Share links, copy, duplicate and delete work for a d20 squad as for an SWMB army.
func TestOtherSystemShareCopyDuplicateDelete(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")

	wantStatus(t, "share", ts.postForm("/armies/"+id+"/share", nil), http.StatusSeeOther)
	page := ts.get("/armies/" + id)
	m := regexp.MustCompile(`/share/([A-Za-z0-9_-]+)`).FindStringSubmatch(idText(t, page.body, "share-links") + page.body)
	if m == nil {
		t.Fatal("no share link on the page")
	}
	tok := m[1]
	visitor := ts.client()
	ts.as(visitor, func() {
		sh := ts.get("/share/" + tok)
		wantStatus(t, "shared page", sh, http.StatusOK)
		if got := idText(t, sh.body, "army-total"); got != "100" {
			t.Errorf("shared total %s", got)
		}
		wantStatus(t, "shared export", ts.get("/share/"+tok+"/export?format=text"), http.StatusOK)
		cp := ts.postForm("/share/"+tok+"/copy", nil)
		wantStatus(t, "copy", cp, http.StatusSeeOther)
		copied := ts.get(cp.header.Get("Location"))
		if got := idText(t, copied.body, "army-total"); got != "100" {
			t.Errorf("the copy reads %s", got)
		}
		// Not the visitor's: the owner's army reads as not found.
		wantStatus(t, "another's army", ts.get("/armies/"+id), http.StatusNotFound)
		wantStatus(t, "another's export", ts.get("/armies/"+id+"/export"), http.StatusNotFound)
	})

	dup := ts.postForm("/armies/"+id+"/duplicate", nil)
	wantStatus(t, "duplicate", dup, http.StatusSeeOther)
	d := ts.get(dup.header.Get("Location"))
	if h1 := text(firstTag(parseHTML(t, d.body), "h1")); h1 != "Sample Rebel Alliance squad (copy)" {
		t.Errorf("duplicate is named %q", h1)
	}
	if got := idText(t, d.body, "army-total"); got != "100" {
		t.Errorf("the duplicate reads %s", got)
	}

	wantStatus(t, "confirm delete", ts.get("/armies/"+id+"/delete"), http.StatusOK)
	wantStatus(t, "delete", ts.postForm("/armies/"+id+"/delete", nil), http.StatusSeeOther)
	wantStatus(t, "deleted", ts.get("/armies/"+id), http.StatusNotFound)
	wantStatus(t, "undelete", ts.postForm("/armies/"+id+"/undelete", nil), http.StatusSeeOther)
	wantStatus(t, "back", ts.get("/armies/"+id), http.StatusOK)
}

// Pages that mean nothing for a game say so in words: the SWMB record sheets of a skirmish
// quick reference army, and compare (an SWMB page) of a d20 squad.
func TestOtherSystemSWMBOnlyPagesSaySo(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	q := ts.importText(t, fileText(t, qrsPatrol), "")
	sh := ts.get("/armies/" + q + "/sheets")
	wantStatus(t, "qrs sheets", sh, http.StatusNotFound)
	if msg := idText(t, sh.body, "not-for-system"); !strings.Contains(msg, "skirmish quick reference has no printed sheet") {
		t.Errorf("sheets page: %s", msg)
	}
	s := ts.importText(t, fileText(t, swmSample), "")
	w := ts.importFile(mixed)
	cmp := ts.get("/compare?a=" + s + "&b=" + w)
	wantStatus(t, "compare", cmp, http.StatusUnprocessableEntity)
	if !strings.Contains(cmp.body, "are armies of different games: compare two armies of the same game") {
		t.Errorf("compare: %.2000s", cmp.body)
	}
}

// Two d20 squads compared as SWMB armies are: the sample squad (100 points) against the one
// with a second Leia, Hoth Commander (19 more: 119), cards paired by name, the difference
// and its count said.
func TestCompareTwoSWMSquads(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	s := ts.importText(t, fileText(t, swmSample), "")
	l := ts.importText(t, fileText(t, swmTwoLeia), "")
	cmp := ts.get("/compare?a=" + s + "&b=" + l)
	wantStatus(t, "compare", cmp, http.StatusOK)
	got := idText(t, cmp.body, "comparison")
	for _, want := range []string{"Sample Rebel Alliance squad", "Two Leias", "Total 100 of 100", "119", "+19"} {
		if !strings.Contains(got, want) {
			t.Errorf("comparison lacks %q:\n%s", want, got)
		}
	}
	if !strings.Contains(cmp.body, "Sample Rebel Alliance squad (SWM d20, 100)") {
		t.Error("the pickers do not say the squads' game")
	}
}

// The skirmish quick reference's army reads on the web with the totals `muster cost` gives
// it, through the same interface and no code of its own.
func TestOtherSystemQRSArmyThroughTheSharedInterface(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := fileText(t, qrsPatrol)
	rep, err := systems.ByID("qrs").Evaluate([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	id := ts.importText(t, file, "")
	r := ts.get("/armies/" + id)
	wantStatus(t, "qrs summary", r, http.StatusOK)
	if got := idText(t, r.body, "army-system"); got != "Star Wars skirmish quick reference" {
		t.Errorf("system %q", got)
	}
	code, out, _ := runMuster(t, "cost", "--json", qrsPatrol)
	if code != 0 {
		t.Fatalf("muster cost: %d", code)
	}
	var cli struct{ Total int }
	if err := json.Unmarshal([]byte(out), &cli); err != nil {
		t.Fatal(err)
	}
	if got := idText(t, r.body, "army-total"); got != strconv.Itoa(cli.Total) || cli.Total != rep.Total {
		t.Errorf("web total %s, muster cost %d", got, cli.Total)
	}
}

// Creating a d20 squad from the form: an Imperial side starts as Empire, the limit is the
// scenario's points (100 when empty), and the editor opens.
func TestOtherSystemCreateSWMSquad(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {"Blizzard Force"}, "side": {"imperial"}, "system": {"swm"}})
	wantStatus(t, "create", r, http.StatusSeeOther)
	loc := r.header.Get("Location")
	if !strings.HasSuffix(loc, "/edit") {
		t.Fatalf("create went to %q", loc)
	}
	id := strings.TrimSuffix(strings.TrimPrefix(loc, "/armies/"), "/edit")
	y := ts.get("/armies/" + id + "/export?format=yaml")
	for _, want := range []string{"system: swm", "name: Blizzard Force", "faction: Empire"} {
		if !strings.Contains(y.body, want) {
			t.Errorf("new squad file lacks %q:\n%s", want, y.body)
		}
	}
	if got := idText(t, ts.get("/armies/"+id).body, "army-limit"); got != "100" {
		t.Errorf("limit %s, want the standard 100", got)
	}
}

// The import form's game choice applies to a file with no system: line, and a file that
// names another game than the one chosen is refused, naming the field.
func TestOtherSystemImportChoosesTheSystem(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := fileText(t, swmSample)
	bare := strings.Replace(file, "system: swm\n", "", 1)
	id := ts.importText(t, bare, "swm")
	if got := idText(t, ts.get("/armies/"+id).body, "army-total"); got != "100" {
		t.Errorf("total %s", got)
	}
	r := ts.postForm("/armies/import", url.Values{"text": {file}, "system": {"qrs"}})
	wantStatus(t, "conflicting choice", r, http.StatusUnprocessableEntity)
	if msg := idText(t, r.body, "import-error"); !strings.Contains(msg, `system: the file says "swm" but you chose "qrs"`) {
		t.Errorf("import error: %s", msg)
	}
	bad := ts.postForm("/armies/import", url.Values{"text": {"format: 1\nsystem: swm\nname: X\n"}})
	wantStatus(t, "unreadable", bad, http.StatusUnprocessableEntity)
	if msg := idText(t, bad.body, "import-error"); !strings.Contains(msg, "faction") {
		t.Errorf("import error: %s", msg)
	}
}

// firstTag is the first element named tag in the page.
func firstTag(n *html.Node, tag string) *html.Node {
	if n.Type == html.ElementNode && n.Data == tag {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := firstTag(c, tag); f != nil {
			return f
		}
	}
	return nil
}

// The JSON API takes a d20 squad file and answers with the shared report's shape (total,
// problems with severity), as `muster cost --json` does; the file comes back as stored.
func TestOtherSystemThroughTheAPI(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(swmTwoLeia)
	r := ts.get("/api/armies/" + id)
	wantStatus(t, "api get", r, http.StatusOK)
	var got struct {
		System   string
		Total    int
		Valid    bool
		Problems []struct{ Rule, Severity string }
	}
	if err := json.Unmarshal([]byte(r.body), &got); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runMuster(t, "cost", "--json", swmTwoLeia)
	var cli struct{ Total int }
	if err := json.Unmarshal([]byte(out), &cli); err != nil || code != 1 {
		t.Fatalf("muster cost: %d %v", code, err)
	}
	if got.System != "swm" || got.Total != cli.Total || got.Valid {
		t.Errorf("api: %+v, muster cost total %d", got, cli.Total)
	}
	unique := false
	for _, p := range got.Problems {
		unique = unique || p.Rule == "swm.unique" && p.Severity == "error"
	}
	if !unique {
		t.Errorf("the second Leia is not an error: %+v", got.Problems)
	}
	f := ts.get("/api/armies/" + id + "/file")
	wantStatus(t, "api file", f, http.StatusOK)
	if f.body != fileText(t, swmTwoLeia) {
		t.Errorf("file:\n%s", f.body)
	}
	bad := ts.postBody("/api/armies", "application/yaml", "format: 1\nsystem: swm\nname: X\n")
	wantStatus(t, "api bad squad", bad, http.StatusBadRequest)
	if !strings.Contains(bad.body, "faction") {
		t.Errorf("api refusal: %s", bad.body)
	}
}

// Pages that only Star Wars Miniatures Battles has (matchups, the volley odds, round robins)
// do not offer another game's armies in their pickers (compare offers every game's).
func TestSWMBOnlyPickersLeaveOtherGamesOut(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ts.importFile(mixed)
	ts.importFile(mixed) // a round robin lists armies once there are two
	ts.importFile(swmSample)
	for _, page := range []string{"/sim", "/odds", "/roundrobin"} {
		r := ts.get(page)
		wantStatus(t, page, r, http.StatusOK)
		if !strings.Contains(r.body, "Mixed Imperial Force") || strings.Contains(r.body, "Sample Rebel") {
			t.Errorf("%s offers the d20 squad, or not the SWMB army", page)
		}
	}
}

// The d20 squad editor keeps what the player typed as the SWMB editor does: a preview is the
// owner's draft, offered on return, resumed or discarded; a save forgets it.
func TestSWMEditorKeepsTheUnsavedDraft(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")
	r := ts.get("/armies/" + id + "/edit")
	form := formValues(byID(parseHTML(t, r.body), "squad-form"))
	form.Set("name", "Echo Base, unsaved")
	wantStatus(t, "preview", ts.postForm("/armies/"+id+"/preview", form), http.StatusOK)
	r = ts.get("/armies/" + id + "/edit")
	if byID(parseHTML(t, r.body), "draft-banner") == nil {
		t.Fatal("the squad editor does not offer the unsaved changes")
	}
	if r = ts.get("/armies/" + id + "/edit?draft=resume"); !strings.Contains(r.body, `value="Echo Base, unsaved"`) {
		t.Error("resuming does not show the unsaved name")
	}
	wantStatus(t, "discard", ts.postForm("/armies/"+id+"/draft/discard", nil), http.StatusSeeOther)
	if r = ts.get("/armies/" + id + "/edit"); byID(parseHTML(t, r.body), "draft-banner") != nil {
		t.Error("the draft survived its discard")
	}
	// A save forgets the draft.
	wantStatus(t, "preview again", ts.postForm("/armies/"+id+"/preview", form), http.StatusOK)
	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	if r = ts.get("/armies/" + id + "/edit"); byID(parseHTML(t, r.body), "draft-banner") != nil {
		t.Error("the draft survived the save")
	}
}

// HEAD answers as GET would (RFC 9110: the same status and headers, no body) on every page
// another game's army gets of its own, asked by its owner and through a share link: a d20
// squad's page and sheet (200), a skirmish army's page (200) and its sheet (404: it has none).
func TestOtherSystemHEADAnswersAsGET(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, tc := range []struct {
		file             string
		page, sheetsWant int
	}{{swmSample, 200, 200}, {qrsPatrol, 200, 404}} {
		id := ts.importText(t, fileText(t, tc.file), "")
		link, err := ts.store.Share(context.Background(), ts.ownerID(), id)
		if err != nil {
			t.Fatal(err)
		}
		for route := range otherArmyRoutes {
			method, path, _ := strings.Cut(route, " ")
			if method != http.MethodGet {
				continue
			}
			path = strings.NewReplacer(":id", id, ":token", link.Token).Replace(path)
			get := ts.get(path)
			req, _ := http.NewRequest(http.MethodHead, ts.srv.URL+path, nil)
			head := ts.do(req)
			if head.status != get.status {
				t.Errorf("HEAD %s: %d, GET answers %d", route, head.status, get.status)
			}
			if head.body != "" {
				t.Errorf("HEAD %s sent a body: %.200s", route, head.body)
			}
			// HEAD may leave out Content-Length (net/http does for an empty body), but not
			// say another.
			if n := head.header.Get("Content-Length"); n != "" && n != get.header.Get("Content-Length") {
				t.Errorf("HEAD %s: Content-Length %s, GET's %s", route, n, get.header.Get("Content-Length"))
			}
			for _, h := range []string{"Date", "Set-Cookie", "Content-Length"} { // the moment, the CSRF cookie's expiry
				get.header.Del(h)
				head.header.Del(h)
			}
			if !reflect.DeepEqual(head.header, get.header) {
				t.Errorf("HEAD %s headers differ from GET's:\nHEAD %v\nGET  %v", route, head.header, get.header)
			}
		}
		for path, want := range map[string]int{"/armies/" + id: tc.page, "/armies/" + id + "/sheets": tc.sheetsWant} {
			req, _ := http.NewRequest(http.MethodHead, ts.srv.URL+path, nil)
			wantStatus(t, "HEAD "+tc.file+" "+path, ts.do(req), want)
		}
	}
}

// The compact roster is SWMB's one-page roster: asked for a d20 squad's, by its owner or
// through a share link, the reader is sent (303) to the squad's own sheet, or its PDF, on
// the paper asked for; and no page of the squad links to a compact roster.
func TestOtherSystemCompactRosterGoesToItsOwnSheet(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")
	link, err := ts.store.Share(context.Background(), ts.ownerID(), id)
	if err != nil {
		t.Fatal(err)
	}
	army, share := "/armies/"+id, "/share/"+link.Token
	for path, want := range map[string]string{
		army + "/roster":                  army + "/sheets",
		army + "/roster.pdf?paper=letter": army + "/sheets.pdf?paper=letter",
		share + "/roster?paper=a4":        share + "/sheets?paper=a4",
		share + "/roster.pdf":             share + "/sheets.pdf",
	} {
		r := ts.get(path)
		wantStatus(t, path, r, http.StatusSeeOther)
		if got := r.header.Get("Location"); got != want {
			t.Errorf("%s sends the reader to %q, want %q", path, got, want)
		}
		if !strings.Contains(want, ".pdf") {
			wantStatus(t, "the squad sheet at "+want, ts.get(want), http.StatusOK)
		}
	}

	rosterLink := regexp.MustCompile(`href="[^"]*/roster`)
	for _, path := range []string{army, army + "/edit", army + "/edit?as=text", army + "/sheets", share, share + "/sheets"} {
		r := ts.get(path)
		wantStatus(t, path, r, http.StatusOK)
		if l := rosterLink.FindString(r.body); l != "" {
			t.Errorf("%s links to a compact roster: %s", path, l)
		}
	}
}
