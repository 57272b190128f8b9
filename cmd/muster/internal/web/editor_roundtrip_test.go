package web

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"muster/roster"
)

// Nothing typed is ever lost: every army file the project holds (the book's forces, the test
// armies), opened in the editor and saved unchanged, exports the same army.
func TestEditorSavesEveryArmyUnchanged(t *testing.T) {
	t.Parallel()
	var files []string
	for _, glob := range []string{"../../../../rules/data/forces/*.yaml", "../../../../costing/testdata/*.yaml", "../../../../rules/battle/testdata/*.yaml",
		"../../../../costing/testdata/chapter-ten/*army*.yaml"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d army files found", len(files))
	}
	ts := newTestServer(t)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := roster.Read(data)
		if err != nil {
			continue // not an army file (a limits file, expectations)
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			id := ts.importFile(path)
			form := ts.editorForm(id)
			form.Set("action", "save")
			r := ts.postForm("/armies/"+id, form)
			if r.status != http.StatusSeeOther {
				t.Fatalf("save unchanged: %d\n%.500s", r.status, r.body)
			}
			out := ts.get("/armies/" + id + "/export?format=yaml")
			got, err := roster.Read([]byte(out.body))
			if err != nil {
				t.Fatalf("the export does not read: %v", err)
			}
			if !reflect.DeepEqual(normalized(want), normalized(got)) {
				wy, _ := want.YAML()
				gy, _ := got.YAML()
				t.Errorf("saved unchanged, the army changed:\n--- imported\n%s\n--- exported\n%s", wy, gy)
			}
		})
	}
}

