package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

const mixed = "../../../../costing/testdata/mixed-2000.yaml"

func bookFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../../../rules/data/forces/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if filepath.Base(f) != "expected.yaml" {
			out = append(out, f)
		}
	}
	return append(out, mixed)
}

// costOf reads and costs an army file the way `muster cost` does.
func costOf(t *testing.T, data []byte) *costing.Result {
	t.Helper()
	a, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	return costing.Evaluate(rules.Default(), a, nil)
}

func TestHealthzAnswersOK(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/healthz")
	wantStatus(t, "healthz", r, http.StatusOK)
	if !strings.Contains(r.body, `"ok"`) {
		t.Errorf("healthz body %q", r.body)
	}
}

func TestEveryResponseCarriesTheSecureHeaders(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, path := range []string{"/", "/armies/new", "/catalogue", "/healthz", "/static/muster.css", "/no/such/page"} {
		r := ts.get(path)
		csp := r.header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if r.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", path)
		}
		if r.header.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: X-Frame-Options %q", path, r.header.Get("X-Frame-Options"))
		}
	}
}

func TestPagesHaveNoInlineScript(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, path := range []string{"/", "/armies/new", "/armies/" + id, "/armies/" + id + "/edit", "/catalogue", "/compare"} {
		r := ts.get(path)
		wantStatus(t, path, r, http.StatusOK)
		if strings.Contains(r.body, "<script>") || strings.Contains(r.body, " onclick=") || strings.Contains(r.body, "hx-on") {
			t.Errorf("%s has inline script", path)
		}
	}
}

func TestStaticAssetsAreEmbedded(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for path, ct := range map[string]string{"/static/htmx.min.js": "javascript", "/static/app.js": "javascript", "/static/muster.css": "text/css"} {
		r := ts.get(path)
		wantStatus(t, path, r, http.StatusOK)
		if !strings.Contains(r.header.Get("Content-Type"), ct) {
			t.Errorf("%s: Content-Type %q", path, r.header.Get("Content-Type"))
		}
	}
	if r := ts.get("/static/htmx.min.js"); !strings.Contains(r.body, "htmx") {
		t.Error("htmx.min.js is not htmx")
	}
	wantStatus(t, "missing asset", ts.get("/static/nothing.js"), http.StatusNotFound)
	wantStatus(t, "go source", ts.get("/static/static.go"), http.StatusNotFound)
}

func TestUnknownPageIsAnHTMLPageNotATrace(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/armies/doesnotexist")
	wantStatus(t, "unknown army", r, http.StatusNotFound)
	if !strings.Contains(r.body, "There is no such army") || strings.Contains(r.body, "goroutine") {
		t.Errorf("404 page: %.500s", r.body)
	}
	wantStatus(t, "bad id", ts.get("/armies/bad%20id"), http.StatusNotFound)
}

func TestHomeListsArmiesWithSideTotalAndValidity(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/")
	wantStatus(t, "home", r, http.StatusOK)
	if !strings.Contains(r.body, "No armies yet") {
		t.Error("empty home does not say so")
	}
	ts.importFile(mixed)
	ts.importFile("../../../../rules/data/forces/defending-the-bridge-rebel.yaml")
	bad := "format: 1\nname: Broken Lot\nside: rebel\nlimit: 100\nunits:\n  - kind: squad\n    troop: Nobody Special\n    size: 5\n"
	wantStatus(t, "bad import", ts.postBody("/api/armies", "application/yaml", bad), http.StatusCreated)
	r = ts.get("/")
	table := byID(parseHTML(t, r.body), "armies")
	if table == nil {
		t.Fatal("no #armies table")
	}
	got := text(table)
	for _, want := range []string{"Mixed Imperial Force", "Imperial", "2101 of 2100 SGPs", "1 over", "errors",
		"Defending the Bridge - Rebel Forces", "2026 SGPs", "valid", "Broken Lot", "Rebel", "1 error"} {
		if !strings.Contains(got, want) {
			t.Errorf("home table lacks %q: %s", want, got)
		}
	}
}

func TestCreateArmyOpensTheEditor(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {"Kwymar Relief Force"}, "side": {"rebel"}, "limit": {"2100"}})
	wantStatus(t, "create", r, http.StatusSeeOther)
	loc := r.header.Get("Location")
	if !strings.HasSuffix(loc, "/edit") {
		t.Fatalf("create redirects to %q", loc)
	}
	r = ts.get(loc)
	wantStatus(t, "editor", r, http.StatusOK)
	if !strings.Contains(r.body, "Kwymar Relief Force") || !strings.Contains(r.body, `id="add-unit"`) {
		t.Error("editor does not show the new army")
	}
}

