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

// A player's scenarios through the web (issue 33): an import the engine cannot play is
// refused naming the field and the place, nothing saved; a good one is kept byte for byte
// and exported so; the designer's save refuses beside the row and keeps the rows as typed;
// another owner's scenario is not found, not even through the matchup form; a shared one
// is copied into mine.
func TestScenariosFromTheWeb(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	f, _ := battle.LoadScenario("open-field")
	file, _ := design.Marshal(f.Scenario)

	bad := strings.Replace(string(file), `"rect": [
        40,
        31,
        48,
        37
      ]`, `"rect": [40, 31, 80, 37]`, 1)
	if bad == string(file) {
		t.Fatal("the test's bad file is the good one")
	}
	r := ts.postForm("/scenarios/import", url.Values{"text": {bad}})
	wantStatus(t, "a bad import", r, http.StatusUnprocessableEntity)
	if want := `terrain 5 (the north wood): rect runs past the table's 72" width`; !strings.Contains(html.UnescapeString(r.body), want) {
		t.Errorf("the refusal does not say %q", want)
	}
	typed := "  " + string(file) // as typed, spaces and all
	r = ts.postForm("/scenarios/import", url.Values{"text": {typed}})
	wantStatus(t, "an import", r, http.StatusSeeOther)
	mine := r.header.Get("Location")
	if got := ts.get(mine + "/export"); got.status != 200 || got.body != typed {
		t.Errorf("the export is not the file as imported: %d\n%s", got.status, got.body)
	}

	// The designer refuses an area off the table beside its row, the rows kept as typed.
	form := design.FromScenario(f.Scenario).Values()
	form.Set("terrain.4.x", "70")
	form.Set("barrier.1.name", "the new wall")
	r = ts.postForm(mine, form)
	wantStatus(t, "a save off the table", r, http.StatusUnprocessableEntity)
	body := html.UnescapeString(r.body)
	if !strings.Contains(body, `id="sc-terrain.4-error"`) || !strings.Contains(body, `terrain 5 (the north wood): rect runs past`) || !strings.Contains(body, `value="the new wall"`) {
		t.Errorf("the refused form:\n%s", body)
	}
	form.Set("terrain.4.x", "41")
	wantStatus(t, "a save", ts.postForm(mine, form), http.StatusSeeOther)
	if got := ts.get(mine + "/export"); !strings.Contains(got.body, `"the new wall"`) || !strings.Contains(got.body, `41,`) {
		t.Errorf("the saved file:\n%s", got.body)
	}

	// A matchup on it plays the field as it was asked for: edited afterwards (every area
	// gone), its replay still draws the north wood, and "play again" asks for my scenario.
	army := ts.importFile(rebel1500)
	r = ts.postForm("/sim", url.Values{"a": {army}, "b": {army}, "battles": {"4"}, "seed": {"3"}, "scenario": {"mine:" + strings.TrimPrefix(mine, "/scenarios/")}})
	wantStatus(t, "a matchup on my scenario", r, http.StatusSeeOther)
	result := waitResult(t, ts, r.header.Get("Location"))
	for k := range form {
		if strings.HasPrefix(k, "terrain.") {
			form.Del(k)
		}
	}
	wantStatus(t, "every area removed", ts.postForm(mine, form), http.StatusSeeOther)
	replay := ts.get(result + "/replay")
	wantStatus(t, "the replay", replay, http.StatusOK)
	if !strings.Contains(replay.body, "the north wood") {
		t.Errorf("the replay does not draw the field the matchup was played on")
	}
	if page := ts.get(result); !strings.Contains(page.body, `value="mine:`+strings.TrimPrefix(mine, "/scenarios/")+`"`) {
		t.Errorf("play again does not ask for my scenario")
	}

	// Another owner: nothing of mine, not even in a matchup.
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		for _, path := range []string{mine, mine + "/export"} {
			wantStatus(t, "another's "+path, ts.get(path), http.StatusNotFound)
		}
		a := ts.importFile(rebel1500)
		r := ts.postForm("/sim", url.Values{"a": {a}, "b": {a}, "battles": {"5"}, "scenario": {"mine:" + strings.TrimPrefix(mine, "/scenarios/")}})
		wantStatus(t, "a matchup on another's scenario", r, http.StatusBadRequest)
		if !strings.Contains(r.body, "no such scenario among yours") {
			t.Errorf("the matchup's refusal: %s", r.body)
		}
	})
	// Shared: read-only for anyone, copied into theirs.
	wantStatus(t, "share", ts.postForm(mine+"/share", nil), http.StatusSeeOther)
	tok := ""
	if m := regexp.MustCompile(`/scenario-share/([A-Za-z0-9_-]+)`).FindStringSubmatch(ts.get("/scenarios").body); m != nil {
		tok = m[1]
	}
	if tok == "" {
		t.Fatal("no share link on the list")
	}
	ts.as(other, func() {
		wantStatus(t, "the shared scenario", ts.get("/scenario-share/"+tok), http.StatusOK)
		if form := ts.get("/sim?scenario=shared:" + tok); !strings.Contains(form.body, "(shared with you)") {
			t.Errorf("the matchup form does not offer the shared scenario")
		}
		a := ts.importFile(rebel1500)
		played := ts.postForm("/sim", url.Values{"a": {a}, "b": {a}, "battles": {"3"}, "scenario": {"shared:" + tok}})
		wantStatus(t, "a matchup on a shared scenario", played, http.StatusSeeOther)
		res := waitResult(t, ts, played.header.Get("Location"))
		if rep := ts.get(res + "/replay"); !strings.Contains(rep.body, "the new wall") {
			t.Errorf("the replay of a matchup on a shared scenario does not draw it: %d", rep.status)
		}
		r := ts.postForm("/scenario-share/"+tok+"/copy", nil)
		wantStatus(t, "copy it", r, http.StatusSeeOther)
		theirs := r.header.Get("Location")
		if theirs == mine || ts.get(theirs).status != http.StatusOK {
			t.Errorf("the copy %s is not theirs", theirs)
		}
	})
}

// Without the page's script, "Add" posts the form and the server answers it with a new row
// after the list's last, nothing saved; the rows typed so far kept.
func TestScenarioAddRowWithoutScript(t *testing.T) {
	ts := newTestServer(t)
	r := ts.postForm("/scenarios", nil)
	wantStatus(t, "a new scenario", r, http.StatusSeeOther)
	mine := r.header.Get("Location")
	form := design.FromScenario(design.Blank("x", "Typed name")).Values()
	form.Set("add", "barrier")
	r = ts.postForm(mine, form)
	wantStatus(t, "add a barrier", r, http.StatusOK)
	if !strings.Contains(r.body, `name="barrier.0.type"`) || !strings.Contains(r.body, `value="Typed name"`) {
		t.Errorf("the form after Add lacks the new row or what was typed")
	}
	if got := ts.get(mine + "/export"); strings.Contains(got.body, "Typed name") {
		t.Errorf("Add saved the form")
	}
}
