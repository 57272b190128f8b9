package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A refused save and a save from a stale tab, in every editor: the page comes back with what
// the player typed and says why in their words; nothing already saved is overwritten behind
// their back.

// Two tabs open on the same army: the first adds a unit and saves; the second, still on the
// version it opened, renames the army and saves. The second save is refused (409) and shows
// the rename as typed, and the unit the first tab added is still in the army; saving the
// shown form again makes the rename the newest version, the unit still there.
func TestSaveFromAStaleTabIsRefusedAndKeepsWhatWasTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	tab1, tab2 := ts.editorForm(id), ts.editorForm(id)
	units := len(apiUnits(t, ts, id))

	tab1.Set("action", "add")
	tab1.Set("add", "creature|Tauntaun")
	wantStatus(t, "tab 1 adds a unit", ts.postForm("/armies/"+id, tab1), http.StatusSeeOther)

	tab2.Set("action", "save")
	tab2.Set("name", "Renamed in tab two")
	r := ts.postForm("/armies/"+id, tab2)
	wantStatus(t, "tab 2 saves its older form", r, http.StatusConflict)
	msg := idText(t, r.body, "form-error")
	for _, want := range []string{"another tab or window", "version 2", "version 1"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal %q does not say %q", msg, want)
		}
	}
	if !strings.Contains(r.body, `value="Renamed in tab two"`) {
		t.Error("the refused form lost the name typed in tab two")
	}
	if got := len(apiUnits(t, ts, id)); got != units+1 {
		t.Fatalf("after the stale save the army has %d units, want %d (tab one's Tauntaun kept)", got, units+1)
	}

	// The form shown edits the latest version: saving it again is the player's choice.
	again := formValues(byID(parseHTML(t, r.body), "army-form"))
	again.Set("action", "save")
	wantStatus(t, "saving the shown form", ts.postForm("/armies/"+id, again), http.StatusSeeOther)
	if f := ts.editorForm(id); f.Get("name") != "Renamed in tab two" {
		t.Errorf("name after saving again: %q", f.Get("name"))
	}
}

