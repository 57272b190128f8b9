package web

import (
	"net/http"
	"strings"
	"testing"
)

// A game list's editor treats a refused field as the army editor does: a cost update with
// "5e" in a squad's size is kept as the player's draft, answered with the refusal naming
// the field beside the breakdown, and resuming the draft brings back everything else typed
// and says which field was refused and left empty.
func TestAGameListsRefusedFieldIsKeptAndNamedOnResume(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	_, player := ts.createGame("Refused field", chapterTenSides(t))
	key := ts.startList(player, "rebel", "Ackbar", "Home One Guard")
	base := "/play/" + player + "/lists/" + key
	ts.addUnit(base, "squad|Mon Calamari")
	form := ts.listForm(base)
	form.Set("name", "Home One Guard, unsaved")
	form.Set("u0.size", notANumber) // what the editor's script posts for "5e"
	r := ts.postForm(base+"/preview", form)
	wantStatus(t, "refused preview", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if got := textByID(doc, "refused"); !strings.Contains(got, "Unit 1") || !strings.Contains(got, "size") {
		t.Errorf("the cost update's refusal %q does not name Unit 1's size", got)
	}
	if byID(doc, "breakdown") == nil {
		t.Error("the refusal replaced the breakdown")
	}

	if r := ts.get(base + "/edit"); !strings.Contains(r.body, "draft=resume") {
		t.Fatal("the list's editor does not offer the refused update's draft back")
	}
	r = ts.get(base + "/edit?draft=resume")
	wantStatus(t, "resume", r, http.StatusOK)
	doc = parseHTML(t, r.body)
	if got := formValues(byID(doc, "army-form")).Get("name"); got != "Home One Guard, unsaved" {
		t.Errorf("resumed name %q, want the unsaved name as typed", got)
	}
	if got := textByID(doc, "refused"); !strings.Contains(got, "Unit 1") || !strings.Contains(got, "size") || !strings.Contains(got, "left empty") {
		t.Errorf("the resumed draft does not say the squad's size was refused and left empty: %q", got)
	}
}
