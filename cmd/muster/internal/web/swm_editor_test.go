package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// The d20 squad editor (swm_editor.go) driven through its form, as the browser posts it.

// newSquad creates an empty d20 squad through the create form and returns its id.
func (ts *testServer) newSquad(t *testing.T, name, side string) string {
	t.Helper()
	r := ts.postForm("/armies", url.Values{"name": {name}, "side": {side}, "system": {"swm"}})
	wantStatus(t, "create squad", r, http.StatusSeeOther)
	return strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/armies/"), "/edit")
}

// squadEditorForm is the editor's form as the browser would post it.
func (ts *testServer) squadEditorForm(t *testing.T, id string) url.Values {
	t.Helper()
	r := ts.get("/armies/" + id + "/edit")
	wantStatus(t, "squad editor", r, http.StatusOK)
	form := byID(parseHTML(t, r.body), "squad-form")
	if form == nil {
		t.Fatalf("no squad editor form:\n%.2000s", r.body)
	}
	return formValues(form)
}

// press posts the editor's form with a button pressed.
func (ts *testServer) press(t *testing.T, id, action string) response {
	t.Helper()
	v := ts.squadEditorForm(t, id)
	v.Set("action", action)
	r := ts.postForm("/armies/"+id, v)
	wantStatus(t, action, r, http.StatusSeeOther)
	return r
}

// The rulebook's sample Rebel squad (Squad Construction), built card by card from the
// picker: Princess Leia, Hoth Commander 19; Rebel Leader 18; two Hoth Troopers with Atgar
// Cannon 2 x 15; an Elite Hoth Trooper 12; three Hoth Troopers 3 x 7: 100 of 100.
func TestSWMEditorSquadConstructionSampleRebelSquad(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.newSquad(t, "Echo Base defenders", "rebel")
	for _, card := range []string{"Princess Leia, Hoth Commander", "Rebel Leader", "Hoth Trooper with Atgar Cannon",
		"Hoth Trooper with Atgar Cannon", "Elite Hoth Trooper", "Hoth Trooper", "Hoth Trooper", "Hoth Trooper"} {
		ts.press(t, id, "add:"+card)
	}
	r := ts.get("/armies/" + id + "/edit")
	if got := idText(t, r.body, "army-total"); got != "100" {
		t.Fatalf("total %s, want 100", got)
	}
	for i, want := range []string{"19", "18", "30", "12", "21"} {
		if got := idText(t, r.body, "unit-cost-"+itoaS(i)); got != want {
			t.Errorf("unit %d costs %s, want %s", i+1, got, want)
		}
	}
	if byID(parseHTML(t, r.body), "error-count") != nil {
		t.Errorf("the sample squad shows errors: %s", problemText(t, r.body))
	}
	// The picker greys out the second Leia (Unique) and the Empire's cards, saying why.
	if why := idText(t, r.body, "why-princessleiahothcommander"); !strings.Contains(why, "Unique: unit 1 is already Princess Leia") {
		t.Errorf("second Leia: %s", why)
	}
	if why := idText(t, r.body, "why-darthvaderimperialcommander"); !strings.Contains(why, "fights for the Empire") {
		t.Errorf("Vader: %s", why)
	}
	if n := byID(parseHTML(t, r.body), "add-darthvaderimperialcommander"); n == nil {
		t.Error("no Add button for Vader")
	} else if _, off := attr(n, "disabled"); !off {
		t.Error("Vader's Add button is not disabled")
	}

	// A second Princess Leia (two figures of the card) is an error naming the unit.
	v := ts.squadEditorForm(t, id)
	v["count"][0] = "2"
	pv := ts.postForm("/armies/"+id+"/preview", v)
	wantStatus(t, "preview", pv, http.StatusOK)
	// The unit is named once, as the card list numbers it, then the field: never "Unit 1:
	// count: Unit 1, Princess Leia, ..." twice over.
	if got := problemText(t, pv.body); !strings.Contains(got, "Unit 1, Princess Leia, Hoth Commander: count: 2 copies of the Unique Princess Leia") ||
		strings.Count(got, "Unit 1,") != 2 { // the Unique error and the card's missing stats
		t.Errorf("second Leia not named once:\n%s", got)
	}
	// 119 points: the total and the error naming the unit that passes the limit.
	if got := idText(t, pv.body, "army-total"); got != "119" {
		t.Errorf("preview total %s, want 119", got)
	}
}

