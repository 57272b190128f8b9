package web

import (
	"net/http"
	"strings"
	"testing"
)

// An army's own catalog: block is read everywhere the army's names are: the editor offers
// its custom troop type and mount, the sheets print them, and a matchup fields them. By
// hand the army is 444 SGPs (costing/catalog_test.go).
func TestCustomCatalogEntriesAcrossTheWebApp(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile("../../../../costing/testdata/custom-catalog.yaml")
	army := ts.get("/armies/" + id)
	wantStatus(t, "army page", army, http.StatusOK)
	if !strings.Contains(army.body, "444") || strings.Contains(army.body, "has the name of one already known") {
		t.Errorf("the army page does not cost the custom entries as 444 SGPs")
	}
	edit := ts.get("/armies/" + id + "/edit")
	wantStatus(t, "editor", edit, http.StatusOK)
	for _, want := range []string{`<option value="squad|Kwymar Militiaman">`, `<option value="creature|Bordok">`, `<option value="Kwymar Militiaman" selected>`} {
		if !strings.Contains(edit.body, want) {
			t.Errorf("the editor's pickers do not offer %s", want)
		}
	}
	sheets := ts.get("/armies/" + id + "/sheets")
	wantStatus(t, "sheets", sheets, http.StatusOK)
	if !strings.Contains(sheets.body, "Kwymar Militiaman") {
		t.Error("the sheets do not print the custom troop type")
	}
	rangers := ts.importFile("../../../../rules/data/forces/blue-rangers.yaml")
	run := startMatchup(t, ts, id, rangers, "open-field", "20", "1")
	wantStatus(t, "matchup result", ts.get(waitResult(t, ts, run)), http.StatusOK)
}