// normalized is an army as the file means it: names in any case (the catalogue matches
// them so), "armor: none" the same as no armor, "origin: rpg" (the default) as none.
func normalized(a *roster.Army) string {
	y, _ := a.YAML()
	var lines []string
	for _, l := range strings.Split(string(y), "\n") {
		if t := strings.TrimSpace(l); t == "armor: none" || t == "origin: rpg" {
			continue
		}
		lines = append(lines, strings.ToLower(l))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// A name the catalogue does not know (a typo, an older catalogue) survives an edit: the
// editor keeps it, marked "not in the catalogue" with the nearest known name, and the army
// stays invalid until the player fixes it.
func TestEditorKeepsNamesTheCatalogueDoesNotKnow(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := `format: 1
name: Typos
side: rebel
units:
  - kind: squad
    troop: Standard Rebel Trooper
    size: 6
    weapons: [Blaster Rifel]
    armor: Blast Vset
    equipment: [Medpak]
  - kind: creature
    creature: Tauntaunn
    count: 2
  - kind: droid
    droid: Securty Droid
  - kind: hero
    name: Ben
    attributes: {DEX: 3, KNO: 3, MEC: 2, PER: 3, STR: 2, TEC: 2}
    force: {skills: {control: 2}, powers: [control pian]}
`
	r := ts.postBody("/api/armies", "application/yaml", file)
	wantStatus(t, "import", r, http.StatusCreated)
	id := strings.Split(strings.Split(r.body, `"id":"`)[1], `"`)[0]
	page := ts.get("/armies/" + id + "/edit")
	for _, want := range []string{"Blaster Rifel — not in the catalogue; did you mean Blaster Rifle?", "Tauntaunn — not in the catalogue",
		"Securty Droid — not in the catalogue", "Blast Vset — not in the catalogue", "Medpak — not in the catalogue"} {
		if !strings.Contains(page.body, want) {
			t.Errorf("the editor does not offer %q", want)
		}
	}
	form := ts.editorForm(id)
	form.Set("action", "save")
	wantStatus(t, "save unchanged", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	out := ts.get("/armies/" + id + "/export?format=yaml").body
	for _, name := range []string{"Blaster Rifel", "Blast Vset", "Medpak", "Tauntaunn", "Securty Droid", "control pian"} {
		if !strings.Contains(out, name) {
			t.Errorf("saving dropped %q:\n%s", name, out)
		}
	}
	api := ts.get("/api/armies/" + id)
	if !strings.Contains(api.body, `"valid":false`) {
		t.Error("an army with unknown names became valid by saving it")
	}
}

// Problems name units as the screens do ("Unit 1, Aurek Squad: ..."), never by their place in
// the file (units[0]), and link to the unit.
func TestProblemsNameUnitsAsTheScreenDoes(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, path := range []string{"/armies/" + id, "/armies/" + id + "/edit", "/armies/" + id + "/sheets"} {
		body := ts.get(path).body
		if !strings.Contains(body, "Unit 1, Aurek Squad: weapon 2") {
			t.Errorf("%s does not name the unit as the screen does", path)
		}
		if strings.Contains(body, "units[0]") {
			t.Errorf("%s shows a file path, units[0]", path)
		}
	}
	if body := ts.get("/armies/" + id).body; !strings.Contains(body, `href="#unit-0" class="problem-place"`) {
		t.Error("a problem does not link to its unit")
	}
}

// Unsaved edits survive leaving the page: the cost update keeps the form as a draft; the
// editor and the summary then offer to resume or discard it; resuming shows the typed
// changes, not saved; saving forgets the draft; another owner sees none of it.
func TestEditorDraftsSurviveLeavingThePage(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("name", "Typed but not saved")
	r := ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "preview", r, http.StatusOK)
	for _, path := range []string{"/armies/" + id + "/edit", "/armies/" + id} {
		page := ts.get(path)
		if byID(parseHTML(t, page.body), "draft-banner") == nil {
			t.Errorf("%s does not offer the unsaved changes", path)
		}
	}
	resumed := ts.get("/armies/" + id + "/edit?draft=resume")
	if !strings.Contains(resumed.body, `value="Typed but not saved"`) || !strings.Contains(resumed.body, "Resumed your unsaved changes") {
		t.Errorf("resuming does not show the typed name:\n%.800s", resumed.body)
	}
	other := ts.client()
	ts.as(other, func() {
		if r := ts.get("/armies/" + id + "/edit?draft=resume"); r.status != http.StatusNotFound {
			t.Errorf("another browser resumes the draft: %d", r.status)
		}
	})
	wantStatus(t, "discard", ts.postForm("/armies/"+id+"/draft/discard", nil), http.StatusSeeOther)
	if page := ts.get("/armies/" + id + "/edit"); byID(parseHTML(t, page.body), "draft-banner") != nil {
		t.Error("a discarded draft is still offered")
	}
	ts.postForm("/armies/"+id+"/preview", form)
	form.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	if page := ts.get("/armies/" + id + "/edit"); byID(parseHTML(t, page.body), "draft-banner") != nil || !strings.Contains(page.body, "Typed but not saved") {
		t.Error("after saving, the draft is still offered, or the save lost the name")
	}
}

// Buttons name their unit ("Remove Rancor") and the flash says what was undone ("Undone:
// removed creature Rancor").
func TestUndoSaysWhatItUndid(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	page := ts.get("/armies/" + id + "/edit").body
	if !strings.Contains(page, `aria-label="Remove Rancor"`) {
		t.Error("the Remove button does not name its unit")
	}
	form := ts.editorForm(id)
	form.Set("action", "remove:6")
	wantStatus(t, "remove the Rancor", ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	r := ts.postForm("/armies/"+id+"/undo", nil)
	wantStatus(t, "undo", r, http.StatusSeeOther)
	if flash := ts.get(r.header.Get("Location")).body; !strings.Contains(flash, "Undone: removed creature Rancor") {
		t.Errorf("the flash does not say what was undone:\n%.600s", flash)
	}
	r = ts.postForm("/armies/"+id+"/redo", nil)
	if flash := ts.get(r.header.Get("Location")).body; !strings.Contains(flash, "Redone: removed creature Rancor") {
		t.Error("the flash does not say what was redone")
	}
}

// The status bar: the total against the limit, the problems and whether the army is saved,
// in the editor and in each cost update (pinned to the window's top on phones by the CSS).
func TestStatusBarSaysTotalProblemsAndSavedState(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	bar := text(byID(parseHTML(t, ts.get("/armies/"+id+"/edit").body), "totalbar"))
	for _, want := range []string{"2101", "of 2100 limit", "1 over the limit", "3 errors", "saved, version 1"} {
		if !strings.Contains(bar, want) {
			t.Errorf("the editor's status bar %q lacks %q", bar, want)
		}
	}
	form := ts.editorForm(id)
	form.Set("name", "Changed")
	preview := text(byID(parseHTML(t, ts.postForm("/armies/"+id+"/preview", form).body), "totalbar"))
	if !strings.Contains(preview, "not saved") {
		t.Errorf("after a change the status bar says %q", preview)
	}
}

// A copy of an army whose name is as long as a name may be stays within the limit, and the
// duplicate is saved.
func TestDuplicateOfALongNameStaysWithinTheLimit(t *testing.T) {
	t.Parallel()
	name := strings.Repeat("é", roster.MaxNameLen)
	if got := []rune(roster.CopyName(name)); len(got) != roster.MaxNameLen || !strings.HasSuffix(string(got), " (copy)") {
		t.Errorf("copyName: %d runes, %q", len(got), string(got[len(got)-10:]))
	}
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {strings.Repeat("n", roster.MaxNameLen)}, "side": {"rebel"}})
	wantStatus(t, "create", r, http.StatusSeeOther)
	id := strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/armies/"), "/edit")
	wantStatus(t, "duplicate", ts.postForm("/armies/"+id+"/duplicate", nil), http.StatusSeeOther)
	r = ts.postForm("/armies", url.Values{"name": {strings.Repeat("n", roster.MaxNameLen+1)}, "side": {"rebel"}})
	if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "at most 100 characters") {
		t.Errorf("a name of 101 characters: %d", r.status)
	}
}