// A value that is not a number (a squad's size "many") refuses the save, names the unit as
// the editor's unit list does, and shows everything else typed in the same post.
func TestRefusedSaveNamesTheUnitAndKeepsTheRestOfTheForm(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("action", "save")
	form.Set("name", "Typed before the mistake")
	form.Set("u1.name", "Besh Squad, renamed")
	form.Set("u0.size", "many")
	r := ts.postForm("/armies/"+id, form)
	wantStatus(t, "bad size", r, http.StatusUnprocessableEntity)
	msg := idText(t, r.body, "form-error")
	if !strings.Contains(msg, "Unit 1, Aurek Squad") || !strings.Contains(msg, `"many"`) || strings.Contains(msg, "u0.size") {
		t.Errorf("the refusal reads %q: want the unit as the editor names it and the value typed", msg)
	}
	for _, want := range []string{`value="Typed before the mistake"`, `value="Besh Squad, renamed"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the refused form lost %s", want)
		}
	}
	if f := ts.editorForm(id); f.Get("name") != "Mixed Imperial Force" {
		t.Errorf("the refused form was saved: name %q", f.Get("name"))
	}
}

// A name over the 100 characters every saved army keeps to is refused in the editor itself
// (not an error page), with the rest of the form as typed.
func TestTooLongNameIsRefusedInTheEditorWithTheFormKept(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("action", "save")
	form.Set("name", strings.Repeat("Ж", 101))
	form.Set("u1.name", "Kept through the refusal")
	r := ts.postForm("/armies/"+id, form)
	wantStatus(t, "101 characters", r, http.StatusUnprocessableEntity)
	if msg := idText(t, r.body, "form-error"); !strings.Contains(msg, "101 characters") || !strings.Contains(msg, "at most 100") {
		t.Errorf("the refusal reads %q", msg)
	}
	if byID(parseHTML(t, r.body), "army-form") == nil || !strings.Contains(r.body, `value="Kept through the refusal"`) {
		t.Error("the refusal is not the editor with the form as typed")
	}
}

// A game's list: a refused save keeps what was typed, and a stale tab's save is refused.
func TestGameListRefusedAndStaleSavesKeepWhatWasTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Refusals", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Ackbar", "Home One Guard")
	base := "/play/" + player + "/lists/" + key
	ts.addUnit(base, "squad|Mon Calamari")

	form := ts.listForm(base)
	form.Set("action", "save")
	form.Set("name", "Typed list name")
	form.Set("u0.size", "-4")
	r := ts.postForm(base, form)
	wantStatus(t, "negative size", r, http.StatusUnprocessableEntity)
	if msg := idText(t, r.body, "form-error"); !strings.Contains(msg, "Unit 1") || !strings.Contains(msg, `"-4"`) {
		t.Errorf("the refusal reads %q", msg)
	}
	if !strings.Contains(r.body, `value="Typed list name"`) {
		t.Error("the refused list form lost its typed name")
	}

	tab1, tab2 := ts.listForm(base), ts.listForm(base)
	tab1.Set("action", "save")
	tab1.Set("name", "Saved in tab one")
	wantStatus(t, "tab 1", ts.postForm(base, tab1), http.StatusSeeOther)
	tab2.Set("action", "save")
	tab2.Set("name", "Saved in tab two")
	r = ts.postForm(base, tab2)
	wantStatus(t, "tab 2", r, http.StatusConflict)
	if !strings.Contains(r.body, `value="Saved in tab two"`) || !strings.Contains(idText(t, r.body, "form-error"), "another tab or window") {
		t.Errorf("the stale list save does not come back as typed with why:\n%.1500s", r.body)
	}
	if got := ts.listForm(base).Get("name"); got != "Saved in tab one" {
		t.Errorf("the list's name is %q after the stale save, want tab one's", got)
	}
}

// The d20 squad editor: a count that is not a number refuses the save, and the other counts
// typed in the same post come back as typed; a stale tab's save is refused.
func TestSWMEditorRefusedAndStaleSavesKeepWhatWasTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.newSquad(t, "Echo Base", "rebel")
	ts.press(t, id, "add:Hoth Trooper")
	ts.press(t, id, "add:Elite Hoth Trooper")

	form := ts.squadEditorForm(t, id)
	form.Set("action", "save")
	form.Set("name", "Renamed squad")
	form["count"] = []string{"4", "lots"}
	r := ts.postForm("/armies/"+id, form)
	wantStatus(t, "bad count", r, http.StatusUnprocessableEntity)
	if msg := idText(t, r.body, "form-error"); !strings.Contains(msg, "Elite Hoth Trooper") || !strings.Contains(msg, `"lots"`) {
		t.Errorf("the refusal reads %q", msg)
	}
	got := formValues(byID(parseHTML(t, r.body), "squad-form"))
	if got.Get("name") != "Renamed squad" || got["count"][0] != "4" {
		t.Errorf("the refused form shows name %q, counts %v: want the name and the first count as typed", got.Get("name"), got["count"])
	}

	tab1, tab2 := ts.squadEditorForm(t, id), ts.squadEditorForm(t, id)
	tab1.Set("action", "save")
	tab1.Set("name", "Tab one")
	wantStatus(t, "tab 1", ts.postForm("/armies/"+id, tab1), http.StatusSeeOther)
	tab2.Set("action", "save")
	tab2.Set("name", "Tab two")
	r = ts.postForm("/armies/"+id, tab2)
	wantStatus(t, "tab 2", r, http.StatusConflict)
	if !strings.Contains(r.body, `value="Tab two"`) || !strings.Contains(idText(t, r.body, "form-error"), "another tab or window") {
		t.Errorf("the stale squad save does not come back as typed with why:\n%.1500s", r.body)
	}
	if got := ts.squadEditorForm(t, id).Get("name"); got != "Tab one" {
		t.Errorf("the squad's name is %q after the stale save, want tab one's", got)
	}
}

// apiUnits is the army's units as the JSON API returns them.
func apiUnits(t *testing.T, ts *testServer, id string) []any {
	t.Helper()
	var a struct {
		Units []any `json:"units"`
	}
	r := ts.get("/api/armies/" + id)
	wantStatus(t, "api army", r, http.StatusOK)
	if err := json.Unmarshal([]byte(r.body), &a); err != nil {
		t.Fatal(err)
	}
	return a.Units
}

// The new-army form: a limit past what an army keeps (1,000,000 SGPs) and a d20 squad's limit
// past its game's 10,000 points come back on the form, as typed, with the game chosen still
// chosen, never as an error page or a 500.
func TestNewArmyLimitOutOfRangeComesBackOnTheForm(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, tc := range []struct{ system, limit, want string }{
		{"swmb", "2000000", "at most 1000000"},
		{"swm", "999999", "from 1 to 10000"},
	} {
		r := ts.postForm("/armies", url.Values{"name": {"Too big"}, "side": {"rebel"}, "system": {tc.system}, "limit": {tc.limit}})
		wantStatus(t, tc.system+" limit "+tc.limit, r, http.StatusUnprocessableEntity)
		if !strings.Contains(r.body, tc.want) || !strings.Contains(r.body, `value="`+tc.limit+`"`) || !strings.Contains(r.body, `value="Too big"`) {
			t.Errorf("%s limit %s: the form does not come back as typed with %q:\n%.1500s", tc.system, tc.limit, tc.want, r.body)
		}
		if !strings.Contains(r.body, `<option value="`+tc.system+`" selected>`) {
			t.Errorf("%s: the game chosen is not chosen on the refused form", tc.system)
		}
	}
}

// An army file that reads but holds more than an army keeps (a 101-character name) is
// refused on the import form with the pasted text still there.
func TestImportPastTheBoundsKeepsThePastedText(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := "format: 1\nname: " + strings.Repeat("N", 101) + "\nside: rebel\nunits: []\n"
	r := ts.postForm("/armies/import", url.Values{"text": {file}})
	wantStatus(t, "101-character name", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "shorten it to at most 100") || !strings.Contains(r.body, strings.Repeat("N", 101)) {
		t.Errorf("the import refusal lost the pasted file or the reason:\n%.1500s", r.body)
	}
}

// A game list imported from a file that holds more than an army keeps (a 101-character
// name) is refused on the player's page with the pasted text kept, not on an error page.
func TestGameListImportPastTheBoundsKeepsThePastedText(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Bounds night", chapterTenSides(t))
	file := "format: 1\nname: " + strings.Repeat("N", 101) + "\nside: rebel\nunits: []\n"
	r := ts.postForm("/play/"+player+"/lists", url.Values{"action": {"import"}, "player": {"Ackbar"}, "side": {"rebel"}, "text": {file}})
	wantStatus(t, "101-character name", r, http.StatusUnprocessableEntity)
	if !strings.Contains(r.body, "shorten it to at most 100") || !strings.Contains(r.body, strings.Repeat("N", 101)) || !strings.Contains(r.body, `value="Ackbar"`) {
		t.Errorf("the list import refusal lost the pasted file, the player or the reason:\n%.2000s", r.body)
	}
}

// A page's address sent the wrong method (a form posted to the new-army page, a script's
// PUT) answers 405 in words that say what the address takes, not "Method Not Allowed".
func TestWrongMethodIsAnsweredInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, m := range []string{http.MethodPut, http.MethodDelete} {
		req, _ := http.NewRequest(m, ts.srv.URL+"/armies/new", nil)
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		r := ts.do(req)
		wantStatus(t, m+" /armies/new", r, http.StatusMethodNotAllowed)
		if msg := text(byID(parseHTML(t, r.body), "content")); !strings.Contains(msg, "does not take a "+m+" request") ||
			!strings.Contains(msg, "It takes GET.") {
			t.Errorf("%s: the page says %q, want what it takes (GET, as its Allow header %q)", m, msg, r.header.Get("Allow"))
		}
	}
}

// A button that cannot be carried out (remove a unit that is not there, add what the
// catalogue does not know) is refused with the editor and the form as typed, not an error
// page that loses the edits made before pressing it.
func TestRefusedEditorActionKeepsTheFormAsTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, tc := range []struct{ action, add, want string }{
		{"remove:99", "", `no unit "99"`},
		{"add", "squad|Nonexistent", `unknown troop type "Nonexistent"`},
	} {
		form := ts.editorForm(id)
		form.Set("name", "Edited before pressing "+tc.action)
		form.Set("action", tc.action)
		form.Set("add", tc.add)
		r := ts.postForm("/armies/"+id, form)
		wantStatus(t, tc.action, r, http.StatusBadRequest)
		if msg := idText(t, r.body, "form-error"); !strings.Contains(msg, tc.want) {
			t.Errorf("%s: the refusal reads %q, want %q", tc.action, msg, tc.want)
		}
		if !strings.Contains(r.body, `value="Edited before pressing `+tc.action+`"`) {
			t.Errorf("%s: the refused form lost the name typed", tc.action)
		}
	}
}

// A draft kept with a value the form no longer takes (a squad of 5000, from before sizes
// were bounded at 1000) still opens, with the rest of what was typed, not a 500.
func TestDraftWithAValueOutOfRangeStillOpens(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("name", "Drafted name")
	form.Set("u0.size", "5000")
	rec, _, err := ts.store.Get(context.Background(), ts.ownerID(), id)
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.store.SaveDraft(context.Background(), ts.ownerID(), id, rec.Version, []byte(form.Encode())); err != nil {
		t.Fatal(err)
	}
	r := ts.get("/armies/" + id + "/edit?draft=resume")
	wantStatus(t, "resume", r, http.StatusOK)
	if !strings.Contains(r.body, `value="Drafted name"`) {
		t.Error("the resumed draft lost its name")
	}
}

// A tab opened on version 1, then another tab saves version 2: Undo, Redo and Restore from
// the first tab are refused (409) saying why, and version 2 stays the army's; from a page
// showing version 2 they work.
func TestUndoRedoAndRestoreFromAStaleTabAreRefused(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	other := ts.editorForm(id)
	other.Set("action", "save")
	other.Set("name", "Saved in another tab")
	wantStatus(t, "another tab saves", ts.postForm("/armies/"+id, other), http.StatusSeeOther)

	for _, c := range []struct {
		path string
		form url.Values
		word string
	}{
		{"/armies/" + id + "/undo", url.Values{"version": {"1"}}, "Not undone"},
		{"/armies/" + id + "/redo", url.Values{"version": {"1"}}, "Not redone"},
		{"/armies/" + id + "/restore", url.Values{"version": {"1"}, "base": {"1"}}, "Not restored"},
	} {
		r := ts.postForm(c.path, c.form)
		wantStatus(t, c.path+" from the stale tab", r, http.StatusConflict)
		for _, want := range []string{c.word, "another tab or window", "version 2"} {
			if !strings.Contains(r.body, want) {
				t.Errorf("%s: the refusal does not say %q:\n%.800s", c.path, want, r.body)
			}
		}
		if got := ts.editorForm(id).Get("name"); got != "Saved in another tab" {
			t.Fatalf("after %s from the stale tab the army is named %q: the other tab's save was undone", c.path, got)
		}
	}
	wantStatus(t, "undo from version 2", ts.postForm("/armies/"+id+"/undo", url.Values{"version": {"2"}}), http.StatusSeeOther)
	if got := ts.editorForm(id).Get("name"); got == "Saved in another tab" {
		t.Error("undo from the page showing the head did not undo")
	}
	wantStatus(t, "a version that is not one", ts.postForm("/armies/"+id+"/redo", url.Values{"version": {"two"}}), http.StatusBadRequest)
}
