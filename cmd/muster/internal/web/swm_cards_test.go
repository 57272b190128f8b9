package web

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The d20 card library (swm_cards.go) driven through its forms, as the browser posts them.

// cardForm opens a card form and returns what it would submit.
func (ts *testServer) cardForm(t *testing.T, path string) (url.Values, string) {
	t.Helper()
	r := ts.get(path)
	if r.status == http.StatusSeeOther {
		path = r.header.Get("Location")
		r = ts.get(path)
	}
	wantStatus(t, "card form "+path, r, http.StatusOK)
	form := byID(parseHTML(t, r.body), "card-form")
	if form == nil {
		t.Fatalf("no card form at %s:\n%.2000s", path, r.body)
	}
	action, _ := attr(form, "action")
	return formValues(form), action
}

// fillCard fills a pack card's blanks through its form (values by field name) and returns
// the library card's address.
func (ts *testServer) fillCard(t *testing.T, path string, values map[string]string, ticks ...string) string {
	t.Helper()
	v, action := ts.cardForm(t, path)
	for k, val := range values {
		v.Set(k, val)
	}
	for _, tick := range ticks {
		name, val, _ := strings.Cut(tick, "=")
		v.Add(name, val)
	}
	r := ts.postForm(action, v)
	if r.status != http.StatusSeeOther {
		t.Fatalf("save %s: %d\n%s", path, r.status, errorsText(t, r.body))
	}
	return r.header.Get("Location")
}

func errorsText(t *testing.T, body string) string {
	if n := byID(parseHTML(t, body), "card-errors"); n != nil {
		return text(n)
	}
	return body
}

// houseStats are numbers for tests, not the printed cards (docs/swm.md: only Luke is
// printed in full).
var houseStats = map[string]map[string]string{
	"Rebel Leader": {"hp": "40", "defense": "15", "attack": "7", "damage": "10", "speed": "6", "size": "medium", "unique": "no", "force": "0", "commander": "no"},
	"Hoth Trooper": {"hp": "10", "defense": "13", "attack": "4", "damage": "10", "speed": "6", "size": "medium", "unique": "no", "force": "0", "commander": "no"},
	"Snowtrooper":  {"hp": "10", "defense": "13", "size": "medium", "unique": "no"},
}

