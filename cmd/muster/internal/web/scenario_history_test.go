package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"muster/rules/battle"
	"muster/rules/battle/design"
)

// A scenario's versions through the web (issue 33, as an army's): every save is the next
// version; a save from a page drawn from an older version (a second tab) is refused with
// the form as typed and words saying what happened, and saving it again then is the next
// version; the history lists each version with what made it, each viewed, downloaded as
// saved, restored as the newest (a restore from a stale page refused); the share link shows
// the latest; another owner reaches none of it; a deleted scenario's history is gone.
func TestScenarioVersionsFromTheWeb(t *testing.T) {
	ts := newTestServer(t)
	f, _ := battle.LoadScenario("open-field")
	file, _ := design.Marshal(f.Scenario)
	r := ts.postForm("/scenarios/import", url.Values{"text": {string(file)}})
	wantStatus(t, "an import", r, http.StatusSeeOther)
	mine := r.header.Get("Location")
	page := ts.get(mine)
	if !strings.Contains(page.body, `name="version" value="1"`) || !strings.Contains(page.body, "History (1 version)") {
		t.Fatalf("the designer does not carry version 1 or link its history:\n%s", page.body)
	}

	// Two tabs open version 1; the first saves, version 2.
	form := design.FromScenario(f.Scenario).Values()
	form.Set("version", "1")
	form.Set("name", "Open field at dawn")
	r = ts.postForm(mine, form)
	wantStatus(t, "the first tab's save", r, http.StatusSeeOther)
	if got := ts.get(r.header.Get("Location")); !strings.Contains(got.body, "Saved as version 2.") {
		t.Errorf("the designer after the save does not say version 2")
	}
	// The second still says version 1: refused, the form as typed, drawn now from version 2.
	form.Set("name", "The second tab's name")
	form.Set("side.0.orders", "Typed in the second tab")
	r = ts.postForm(mine, form)
	wantStatus(t, "the second tab's save", r, http.StatusConflict)
	body := html.UnescapeString(r.body)
	for _, want := range []string{"The scenario was saved as version 2 in another tab or window after this page opened version 1",
		"Save to make your changes version 3", `value="The second tab's name"`, "Typed in the second tab", `name="version" value="2"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the refused save does not say or keep %q", want)
		}
	}
	if got := ts.get(mine + "/export"); !strings.Contains(got.body, `"Open field at dawn"`) {
		t.Errorf("the refused save changed the file:\n%s", got.body)
	}
	// "Add" without the script keeps the version the form was drawn from, so the save after
	// it is still refused.
	form.Set("add", "barrier")
	if r = ts.postForm(mine, form); !strings.Contains(r.body, `name="version" value="1"`) {
		t.Errorf("Add on a form of version 1 forgot its version (%d)", r.status)
	}
	form.Del("add")
	// A version that is no version: refused, the form kept.
	form.Set("version", "yesterday")
	r = ts.postForm(mine, form)
	wantStatus(t, "a save of no version", r, http.StatusConflict)
	if body := html.UnescapeString(r.body); !strings.Contains(body, `This form does not say which version of the scenario it edits (version "yesterday")`) ||
		!strings.Contains(body, `value="The second tab's name"`) {
		t.Errorf("the save of no version:\n%s", body)
	}
	// Saved again, knowingly, on version 2: version 3.
	form.Set("version", "2")
	wantStatus(t, "the second tab's save, again", ts.postForm(mine, form), http.StatusSeeOther)

	if list := ts.get("/scenarios"); !strings.Contains(list.body, `href="`+mine+`/history" class="scenario-history">History (3 versions)`) {
		t.Errorf("the list does not link the history with its 3 versions")
	}
	hist := ts.get(mine + "/history")
	wantStatus(t, "the history", hist, http.StatusOK)
	body = html.UnescapeString(hist.body)
	rows := regexp.MustCompile(`id="scenario-version-(\d+)"`).FindAllStringSubmatch(body, -1)
	if len(rows) != 3 || rows[0][1] != "3" || rows[2][1] != "1" {
		t.Errorf("the history's rows: %v, want versions 3, 2, 1", rows)
	}
	for _, want := range []string{"The second tab's name", "Open field at dawn", "imported", "saved in the designer", "latest",
		`name="base" value="3"`, `href="` + mine + `/history/1"`, `href="` + mine + `/history/1/export"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the history lacks %q", want)
		}
	}
	if n := strings.Count(body, `class="secondary restore-version"`); n != 2 {
		t.Errorf("the history offers %d restores, want 2 (not the latest's)", n)
	}

	// Version 1: viewed, downloaded as imported.
	v1 := ts.get(mine + "/history/1")
	wantStatus(t, "version 1", v1, http.StatusOK)
	if body := html.UnescapeString(v1.body); !strings.Contains(body, "Open field: version 1") || !strings.Contains(body, "restore-version") {
		t.Errorf("version 1's page:\n%s", body)
	}
	if got := ts.get(mine + "/history/1/export"); got.status != http.StatusOK || got.body != string(file) ||
		!strings.Contains(got.header.Get("Content-Disposition"), "open-field.json") {
		t.Errorf("version 1's download: %d %q\n%s", got.status, got.header.Get("Content-Disposition"), got.body)
	}
	for _, n := range []string{"9", "0", "one"} {
		got := ts.get(mine + "/history/" + n)
		wantStatus(t, "version "+n, got, http.StatusNotFound)
		if !strings.Contains(html.UnescapeString(got.body), `This scenario has no version "`+n+`": it has versions 1 to 3`) {
			t.Errorf("version %s's refusal:\n%s", n, got.body)
		}
	}

	// Shared: the link shows the latest.
	wantStatus(t, "share", ts.postForm(mine+"/share", nil), http.StatusSeeOther)
	tok := regexp.MustCompile(`/scenario-share/([A-Za-z0-9_-]+)`).FindStringSubmatch(ts.get("/scenarios").body)
	if tok == nil {
		t.Fatal("no share link on the list")
	}
	if got := ts.get("/scenario-share/" + tok[1]); !strings.Contains(html.UnescapeString(got.body), "The second tab's name") {
		t.Errorf("the share link does not show the latest version")
	}

	// Restore: from a stale page refused; from the latest, version 4 holding version 1.
	r = ts.postForm(mine+"/restore", url.Values{"version": {"1"}, "base": {"2"}})
	wantStatus(t, "a restore from a stale page", r, http.StatusConflict)
	if !strings.Contains(html.UnescapeString(r.body), "Not restored: the scenario was saved as version 3 in another tab or window after this page opened version 2") {
		t.Errorf("the stale restore's refusal:\n%s", r.body)
	}
	for _, bad := range []url.Values{{"version": {"first"}, "base": {"3"}}, {"version": {"1"}, "base": {"latest"}}} {
		r = ts.postForm(mine+"/restore", bad)
		wantStatus(t, "a restore of "+bad.Encode(), r, http.StatusBadRequest)
		if !strings.Contains(r.body, "Not restored") {
			t.Errorf("the refusal of %s does not say so:\n%s", bad.Encode(), r.body)
		}
	}
	r = ts.postForm(mine+"/restore", url.Values{"version": {"7"}, "base": {"3"}})
	wantStatus(t, "a restore of version 7", r, http.StatusNotFound)
	r = ts.postForm(mine+"/restore", url.Values{"version": {"1"}, "base": {"3"}})
	wantStatus(t, "a restore", r, http.StatusSeeOther)
	if got := ts.get(r.header.Get("Location")); !strings.Contains(got.body, "Version 1 restored as version 4") {
		t.Errorf("the designer after the restore does not say so")
	}
	if got := ts.get(mine + "/export"); got.body != string(file) {
		t.Errorf("the restored file is not version 1's:\n%s", got.body)
	}
	if got := html.UnescapeString(ts.get(mine + "/history").body); !strings.Contains(got, "restored version 1") || !strings.Contains(got, `id="scenario-version-4"`) ||
		!strings.Contains(got, "The second tab's name") {
		t.Errorf("the history after the restore lacks the restore or the versions between")
	}
	if got := ts.get("/scenario-share/" + tok[1]); !strings.Contains(html.UnescapeString(got.body), "The table of Open field") {
		t.Errorf("the share link does not show the restored version")
	}

	// Another owner: none of it.
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		for _, path := range []string{mine + "/history", mine + "/history/1", mine + "/history/1/export"} {
			wantStatus(t, "another's "+path, ts.get(path), http.StatusNotFound)
		}
		wantStatus(t, "another's restore", ts.postForm(mine+"/restore", url.Values{"version": {"2"}}), http.StatusNotFound)
	})

	// What made each first version: a blank table, a built-in copied, a share link copied.
	for path, want := range map[string]string{"/scenarios": "a blank table", "/scenarios/builtin/open-field/copy": "copied from the built-in Open field",
		"/scenario-share/" + tok[1] + "/copy": "copied from a share link"} {
		var loc string
		ts.as(other, func() {
			r := ts.postForm(path, nil)
			wantStatus(t, path, r, http.StatusSeeOther)
			loc = r.header.Get("Location")
			if got := html.UnescapeString(ts.get(loc + "/history").body); !strings.Contains(got, want) {
				t.Errorf("the first version of %s does not say %q", path, want)
			}
		})
	}

	// Delete asks first: every version goes with it.
	if list := html.UnescapeString(ts.get("/scenarios").body); !strings.Contains(list, `data-confirm="Delete Open field and every saved version of it?`) {
		t.Errorf("the list's delete does not ask first")
	}
	wantStatus(t, "delete", ts.postForm(mine+"/delete", nil), http.StatusSeeOther)
	for _, path := range []string{mine + "/history", mine + "/history/1", mine + "/history/1/export"} {
		wantStatus(t, "a deleted scenario's "+path, ts.get(path), http.StatusNotFound)
	}
}