func TestCreateArmyRejectsBadShapesWithMessages(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {""}, "side": {"sith"}, "limit": {"lots"}})
	wantStatus(t, "bad create", r, http.StatusUnprocessableEntity)
	for _, want := range []string{"Give the army a name", "Choose rebel, imperial or neutral", "whole number"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("create form lacks %q", want)
		}
	}
}

func TestMutatingFormsNeedTheCSRFToken(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, path := range []string{"/armies", "/armies/import", "/armies/" + id, "/armies/" + id + "/preview",
		"/armies/" + id + "/undo", "/armies/" + id + "/delete", "/armies/" + id + "/share", "/armies/" + id + "/duplicate"} {
		r := ts.postForm(path, url.Values{"_csrf": {"forged"}, "name": {"x"}, "side": {"rebel"}})
		wantStatus(t, path, r, http.StatusForbidden)
		if !strings.Contains(r.body, "Reload the page") {
			t.Errorf("%s: 403 page %.300s", path, r.body)
		}
	}
	// A browser's cross-site form post is refused even on the API.
	req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/api/armies", strings.NewReader("format: 1"))
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	wantStatus(t, "cross-site API post", ts.do(req), http.StatusForbidden)
}

// A cross-site form is refused in the player's words (it read "cross-site request blocked
// by CSRF"), and a browser too old to send Sec-Fetch-Site, posting from another site's page
// with the member's session cookie, is refused on the JSON API by its Origin: it created an
// army in their name (201). A script, which sends no Origin, still needs no token.
func TestCrossSiteRequestsAreRefusedInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, site := range []string{"cross-site", "same-site"} {
		req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/armies/"+id+"/duplicate", nil)
		req.Header.Set("Sec-Fetch-Site", site)
		r := ts.do(req)
		if r.status != http.StatusForbidden || !strings.Contains(textOf(r.body), "did not come from Muster's own pages") {
			t.Errorf("%s form: %d, want 403 in words:\n%.300s", site, r.status, textOf(r.body))
		}
	}
	data, _ := os.ReadFile(mixed)
	req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/api/armies", bytes.NewReader(data))
	req.Header.Set("Content-Type", "text/plain")
	req.Header.Set("Origin", "https://evil.example")
	wantStatus(t, "API post from another site's page, without Sec-Fetch-Site", ts.do(req), http.StatusForbidden)
	req, _ = http.NewRequest(http.MethodPost, ts.srv.URL+"/api/armies", bytes.NewReader(data))
	req.Header.Set("Origin", ts.srv.URL) // Muster's own page
	wantStatus(t, "API post from Muster's own page", ts.do(req), http.StatusCreated)
	wantStatus(t, "API post from a script", ts.postBody("/api/armies", "application/yaml", string(data)), http.StatusCreated)
}

func TestImportByPasteAndByUpload(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	data, _ := os.ReadFile(mixed)
	r := ts.postForm("/armies/import", url.Values{"text": {string(data)}})
	wantStatus(t, "paste import", r, http.StatusSeeOther)
	r = ts.get(r.header.Get("Location"))
	if !strings.Contains(r.body, "Imported as a new army") || !strings.Contains(r.body, "Mixed Imperial Force") {
		t.Error("pasted import not shown")
	}

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.WriteField("_csrf", ts.token())
	fw, _ := mw.CreateFormFile("file", "army.json")
	a, _ := roster.Read(data)
	js, _ := a.JSON()
	fw.Write(js)
	mw.Close()
	r = ts.postBody("/armies/import", mw.FormDataContentType(), buf.String())
	wantStatus(t, "upload import", r, http.StatusSeeOther)
}

// A file saved by Windows Notepad starts with a UTF-8 byte order mark; YAML and JSON allow
// it, and it is invisible in the editor. Each game's file imports with it as without it,
// through the upload and the API (the BOM was read as part of the first key: "unknown field
// "\ufeffformat"", and a JSON file was "unexpected key name").
func TestAFileStartingWithAByteOrderMarkImports(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	swmb, _ := os.ReadFile(mixed)
	a, _ := roster.Read(swmb)
	swmbJSON, _ := a.JSON()
	d20, _ := os.ReadFile("../../../../rules/swm/testdata/assault-rebel.yaml")
	qrs, _ := os.ReadFile("../../../../rules/qrs/army/testdata/patrol.yaml")
	bom := "\ufeff"
	for name, file := range map[string]string{"swmb.yaml": string(swmb), "swmb.json": string(swmbJSON), "d20.yaml": string(d20), "qrs.yaml": string(qrs)} {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("_csrf", ts.token())
		fw, _ := mw.CreateFormFile("file", name)
		fw.Write([]byte(bom + file))
		mw.Close()
		r := ts.postBody("/armies/import", mw.FormDataContentType(), buf.String())
		if r.status != http.StatusSeeOther {
			t.Errorf("%s with a BOM: upload answered %d: %s", name, r.status, idText(t, r.body, "import-error"))
		}
		if r := ts.postBody("/api/armies", "application/yaml", bom+file); r.status != http.StatusCreated {
			t.Errorf("%s with a BOM: API answered %d: %s", name, r.status, r.body)
		}
	}
}

