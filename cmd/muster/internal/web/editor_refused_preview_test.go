package web

import (
	"net/http"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// A refused field does not take the total away: the cost update answers the breakdown of
// the army without that field, its pinned total and the refusal naming the field side by
// side. Aurek Squad's blaster 3 -> 4 is one more level for 10 soldiers: 2101 + 10 = 2111,
// with the limit refused (the limit costs nothing).
func TestARefusedFieldLeavesTheTotalInSightBesideItsName(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("u0.skills.skill.blaster", "4")
	form.Set("limit", "lots")
	r := ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "refused preview", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if got := textByID(doc, "army-total"); got != "2111" {
		t.Errorf("total beside a refused limit %q, want 2111 (2101 + blaster 3 -> 4 for 10 soldiers)", got)
	}
	if byID(doc, "breakdown") == nil || byID(doc, "unit-list") == nil {
		t.Error("the refusal replaced the breakdown or the unit list")
	}
	if got := textByID(doc, "refused"); !strings.Contains(got, "SGP limit: the limit must be a whole number") {
		t.Errorf("refusal %q does not name the SGP limit", got)
	}

	// A reshaping change (a troop type picked) with a refused field answers in the
	// breakdown's place: the unit's fields, as typed, are not drawn again without it.
	form.Set("rerender", "0")
	r = ts.postForm("/armies/"+id+"/preview", form)
	wantStatus(t, "refused reshape", r, http.StatusOK)
	if r.header.Get("HX-Retarget") != "#breakdown-panel" || byID(parseHTML(t, r.body), "refused") == nil {
		t.Errorf("a refused reshape is answered to %q, want the breakdown's place with the refusal", r.header.Get("HX-Retarget"))
	}
}

// What the player typed survives a reload even while one field is refused: the refused
// cost update is kept as the draft (the draft is the form, not a valid army), and resuming
// it brings back every other field and says which one was refused.
func TestARefusedCostUpdateIsKeptAsTheDraft(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("u0.skills.skill.blaster", "4")
	form.Set("name", "Aurek Relief")
	form.Set("u0.size", notANumber) // what the editor's script posts for "5e"
	wantStatus(t, "refused preview", ts.postForm("/armies/"+id+"/preview", form), http.StatusOK)

	if r := ts.get("/armies/" + id + "/edit"); !strings.Contains(r.body, "draft=resume") {
		t.Fatal("the editor does not offer the refused update's draft back")
	}
	r := ts.get("/armies/" + id + "/edit?draft=resume")
	wantStatus(t, "resume", r, http.StatusOK)
	resumed := formValues(byID(parseHTML(t, r.body), "army-form"))
	if resumed.Get("u0.skills.skill.blaster") != "4" || resumed.Get("name") != "Aurek Relief" {
		t.Errorf("resumed draft: blaster %q, name %q; want 4 and Aurek Relief as typed",
			resumed.Get("u0.skills.skill.blaster"), resumed.Get("name"))
	}
	if got := textByID(parseHTML(t, r.body), "refused"); !strings.Contains(got, "Unit 1") || !strings.Contains(got, "size") {
		t.Errorf("the resumed draft does not say the squad's size was refused: %q", got)
	}
}

// textByID is the text of the element with the id, "" when there is none.
func textByID(doc *html.Node, id string) string {
	if n := byID(doc, id); n != nil {
		return text(n)
	}
	return ""
}

// The total bar does not say "no problems" beside a refused field: six Standard Rebel
// Troopers have none, but a blaster code of "5e" is a field to fix before the army saves.
func TestARefusedFieldIsNotCalledNoProblems(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, "format: 1\nname: Six troopers\nside: rebel\nunits:\n  - kind: squad\n    troop: Standard Rebel Trooper\n    size: 6\n    skills: {blaster: 4}\n", "")
	form := ts.editorForm(id)
	doc := parseHTML(t, ts.postForm("/armies/"+id+"/preview", form).body)
	if got := text(byID(doc, "totalbar")); !strings.Contains(got, "no problems") {
		t.Fatalf("six troopers as imported: %q, want no problems", got)
	}
	form.Set("u0.skills.skill.blaster", notANumber)
	doc = parseHTML(t, ts.postForm("/armies/"+id+"/preview", form).body)
	if got := text(byID(doc, "totalbar")); strings.Contains(got, "no problems") || !strings.Contains(got, "a field to fix") {
		t.Errorf("beside a refused blaster the total bar reads %q, want a field to fix", got)
	}
}