// A squad built in the editor from the pack's cards names the cards with blanks on its page,
// each linked to its form; filled in once (the library), the squad plays, and so does
// every other squad of the owner's with those cards.
func TestSWMSquadFilledFromTheLibraryPlays(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	rebels := ts.newSquad(t, "Echo Base", "rebel")
	for _, card := range []string{"Rebel Leader", "Hoth Trooper", "Hoth Trooper"} {
		ts.press(t, rebels, "add:"+card)
	}
	imps := ts.newSquad(t, "Patrol", "imperial")
	for _, card := range []string{"Snowtrooper", "Snowtrooper"} {
		ts.press(t, imps, "add:"+card)
	}
	r := ts.get("/swm/quick-resolve?a=" + rebels + "&b=" + imps + "&battles=2")
	if !strings.Contains(r.body, "Rebel Leader") || byID(parseHTML(t, r.body), "swm-outcome") != nil {
		t.Fatalf("the squads played before their cards were filled in")
	}
	page := ts.get("/armies/" + rebels)
	blanks := byID(parseHTML(t, page.body), "card-blanks")
	if blanks == nil {
		t.Fatalf("the squad's page does not list its cards with blanks")
	}
	for _, want := range []string{"Fill in Rebel Leader", "Hit Points", "Fill in Hoth Trooper"} {
		if !strings.Contains(text(blanks), want) {
			t.Errorf("the blanks list lacks %q: %s", want, text(blanks))
		}
	}
	for name, stats := range houseStats {
		path := "/swm/cards/new?pack=" + url.QueryEscape(name) + "&squad=" + rebels
		ts.fillCard(t, path, stats)
	}
	page = ts.get("/armies/" + rebels)
	if byID(parseHTML(t, page.body), "card-blanks") != nil {
		t.Errorf("the squad still lists cards with blanks: %s", text(byID(parseHTML(t, page.body), "card-blanks")))
	}
	// Queued as a job, whose worker reads the squad files alone: the library goes with them.
	r = swmPlay(t, ts, "a="+rebels+"&b="+imps+"&battles=2&seed=3")
	wantStatus(t, "quick-resolve", r, http.StatusOK)
	if byID(parseHTML(t, r.body), "swm-outcome") == nil {
		t.Fatalf("the filled squads do not play:\n%.3000s", r.body)
	}
	// Exported with the owner's cards, the two squads play on the command line too.
	dir := t.TempDir()
	var files []string
	for _, id := range []string{rebels, imps} {
		r := ts.get("/swm/squads/" + id + "/export")
		wantStatus(t, "export with cards", r, http.StatusOK)
		path := filepath.Join(dir, id+".yaml")
		if err := os.WriteFile(path, []byte(r.body), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	if code, out, errOut := runMuster(t, "swm", "sim", "--battles", "2", files[0], files[1]); code != 0 {
		t.Errorf("muster swm sim on the exported squads: %d %s %s", code, out, errOut)
	}
	// A second squad of the owner's uses the same cards.
	second := ts.newSquad(t, "Second wave", "rebel")
	ts.press(t, second, "add:Rebel Leader")
	if byID(parseHTML(t, ts.get("/armies/"+second).body), "card-blanks") != nil {
		t.Error("a second squad of the owner's does not use the library's Rebel Leader")
	}
	// The sheet prints the library's numbers.
	if sheet := ts.get("/armies/" + second + "/sheets"); !strings.Contains(sheet.body, "40") {
		t.Errorf("the squad sheet lacks the library's 40 Hit Points")
	}
	// The pack card's form, opened again, is the library card's.
	if loc := ts.get("/swm/cards/new?pack=Rebel+Leader"); loc.status != http.StatusSeeOther || !strings.HasPrefix(loc.header.Get("Location"), "/swm/cards/") {
		t.Errorf("the pack card's form opened again: %d %s", loc.status, loc.header.Get("Location"))
	}
}

// A refused save says what is wrong in words naming the field and the fix, keeps every
// value typed, and saves nothing; the printed values stay whatever is posted.
func TestSWMCardFormRefusesInWordsKeepingWhatWasTyped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	v, action := ts.cardForm(t, "/swm/cards/new?pack=Han+Solo+on+Tauntaun")
	if v.Has("hp") || v.Has("defense") {
		t.Errorf("Han's printed Hit Points or Defense are fields: %v", v)
	}
	v.Set("attack", "nine")
	v.Set("damage", "20")
	v.Set("ability.Fragile", "500")
	v.Set("commander_text", "")
	r := ts.postForm(action, v)
	wantStatus(t, "refused save", r, http.StatusUnprocessableEntity)
	doc := parseHTML(t, r.body)
	errs := text(byID(doc, "card-errors"))
	for _, want := range []string{`Attack: write a whole number from -20 to 100, not "nine"`, "Fragile: 500 is more than the card's 90 Hit Points"} {
		if !strings.Contains(errs, want) {
			t.Errorf("the refusal lacks %q: %s", want, errs)
		}
	}
	if val, _ := attr(byID(doc, "card-damage"), "value"); val != "20" {
		t.Errorf("the typed Damage was lost: %q", val)
	}
	if val, _ := attr(byID(doc, "card-attack"), "value"); val != "nine" {
		t.Errorf("the typed Attack was lost: %q", val)
	}
	if inv, _ := attr(byID(doc, "card-attack"), "aria-invalid"); inv != "true" {
		t.Error("the refused field is not marked invalid")
	}
	if list := ts.get("/swm/cards"); byID(parseHTML(t, list.body), "no-cards") == nil {
		t.Error("a refused save saved a card")
	}
	// A printed value posted changed stays printed.
	v.Set("attack", "9")
	v.Set("ability.Fragile", "")
	v.Set("hp", "1")
	v.Set("cost", "1")
	r = ts.postForm(action, v)
	wantStatus(t, "save", r, http.StatusSeeOther)
	card := ts.get(r.header.Get("Location"))
	if got := idText(t, card.body, "card-hp"); got != "90" {
		t.Errorf("Han's printed 90 Hit Points became %s", got)
	}
	if !strings.Contains(idText(t, card.body, "card-saved"), "Still blank: Size, Force rating") {
		t.Errorf("the saved card does not say what is still blank: %s", idText(t, card.body, "card-saved"))
	}
}

// Another owner's card is never visible or changeable: not on their library page, not
// through its address, not in their squads. A shared card is read-only and copied.
func TestSWMCardLibraryIsTheOwnersAlone(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	loc := ts.fillCard(t, "/swm/cards/new?pack=Rebel+Leader", houseStats["Rebel Leader"])
	id := strings.TrimPrefix(strings.SplitN(loc, "?", 2)[0], "/swm/cards/")
	other := ts.client()
	ts.signUp(other, "rival")
	var otherSquad string
	ts.as(other, func() {
		for _, p := range []string{"/swm/cards/" + id, "/swm/cards/" + id + "/delete"} {
			if r := ts.get(p); r.status != http.StatusNotFound {
				t.Errorf("another owner opens %s: %d", p, r.status)
			}
		}
		for _, p := range []string{"/swm/cards/" + id, "/swm/cards/" + id + "/delete", "/swm/cards/" + id + "/share", "/swm/cards/" + id + "/unshare"} {
			if r := ts.postForm(p, url.Values{"hp": {"99"}}); r.status != http.StatusNotFound {
				t.Errorf("another owner posts %s: %d", p, r.status)
			}
		}
		if r := ts.get("/swm/cards"); strings.Contains(r.body, "/swm/cards/"+id) {
			t.Error("another owner's library lists the card")
		}
		if r := ts.get("/swm/cards/export"); r.status != http.StatusNotFound {
			t.Errorf("another owner's empty library exports: %d", r.status)
		}
		otherSquad = ts.newSquad(t, "Rival", "rebel")
		ts.press(t, otherSquad, "add:Rebel Leader")
		if !strings.Contains(text(byID(parseHTML(t, ts.get("/armies/"+otherSquad).body), "card-blanks")), "Rebel Leader") {
			t.Error("another owner's squad uses the card")
		}
	})
	// The owner shares it: anyone reads it and copies it.
	wantStatus(t, "share", ts.postForm("/swm/cards/"+id+"/share", nil), http.StatusSeeOther)
	lib := ts.get("/swm/cards")
	link := byID(parseHTML(t, lib.body), "library-cards")
	var href string
	for _, part := range strings.Split(lib.body, `href="`) {
		if strings.HasPrefix(part, "/swm/card-share/") {
			href = part[:strings.Index(part, `"`)]
		}
	}
	if link == nil || href == "" {
		t.Fatalf("no share link on the library page")
	}
	ts.as(other, func() {
		r := ts.get(href)
		wantStatus(t, "shared card", r, http.StatusOK)
		if !strings.Contains(idText(t, r.body, "shared-card"), "Hit Points 40") {
			t.Errorf("the shared card: %s", idText(t, r.body, "shared-card"))
		}
		r = ts.postForm(href+"/copy", nil)
		wantStatus(t, "copy", r, http.StatusSeeOther)
		if strings.Contains(r.header.Get("Location"), id) {
			t.Error("the copy is the owner's card")
		}
		if byID(parseHTML(t, ts.get("/armies/"+otherSquad).body), "card-blanks") != nil {
			t.Error("the copied card does not complete the other owner's squad")
		}
		if r := ts.postForm(href+"/copy", nil); r.status != http.StatusConflict {
			t.Errorf("a second copy of one name: %d", r.status)
		}
	})
	wantStatus(t, "unshare", ts.postForm("/swm/cards/"+id+"/unshare", nil), http.StatusSeeOther)
	if r := ts.get(href); r.status != http.StatusNotFound {
		t.Errorf("a revoked card link: %d", r.status)
	}
}

// The library exports as a file the squad files' cards: block reads, imports into another
// library, and an import that contradicts a printed value is refused, the text kept.
func TestSWMCardLibraryExportImport(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ts.fillCard(t, "/swm/cards/new?pack=Rebel+Leader", houseStats["Rebel Leader"])
	v, action := ts.cardForm(t, "/swm/cards/new")
	for k, val := range map[string]string{"name": "Wampa", "faction": "Fringe", "cost": "20", "hp": "60", "defense": "15", "attack": "8",
		"damage": "20", "speed": "8", "size": "large", "unique": "no", "force": "0", "commander": "no"} {
		v.Set(k, val)
	}
	v.Add("abilities", "Melee Attack")
	wantStatus(t, "new card", ts.postForm(action, v), http.StatusSeeOther)
	r := ts.get("/swm/cards/export")
	wantStatus(t, "export", r, http.StatusOK)
	for _, want := range []string{"system: swm", "name: Rebel Leader", "name: Wampa", "- Melee Attack", "- Speed 8"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the export lacks %q:\n%s", want, r.body)
		}
	}
	file := r.body
	other := ts.client()
	ts.as(other, func() {
		bad := strings.Replace(file, "cost: 18", "cost: 5", 1)
		r := ts.postForm("/swm/cards/import", url.Values{"text": {bad}})
		wantStatus(t, "contradicting import", r, http.StatusUnprocessableEntity)
		if msg := idText(t, r.body, "import-error"); !strings.Contains(msg, "cost 5 contradicts the printed 18") {
			t.Errorf("the refusal: %s", msg)
		}
		if !strings.Contains(r.body, "cost: 5") {
			t.Error("the refused text was lost")
		}
		r = ts.postForm("/swm/cards/import", url.Values{"text": {file}})
		wantStatus(t, "import", r, http.StatusSeeOther)
		lib := ts.get(r.header.Get("Location"))
		if !strings.Contains(lib.body, "2 cards added") || !strings.Contains(idText(t, lib.body, "library-cards"), "Wampa") {
			t.Errorf("after the import:\n%s", idText(t, lib.body, "library-cards"))
		}
		// A card beyond the pack joins a squad from the picker.
		squad := ts.newSquad(t, "Beasts", "rebel")
		ts.press(t, squad, "add:Wampa")
		if got := idText(t, ts.get("/armies/"+squad).body, "army-total"); got != "20" {
			t.Errorf("the squad with the library's Wampa costs %s", got)
		}
		// Compared with another squad, the library's card is known there too.
		other := ts.newSquad(t, "Beasts again", "rebel")
		ts.press(t, other, "add:Wampa")
		ts.press(t, other, "add:Wampa")
		cmp := ts.get("/compare?a=" + squad + "&b=" + other)
		wantStatus(t, "compare", cmp, http.StatusOK)
		if got := idText(t, cmp.body, "comparison"); !strings.Contains(got, "Total 20 of 100 points 20 40 of 100 points 40 +20") || !strings.Contains(got, "0 errors") {
			t.Errorf("the compare page does not know the library's Wampa: %s", got)
		}
	})
}