// The text list (Export, Text list) is for a forum or a chat; pasted back into the import
// form it is named for what it is, with the export to use instead, not refused with the YAML
// reader's "line 1, column 1: unexpected key name". The pasted text stays in the form.
func TestTheTextListImportedBackIsNamedWithTheExportToUse(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	list := ts.get("/armies/" + id + "/export?format=text")
	wantStatus(t, "text list", list, http.StatusOK)
	r := ts.postForm("/armies/import", url.Values{"text": {list.body}})
	wantStatus(t, "text list imported", r, http.StatusUnprocessableEntity)
	doc := parseHTML(t, r.body)
	if msg := text(byID(doc, "import-error")); !strings.Contains(msg, "text list") || !strings.Contains(msg, "YAML or JSON export") {
		t.Errorf("the refusal does not say what the file is: %q", msg)
	}
	if got := text(byID(doc, "text")); !strings.Contains(got, "Mixed Imperial Force") {
		t.Error("the pasted text list is not kept in the form")
	}
}

func TestImportOfABrokenFileSaysWhereItBroke(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies/import", url.Values{"text": {"format: 1\nname: x\nside: rebel\nunits:\n  - kind: squad\n    sizes: 3\n"}})
	wantStatus(t, "broken import", r, http.StatusUnprocessableEntity)
	errBox := byID(parseHTML(t, r.body), "import-error")
	if errBox == nil || !strings.Contains(text(errBox), "line 6") {
		t.Errorf("import error does not give the line: %v", errBox != nil)
	}
	wantStatus(t, "empty import", ts.postForm("/armies/import", url.Values{"text": {""}}), http.StatusUnprocessableEntity)
}

func TestArmyPageShowsTheRecordSheetBreakdownAndProblems(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, f := range bookFiles(t) {
		data, _ := os.ReadFile(f)
		want := costOf(t, data)
		id := ts.importFile(f)
		r := ts.get("/armies/" + id)
		wantStatus(t, f, r, http.StatusOK)
		doc := parseHTML(t, r.body)
		total := byID(doc, "army-total")
		if total == nil || text(total) != fmt.Sprint(want.Total) {
			t.Errorf("%s: total shown %q, want %d", f, text(total), want.Total)
		}
		for i, u := range want.Units {
			box := byID(doc, fmt.Sprintf("unit-%d", i))
			if box == nil {
				t.Fatalf("%s: no breakdown for unit %d", f, i)
			}
			got := text(box)
			if !strings.Contains(got, "Unit cost "+fmt.Sprint(u.Cost)) {
				t.Errorf("%s unit %d: breakdown lacks its cost %d: %s", f, i, u.Cost, got)
			}
			for _, l := range u.Lines {
				if !strings.Contains(got, l.Label) {
					t.Errorf("%s unit %d: breakdown lacks line %q", f, i, l.Label)
				}
			}
			if u.Erratum != "" && !strings.Contains(got, "Book prints "+fmt.Sprint(u.Printed)) {
				t.Errorf("%s unit %d: erratum not shown", f, i)
			}
		}
		for _, p := range want.Problems {
			if !strings.Contains(r.body, html.EscapeString(p.Place())) {
				t.Errorf("%s: problem %s not shown", f, p)
			}
		}
	}
}

func TestExportIsTheArmyFileInYAMLAndJSON(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	data, _ := os.ReadFile(mixed)
	want := costOf(t, data)
	id := ts.importFile(mixed)
	for _, format := range []string{"yaml", "json"} {
		r := ts.get("/armies/" + id + "/export?format=" + format)
		wantStatus(t, format, r, http.StatusOK)
		if cd := r.header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, "mixed-imperial-force."+format) {
			t.Errorf("%s: Content-Disposition %q", format, cd)
		}
		if got := costOf(t, []byte(r.body)); got.Total != want.Total || len(got.Units) != len(want.Units) {
			t.Errorf("%s export costs %d, want %d", format, got.Total, want.Total)
		}
	}
	wantStatus(t, "bad format", ts.get("/armies/"+id+"/export?format=pdf"), http.StatusBadRequest)
}