// Squad Construction's limit: 100 points against a limit of 99 is an error naming the unit
// that takes the squad past it (the three Hoth Troopers, unit 5: 79 + 21 = 100).
func TestSWMEditorPointsLimitNamesTheUnit(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")
	v := ts.squadEditorForm(t, id)
	v.Set("limit", "99")
	pv := ts.postForm("/armies/"+id+"/preview", v)
	wantStatus(t, "preview", pv, http.StatusOK)
	if !strings.Contains(problemText(t, pv.body), "Unit 5, Hoth Trooper: limit: this unit takes the squad past its limit; the squad costs 100 points, 1 over the limit of 99") {
		t.Errorf("limit error:\n%s", pv.body)
	}
	v.Set("limit", "0")
	bad := ts.postForm("/armies/"+id+"/preview", v)
	if !strings.Contains(bad.body, "Limit: write the scenario") {
		t.Errorf("a zero limit: %s", bad.body)
	}
}

// Choosing the Empire greys out the Rebel cards and lists the Empire's first; a card of
// the other faction already in the squad is an error naming it (Choosing a Faction).
func TestSWMEditorChoosingAFaction(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")
	v := ts.squadEditorForm(t, id)
	v.Set("faction", "Empire")
	pv := ts.postForm("/armies/"+id+"/preview", v)
	wantStatus(t, "preview", pv, http.StatusOK)
	if why := idText(t, pv.body, "why-hothtrooper"); !strings.Contains(why, "fights for the Rebel Alliance, not the Empire") {
		t.Errorf("Hoth Trooper under the Empire: %s", why)
	}
	if got := problemText(t, pv.body); !strings.Contains(got, "Unit 1, Princess Leia, Hoth Commander: card: the card fights for the Rebel Alliance, not the Empire") {
		t.Errorf("faction error:\n%s", got)
	}
	// Saved, the squad keeps its cards: nothing is dropped.
	v.Set("action", "save")
	wantStatus(t, "save", ts.postForm("/armies/"+id, v), http.StatusSeeOther)
	y := ts.get("/armies/" + id + "/export?format=yaml").body
	if !strings.Contains(y, "faction: Empire") || !strings.Contains(y, "card: Princess Leia, Hoth Commander") {
		t.Errorf("saved file:\n%s", y)
	}
}

// A card name Muster does not know is kept, marked, and named in the problems; a count
// out of range is refused naming the unit and the fix; the cards: block is kept.
func TestSWMEditorUnknownCardsKeptNeverDropped(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := fileText(t, swmSample) + "cards:\n  - name: Wampa\n    faction: Fringe\n    cost: 20\n"
	file = strings.Replace(file, "  - card: Rebel Leader\n", "  - card: Rebel Leader\n  - card: Tauntaun Rider\n  - card: Wampa\n", 1)
	id := ts.importText(t, file, "")
	r := ts.get("/armies/" + id + "/edit")
	units := idText(t, r.body, "squad-units")
	if !strings.Contains(units, "Tauntaun Rider unknown card") {
		t.Errorf("unknown card not marked: %s", units)
	}
	if got := idText(t, r.body, "unit-cost-3"); got != "20" {
		t.Errorf("the file's own Wampa costs %s, want 20", got)
	}
	if !strings.Contains(problemText(t, r.body), "Unit 3, Tauntaun Rider: card: Muster knows no stat card by this name") {
		t.Errorf("unknown card not named in the problems: %s", problemText(t, r.body))
	}
	ts.press(t, id, "add:Hoth Trooper")
	y := ts.get("/armies/" + id + "/export?format=yaml").body
	for _, want := range []string{"card: Tauntaun Rider", "name: Wampa", "cost: 20", "count: 4"} {
		if !strings.Contains(y, want) {
			t.Errorf("saved file lacks %q:\n%s", want, y)
		}
	}
	v := ts.squadEditorForm(t, id)
	v["count"][1] = "0"
	v.Set("action", "save")
	bad := ts.postForm("/armies/"+id, v)
	wantStatus(t, "count 0", bad, http.StatusUnprocessableEntity)
	if msg := idText(t, bad.body, "form-error"); !strings.Contains(msg, "Unit 2, Rebel Leader count: write how many figures") {
		t.Errorf("count error: %s", msg)
	}
	// Removing a unit removes that one only.
	ts.press(t, id, "remove:2")
	y = ts.get("/armies/" + id + "/export?format=yaml").body
	if strings.Contains(y, "Tauntaun Rider") || !strings.Contains(y, "card: Wampa") {
		t.Errorf("after removing unit 3:\n%s", y)
	}
}

func itoaS(i int) string { return strconv.Itoa(i) }

// problemText is the problem list as read: its text without the space idText puts between
// the link naming the unit and the colon after it.
func problemText(t *testing.T, body string) string {
	t.Helper()
	return strings.ReplaceAll(idText(t, body, "problem-list"), " : ", ": ")
}
