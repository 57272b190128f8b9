package web

import (
	"net/http"
	"strings"
	"testing"
)

// An editor action that names no unit ("remove", "remove:", "dup", "down:") is refused in
// words, never a crash.
func TestEditorActionWithoutAUnitIsRefusedInWords(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, action := range []string{"remove", "remove:", "dup", "dup:", "down:", "up", "remove:99", "remove:-1"} {
		form := ts.editorForm(id)
		form.Set("action", action)
		r := ts.postForm("/armies/"+id, form)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, "unit") {
			t.Errorf("action %q: %d, want 400 with a message:\n%.300s", action, r.status, r.body)
		}
	}
}

// Changing a squad's troop type redraws the unit at once, from the posted form and without
// saving: the Ewok Troop List (p. 99: veteran, spears) replaces the Stormtrooper's qualities,
// caps and weapons on offer, and the breakdown comes along out of band.
func TestChangingTroopTypeRedrawsQualityCapsAndWeapons(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("u0.troop", "Ewok")
	form.Set("rerender", "0")
	r := ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "redraw", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	unit := byID(doc, "fields-0")
	if unit == nil {
		t.Fatalf("no redrawn unit 0:\n%.500s", r.body)
	}
	got := text(unit)
	for _, want := range []string{"Ewok", "Melee (Ewok Troop List)", "Not on the Troop List", "≤"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the redrawn unit lacks %q", want)
		}
	}
	if strings.Contains(got, "Stormtrooper Troop List") {
		t.Error("the redrawn unit still offers the Stormtrooper's weapons")
	}
	if panel := byID(doc, "breakdown-panel"); panel == nil {
		t.Error("no breakdown out of band")
	} else if v, _ := attr(panel, "hx-swap-oob"); v != "true" {
		t.Errorf("breakdown hx-swap-oob=%q", v)
	}
	// Not saved: the stored army still has its Stormtroopers, and the draft keeps the Ewoks.
	if form := ts.editorForm(id); form.Get("u0.troop") != "Stormtrooper" {
		t.Errorf("the redraw saved the army: troop %q", form.Get("u0.troop"))
	}
	if r := ts.get("/armies/" + id + "/edit?draft=resume"); !strings.Contains(r.body, `value="Ewok" selected`) {
		t.Error("the draft does not hold the Ewok troop type")
	}
}

// Filling the blank weapon row and redrawing gives a new blank row below it: a second
// weapon is added without saving.
func TestFilledWeaponRowGetsANewBlankRow(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	// Besh Squad carries one weapon (row 0); row 1 is the blank one.
	if form.Get("u1.weapons.1.name") != "" || !form.Has("u1.weapons.1.name") {
		t.Fatalf("unit 1's rows: %v", form["u1.weapons.1.name"])
	}
	form.Set("u1.weapons.1.name", "Blaster Pistol")
	form.Set("rerender", "1")
	r := ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "redraw", r, http.StatusOK)
	if !strings.Contains(r.body, `name="u1.weapons.2.name"`) {
		t.Error("no new blank row after the filled one")
	}
	form.Set("rerender", "70")
	if r := ts.postForm("/armies/"+id+"/preview", form); r.status != http.StatusBadRequest || !strings.Contains(r.body, "no unit") {
		t.Errorf("redraw of a unit that is not there: %d %.200s", r.status, r.body)
	}
}

// An editor button posted by htmx saves and says where to go (HX-Location, scrolled to the
// unit added), instead of a redirect that would reload the page; a plain post is redirected.
func TestEditorButtonsSaveWithoutReload(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("action", "add")
	form.Set("add", "creature|Bantha")
	form.Set("_csrf", ts.token())
	req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/armies/"+id, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	r := ts.do(req)
	wantStatus(t, "htmx add", r, http.StatusOK)
	loc := r.header.Get("HX-Location")
	if !strings.Contains(loc, "/armies/"+id+"/edit?saved=1") || !strings.Contains(loc, "#fields-10") {
		t.Errorf("HX-Location %q, want the editor scrolled to the new unit 11", loc)
	}
	form = ts.editorForm(id)
	if form.Get("u10.creature") != "Bantha" {
		t.Errorf("the Bantha was not saved: %q", form.Get("u10.creature"))
	}
	form.Set("action", "save")
	if r := ts.postForm("/armies/"+id, form); r.status != http.StatusSeeOther {
		t.Errorf("plain save: %d, want 303", r.status)
	}
}

// Creature and droid units show their chart lines in the editor: the Bantha is DEX 2, PER 2,
// STR 8, Move 5 with a 7 attack (Creature Chart: (2+8+2+5+7) x 1 = 24); the Security Droid
// has Move 10 and 35 SGPs before weapons (Droid Chart).
func TestEditorShowsCreatureAndDroidStats(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	for _, add := range []string{"creature|Bantha", "droid|Security Droid"} {
		form := ts.editorForm(id)
		form.Set("action", "add")
		form.Set("add", add)
		wantStatus(t, "add "+add, ts.postForm("/armies/"+id, form), http.StatusSeeOther)
	}
	r := ts.get("/armies/" + id + "/edit")
	for _, want := range []string{"Creature Chart: DEX 2, PER 2, STR 8, Move 5", "24 SGPs each", "Droid Chart: DEX 3", "Move 10", "35 SGPs before weapons"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the editor lacks %q", want)
		}
	}
}