func TestAPICreatesAndAnswersArmies(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	data, _ := os.ReadFile(mixed)
	want := costOf(t, data)
	for _, body := range []string{string(data), func() string { a, _ := roster.Read(data); j, _ := a.JSON(); return string(j) }()} {
		r := ts.postBody("/api/armies", "application/json", body)
		wantStatus(t, "POST /api/armies", r, http.StatusCreated)
		var created struct {
			ID       string           `json:"id"`
			Total    int              `json:"total"`
			Problems []roster.Problem `json:"problems"`
		}
		if err := json.Unmarshal([]byte(r.body), &created); err != nil {
			t.Fatal(err)
		}
		if created.ID == "" || created.Total != want.Total || created.Problems == nil {
			t.Fatalf("created %+v", created)
		}
		r = ts.get("/api/armies/" + created.ID)
		wantStatus(t, "GET /api/armies/{id}", r, http.StatusOK)
		var got apiArmy
		if err := json.Unmarshal([]byte(r.body), &got); err != nil {
			t.Fatal(err)
		}
		if got.Total != want.Total || len(got.Units) != len(want.Units) || got.Units[0].Lines[0].Label != want.Units[0].Lines[0].Label || got.Army.Name != "Mixed Imperial Force" {
			t.Errorf("GET answered %+v", got)
		}
		r = ts.get("/api/armies/" + created.ID + "/file")
		wantStatus(t, "GET file", r, http.StatusOK)
		if costOf(t, []byte(r.body)).Total != want.Total {
			t.Error("the file does not cost the same")
		}
		r = ts.get("/api/armies/" + created.ID + "/file?format=json")
		if !json.Valid([]byte(r.body)) {
			t.Error("?format=json is not JSON")
		}
	}
}

func TestAPIRefusesWhatIsNotAnArmyFile(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postBody("/api/armies", "application/yaml", "format: 1\nname: x\nside: rebel\nunits:\n  - kind: tank\n")
	wantStatus(t, "bad kind", r, http.StatusBadRequest)
	if !strings.Contains(r.body, "tank") {
		t.Errorf("error %s", r.body)
	}
	r = ts.postBody("/api/armies", "application/yaml", "format: 1\nname: [\n")
	wantStatus(t, "bad yaml", r, http.StatusBadRequest)
	if !strings.Contains(r.body, `"line"`) {
		t.Errorf("no line in %s", r.body)
	}
	r = ts.get("/api/armies/nosuchid")
	wantStatus(t, "unknown", r, http.StatusNotFound)
	if !json.Valid([]byte(r.body)) {
		t.Errorf("404 from the API is not JSON: %s", r.body)
	}
	r = ts.postBody("/api/armies", "application/yaml", strings.Repeat("#", 3<<20))
	wantStatus(t, "too large", r, http.StatusRequestEntityTooLarge)
}

// The editor's form carries every field of the army file: what it posts costs the same as
// the file it was made from, for every printed force of the book.
func TestEditorFormCarriesEveryField(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, f := range bookFiles(t) {
		data, _ := os.ReadFile(f)
		want := costOf(t, data)
		id := ts.importFile(f)
		army, err := parseArmyForm(ts.editorForm(id))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got := costing.Evaluate(rules.Default(), army, nil)
		if got.Total != want.Total || len(got.Problems) != len(want.Problems) {
			t.Errorf("%s: the form costs %d with %d problems, the file %d with %d", f, got.Total, len(got.Problems), want.Total, len(want.Problems))
		}
		for i := range want.Units {
			if i < len(got.Units) && got.Units[i].Cost != want.Units[i].Cost {
				t.Errorf("%s unit %d (%s): form %d, file %d", f, i, want.Units[i].Name, got.Units[i].Cost, want.Units[i].Cost)
			}
		}
	}
}

func TestPreviewRecostsWithoutSaving(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	before := form.Get("u0.skills.skill.blaster")
	form.Set("u0.skills.skill.blaster", "4") // Aurek Squad: blaster 3 -> 4, one more level for 10 soldiers
	r := ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "preview", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if got := text(byID(doc, "army-total")); got != "2111" {
		t.Errorf("preview total %q, want 2111 (blaster %s -> 4 adds 1 SGP a soldier x 10)", got, before)
	}
	if byID(doc, "unit-list") == nil || byID(doc, "unit-0-problems") == nil {
		t.Error("preview lacks the out-of-band unit list and problems")
	}
	if !strings.Contains(r.body, `hx-swap-oob="true"`) {
		t.Error("no out-of-band swaps")
	}
	var api apiArmy
	json.Unmarshal([]byte(ts.get("/api/armies/"+id).body), &api)
	if api.Total != 2101 || api.Version != 1 {
		t.Errorf("preview saved: %d version %d", api.Total, api.Version)
	}
	form.Set("limit", "lots")
	r = ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "bad preview", r, http.StatusOK)
	if !strings.Contains(r.body, "limit must be a whole number") {
		t.Errorf("bad preview: %.300s", r.body)
	}
}