// A card imported from a file with an ability the form does not offer keeps it through the
// form's save; words a page must not show (a control character) are refused by the form
// and by an import, in words.
func TestSWMCardFormKeepsImportedAbilitiesAndRefusesControlCharacters(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/swm/cards/import", url.Values{"text": {"format: 1\nsystem: swm\ncards:\n  - {name: Ewok Warrior, faction: Rebel Alliance, cost: 5, abilities: [Bodyguard, Melee Attack]}\n"}})
	wantStatus(t, "import", r, http.StatusSeeOther)
	lib := ts.get("/swm/cards")
	var href string
	for _, part := range strings.Split(lib.body, `href="`) {
		if strings.HasPrefix(part, "/swm/cards/") && !strings.HasPrefix(part, "/swm/cards/new") && !strings.HasPrefix(part, "/swm/cards/export") {
			href = part[:strings.Index(part, `"`)]
			break
		}
	}
	v, action := ts.cardForm(t, href)
	if v.Get("name") != "Ewok Warrior" || len(v["abilities"]) != 2 {
		t.Fatalf("the imported card's form: %v", v)
	}
	v.Set("hp", "10")
	wantStatus(t, "save", ts.postForm(action, v), http.StatusSeeOther)
	if exp := ts.get("/swm/cards/export"); !strings.Contains(exp.body, "- Bodyguard") || !strings.Contains(exp.body, "hp: 10") {
		t.Errorf("the saved card lost what the form does not offer:\n%s", exp.body)
	}
	v.Set("name", "Ewok\x1b[2J")
	r = ts.postForm(action, v)
	wantStatus(t, "control character", r, http.StatusUnprocessableEntity)
	if msg := idText(t, r.body, "card-errors"); !strings.Contains(msg, "Name: holds an invisible control character") {
		t.Errorf("the refusal: %s", msg)
	}
	r = ts.postForm("/swm/cards/import", url.Values{"text": {"format: 1\nsystem: swm\ncards: [{name: \"Wampa\\u202e\", faction: Fringe, cost: 5}]\n"}})
	wantStatus(t, "import with an override", r, http.StatusUnprocessableEntity)
	if msg := idText(t, r.body, "import-error"); !strings.Contains(msg, "direction override") {
		t.Errorf("the import's refusal: %s", msg)
	}
}