func TestSaveAddDuplicateRemoveMoveUndoRedo(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {"Test Force"}, "side": {"imperial"}, "limit": {"1000"}})
	id := strings.Split(r.header.Get("Location"), "/")[2]
	units := func() []costing.Breakdown {
		var a apiArmy
		json.Unmarshal([]byte(ts.get("/api/armies/"+id).body), &a)
		return a.Units
	}

	form := ts.editorForm(id)
	form.Set("action", "add")
	form.Set("add", "squad|Stormtrooper")
	r = ts.postForm("/armies/"+id, form)
	wantStatus(t, "add", r, http.StatusSeeOther)
	if u := units(); len(u) != 1 || u[0].Name != "Stormtrooper" || u[0].Cost == 0 {
		t.Fatalf("after add: %+v", u)
	}
	form = ts.editorForm(id)
	if form.Get("u0.troop") != "Stormtrooper" || form.Get("u0.size") != "10" {
		t.Errorf("the new squad is not filled in from the Troop List: %v", form)
	}
	form.Set("u0.skills.skill.blaster", "3")
	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	saved := units()[0].Cost

	form = ts.editorForm(id)
	form.Set("action", "dup:0")
	wantStatus(t, "dup", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	form = ts.editorForm(id)
	form.Set("action", "add")
	form.Set("add", "creature|Rancor")
	ts.postForm("/armies/"+id, form)
	form = ts.editorForm(id)
	form.Set("action", "up:2")
	ts.postForm("/armies/"+id, form)
	u := units()
	if len(u) != 3 || u[1].Kind != "creature" || u[0].Cost != saved || u[2].Cost != saved {
		t.Fatalf("after dup, add, move: %+v", u)
	}
	form = ts.editorForm(id)
	form.Set("action", "remove:1")
	ts.postForm("/armies/"+id, form)
	if u := units(); len(u) != 2 {
		t.Fatalf("after remove: %d units", len(u))
	}

	wantStatus(t, "undo", ts.postForm("/armies/"+id+"/undo", nil), http.StatusSeeOther)
	if u := units(); len(u) != 3 {
		t.Errorf("undo did not bring the creature back: %d units", len(u))
	}
	wantStatus(t, "redo", ts.postForm("/armies/"+id+"/redo", nil), http.StatusSeeOther)
	if u := units(); len(u) != 2 {
		t.Errorf("redo: %d units", len(u))
	}
	wantStatus(t, "nothing to redo", ts.postForm("/armies/"+id+"/redo", nil), http.StatusConflict)

	form = ts.editorForm(id)
	form.Set("action", "remove:9")
	wantStatus(t, "no such unit", ts.postForm("/armies/"+id, form), http.StatusBadRequest)
	form.Set("action", "save")
	form.Set("u0.size", "many")
	r = ts.postForm("/armies/"+id, form)
	wantStatus(t, "bad save", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "Not saved") {
		t.Error("a refused save does not say why")
	}
}

func TestEveryKindOfUnitCanBeAdded(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {"Everything"}, "side": {"rebel"}})
	id := strings.Split(r.header.Get("Location"), "/")[2]
	for _, pick := range []string{"squad|Standard Rebel Trooper", "hero|", "hero|scratch", "droid|Security Droid", "creature|Tauntaun",
		"artillery|Anti-Infantry Battery", "strike|light", "remote weapon|Heavy Repeating Blaster"} {
		form := ts.editorForm(id)
		form.Set("action", "add")
		form.Set("add", pick)
		wantStatus(t, pick, ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	}
	var a apiArmy
	json.Unmarshal([]byte(ts.get("/api/armies/"+id).body), &a)
	if len(a.Units) != 8 {
		t.Fatalf("%d units", len(a.Units))
	}
	for _, u := range a.Units {
		if u.Cost == 0 {
			t.Errorf("%s (%s) costs nothing", u.Name, u.Kind)
		}
	}
	// And the editor shows every one of them, and posts them back unchanged.
	army, err := parseArmyForm(ts.editorForm(id))
	if err != nil {
		t.Fatal(err)
	}
	if got := costing.Evaluate(rules.Default(), army, nil).Total; got != a.Total {
		t.Errorf("form total %d, saved %d", got, a.Total)
	}
}

func TestDuplicateArmy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	r := ts.postForm("/armies/"+id+"/duplicate", nil)
	wantStatus(t, "duplicate", r, http.StatusSeeOther)
	r = ts.get(r.header.Get("Location"))
	if !strings.Contains(r.body, "Mixed Imperial Force (copy)") {
		t.Error("the copy is not named as one")
	}
}

func TestDeleteAsksFirstAndCanBeUndone(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	r := ts.get("/armies/" + id + "/delete")
	wantStatus(t, "confirm", r, http.StatusOK)
	if byID(parseHTML(t, r.body), "confirm-delete") == nil {
		t.Fatal("no confirmation button")
	}
	r = ts.postForm("/armies/"+id+"/delete", nil)
	wantStatus(t, "delete", r, http.StatusSeeOther)
	r = ts.get(r.header.Get("Location"))
	if strings.Contains(r.body, `href="/armies/`+id+`"`) || !strings.Contains(r.body, "Undo delete") {
		t.Error("home still lists the army, or offers no undo")
	}
	wantStatus(t, "deleted army", ts.get("/armies/"+id), http.StatusNotFound)
	wantStatus(t, "undelete", ts.postForm("/armies/"+id+"/undelete", nil), http.StatusSeeOther)
	wantStatus(t, "undeleted army", ts.get("/armies/"+id), http.StatusOK)
}

// A share link is read-only (nothing on its page changes the army), offers the sheets,
// the PDF, the export and "copy into my armies" (a new army of the visitor's), never the
// owner's other armies, and answers 404 once revoked.
func TestShareLinkIsReadOnlyCopiesAndRevokes(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	other := ts.importFile(rebel1500)
	r := ts.postForm("/armies/"+id+"/share", nil)
	wantStatus(t, "share", r, http.StatusSeeOther)
	r = ts.get("/armies/" + id)
	link := byID(parseHTML(t, r.body), "share-link-0")
	if link == nil {
		t.Fatal("no share link shown")
	}
	abs, _ := attr(link, "value")
	if !strings.HasPrefix(abs, ts.srv.URL+"/share/") {
		t.Fatalf("share link %q is not absolute", abs)
	}
	href := strings.TrimPrefix(abs, ts.srv.URL)
	tok := strings.TrimPrefix(href, "/share/")
	if len(tok) < 20 || tok == id {
		t.Fatalf("share token %q is guessable or the id", tok)
	}
	visitor := ts.client()
	ts.as(visitor, func() {
		r = ts.get(href)
		wantStatus(t, "shared page", r, http.StatusOK)
		if !strings.Contains(r.body, "Mixed Imperial Force") || strings.Contains(r.body, "/armies/"+id) || strings.Contains(r.body, other) {
			t.Error("the shared page leaks the army's id or the owner's other armies")
		}
		doc := parseHTML(t, r.body)
		for _, want := range []string{"share-export-yaml", "share-sheets", "share-pdf", "copy-shared"} {
			if byID(doc, want) == nil {
				t.Errorf("the shared page offers no %s", want)
			}
		}
		wantStatus(t, "shared export", ts.get(href+"/export?format=yaml"), http.StatusOK)
		wantStatus(t, "shared sheets", ts.get(href+"/sheets"), http.StatusOK)
		wantStatus(t, "the owner's army, by id", ts.get("/armies/"+id), http.StatusNotFound)
		r = ts.postForm(href+"/copy", nil)
		wantStatus(t, "copy", r, http.StatusSeeOther)
		mine := r.header.Get("Location")
		if !strings.HasPrefix(mine, "/armies/") || strings.Contains(mine, id) {
			t.Fatalf("copy went to %q", mine)
		}
		if r := ts.get(mine); r.status != http.StatusOK || !strings.Contains(r.body, "Mixed Imperial Force") {
			t.Errorf("the copy is not the visitor's army: %d", r.status)
		}
		if r := ts.get("/"); !strings.Contains(r.body, "Mixed Imperial Force") || strings.Contains(r.body, other) {
			t.Error("the visitor's armies page shows the wrong armies")
		}
	})
	wantStatus(t, "wrong token", ts.get("/share/"+tok[:len(tok)-2]+"xx"), http.StatusNotFound)
	r = ts.postForm("/armies/"+id+"/shares/"+tok+"/revoke", nil)
	wantStatus(t, "revoke", r, http.StatusSeeOther)
	ts.as(visitor, func() {
		wantStatus(t, "revoked link", ts.get(href), http.StatusNotFound)
		wantStatus(t, "revoked link's export", ts.get(href+"/export"), http.StatusNotFound)
	})
}

// A share link's print view has the owner's toolbar, every link under the share link: the
// reader can switch to US Letter, download the PDF and open the compact roster without the
// army's id (which would 404 for them) and without editing the address.
func TestSharedSheetsOfferPaperPDFAndRosterUnderTheLink(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	wantStatus(t, "share", ts.postForm("/armies/"+id+"/share", nil), http.StatusSeeOther)
	abs, _ := attr(byID(parseHTML(t, ts.get("/armies/"+id).body), "share-link-0"), "value")
	href := strings.TrimPrefix(abs, ts.srv.URL)
	ts.as(ts.client(), func() {
		r := ts.get(href + "/sheets")
		wantStatus(t, "shared sheets", r, http.StatusOK)
		doc := parseHTML(t, r.body)
		for link, want := range map[string]string{
			"back-to-army":        href,
			"paper-letter":        href + "/sheets?paper=letter",
			"sheets-pdf":          href + "/sheets.pdf?paper=a4",
			"compact-roster-link": href + "/roster?paper=a4",
		} {
			n := byID(doc, link)
			if n == nil {
				t.Errorf("the shared print view has no %s link", link)
				continue
			}
			if got, _ := attr(n, "href"); got != want {
				t.Errorf("%s goes to %q, want %q", link, got, want)
			}
		}
		if strings.Contains(r.body, "/armies/"+id) {
			t.Error("the shared print view leaks the army's id")
		}
		if n := byID(parseHTML(t, ts.get(href+"/sheets?paper=letter").body), "paper-a4"); n == nil {
			t.Error("the shared US Letter view offers no way back to A4")
		}
	})
}

func TestRestoreAnOldVersion(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("name", "Renamed")
	form.Set("action", "save")
	ts.postForm("/armies/"+id, form)
	r := ts.get("/armies/" + id)
	if byID(parseHTML(t, r.body), "history") == nil {
		t.Fatal("no history")
	}
	wantStatus(t, "restore", ts.postForm("/armies/"+id+"/restore", url.Values{"version": {"1"}}), http.StatusSeeOther)
	if r := ts.get("/armies/" + id); !strings.Contains(r.body, "<h1>Mixed Imperial Force</h1>") {
		t.Error("version 1 not restored")
	}
	wantStatus(t, "bad version", ts.postForm("/armies/"+id+"/restore", url.Values{"version": {"0"}}), http.StatusBadRequest)
	wantStatus(t, "no version", ts.postForm("/armies/"+id+"/restore", url.Values{"version": {"99"}}), http.StatusNotFound)
}

func TestCatalogueShowsTheBooksNumbersAndSources(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	c := rules.Default()
	checks := map[string][]string{
		"troops":    {c.Troops[0].Name, c.Troops[0].Source},
		"weapons":   {"Blaster Rifle", c.Weapons[5].Source},
		"grenades":  {"Thermal Detonator"},
		"armor":     {c.Armors[0].Name},
		"equipment": {c.Equipment[0].Name},
		"creatures": {"Rancor"},
		"droids":    {c.Droids[0].Name},
		"force":     {c.ForcePowers[0].Name},
		"skills":    {"blaster artillery"},
		"artillery": {c.Artillery[0].Name},
		"strikes":   {c.Strikes[0].Name},
	}
	for kind, wants := range checks {
		r := ts.get("/catalogue/" + kind)
		wantStatus(t, kind, r, http.StatusOK)
		for _, w := range wants {
			if !strings.Contains(r.body, w) && !strings.Contains(r.body, strings.ReplaceAll(w, "'", "&#39;")) {
				t.Errorf("/catalogue/%s lacks %q", kind, w)
			}
		}
	}
	for _, cr := range c.Creatures {
		if cr.Erratum != nil && !strings.Contains(ts.get("/catalogue/creatures").body, fmt.Sprintf("Book prints %d", cr.Erratum.Printed)) {
			t.Errorf("creature %s: erratum not shown", cr.Name)
		}
	}
	wantStatus(t, "default section", ts.get("/catalogue"), http.StatusOK)
	wantStatus(t, "unknown section", ts.get("/catalogue/vehicles"), http.StatusNotFound)
}

func TestCompareMarksTheDifferences(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(mixed)
	b := ts.importFile(mixed)
	form := ts.editorForm(b)
	form.Set("u0.size", "8")
	form.Set("action", "remove:9")
	ts.postForm("/armies/"+b, form)
	r := ts.get("/compare?a=" + a + "&b=" + b)
	wantStatus(t, "compare", r, http.StatusOK)
	table := byID(parseHTML(t, r.body), "comparison")
	if table == nil {
		t.Fatal("no comparison")
	}
	got := text(table)
	for _, want := range []string{"Aurek Squad 531 Aurek Squad 431 -100", "not in this army", "same"} {
		if !strings.Contains(got, want) {
			t.Errorf("comparison lacks %q: %s", want, got)
		}
	}
	if !strings.Contains(r.body, `class="diff"`) || !strings.Contains(r.body, `class="only"`) {
		t.Error("differences are not marked")
	}
	wantStatus(t, "compare form", ts.get("/compare"), http.StatusOK)
	wantStatus(t, "compare unknown", ts.get("/compare?a="+a+"&b=nosuch"), http.StatusNotFound)
}

func TestFreeHandTurnsTroopListErrorsIntoWarnings(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile("../../../../rules/data/forces/crystal-forest-rebel.yaml")
	status := func() apiArmy {
		var a apiArmy
		json.Unmarshal([]byte(ts.get("/api/armies/"+id).body), &a)
		return a
	}
	if status().Valid {
		t.Fatal("the Crystal Forest rebels should break a Troop List rule (Safari One's commander)")
	}
	form := ts.editorForm(id)
	if form.Get("freehand") != "" {
		t.Fatal("free-hand is on by default")
	}
	form.Set("freehand", "on")
	r := ts.postForm("/armies/"+id+"/preview", form)
	if strings.Contains(r.body, `<li class="error"`) || !strings.Contains(r.body, `<li class="warning"`) {
		t.Errorf("free-hand preview still shows errors, or no warnings")
	}
	form.Set("action", "save")
	ts.postForm("/armies/"+id, form)
	if a := status(); !a.Valid || a.Army.Rules["troop.commander"] != roster.Warning {
		t.Errorf("free-hand save: valid %v, rules %v", a.Valid, a.Army.Rules)
	}
	form = ts.editorForm(id)
	if form.Get("freehand") != "on" {
		t.Error("the editor does not show free-hand as on")
	}
	form.Del("freehand")
	form.Set("action", "save")
	ts.postForm("/armies/"+id, form)
	if a := status(); a.Valid || len(a.Army.Rules) != 0 {
		t.Errorf("free-hand off: valid %v, rules %v", a.Valid, a.Army.Rules)
	}
}

func TestEditorKeepsWhatItDoesNotShow(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	data, _ := os.ReadFile(mixed)
	r := ts.postBody("/api/armies", "application/yaml", string(data)+"rules:\n  troop.attributes: info\n")
	wantStatus(t, "import", r, http.StatusCreated)
	var created apiCreated
	json.Unmarshal([]byte(r.body), &created)
	form := ts.editorForm(created.ID)
	form.Set("name", "Renamed")
	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+created.ID, form), http.StatusSeeOther)
	file := ts.get("/api/armies/" + created.ID + "/file").body
	if !strings.Contains(file, "troop.attributes: info") || !strings.Contains(file, "name: Renamed") {
		t.Errorf("the house rules were lost:\n%s", file)
	}
}

// Two versions of one army compared: a renamed squad is still paired (by kind and troop
// type, Snowtrooper), each paired unit says what changed, and each kind ends with its
// subtotal (squads 531 + 305 + 282 = 1118 before, 431 + 305 + 282 = 1018 after two
// soldiers left Aurek Squad).
func TestCompareTwoVersionsOfOneArmy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("u0.size", "8")
	form.Set("u1.name", "Besh Two")
	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	r := ts.get("/compare?a=" + id + "&av=1&b=" + id)
	wantStatus(t, "compare versions", r, http.StatusOK)
	got := text(byID(parseHTML(t, r.body), "comparison"))
	for _, want := range []string{"version 1", "version 2", "Aurek Squad 531 Aurek Squad 431 -100", "size: 10 → 8",
		"Besh Squad 305 Besh Two 305", "name: Besh Squad → Besh Two", "squad subtotal 1118 1018 -100"} {
		if !strings.Contains(got, want) {
			t.Errorf("comparison lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "not in this army") {
		t.Error("the renamed squad was not paired")
	}
	wantStatus(t, "no such version", ts.get("/compare?a="+id+"&av=9&b="+id), http.StatusNotFound)
	wantStatus(t, "bad version", ts.get("/compare?a="+id+"&av=x&b="+id), http.StatusBadRequest)
	if h := ts.get("/armies/" + id); !strings.Contains(h.body, "/compare?a="+id+"&amp;av=1&amp;b="+id) {
		t.Error("the history offers no compare link")
	}
}
