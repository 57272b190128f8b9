package web

import (
	"strings"
	"testing"

	"muster/views"
)

// A card the squad file's cards: block adds or completes prints with a note on the sheet
// (the command line's and the web's): its values are the file's, not the rulebook's, so a
// player checks them against the card. The salvage squad completes the Elite Snowtrooper
// and the Snowtrooper; the sample squad's printed cards carry no note.
func TestSWMSheetMarksTheFilesCards(t *testing.T) {
	t.Parallel()
	out, errs, code := runSWM(t, "swm", "sheet", "../../../../rules/swm/testdata/salvage-imperial.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Count(out, views.CustomCardNote) != 2 {
		t.Errorf("want the note under both completed cards:\n%s", out)
	}
	out, _, _ = runSWM(t, "swm", "sheet", "../cli/testdata/swm/sample-rebel.yaml")
	if strings.Contains(out, views.CustomCardNote) {
		t.Errorf("the sample squad's cards are the rulebook's:\n%s", out)
	}
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, "../../../../rules/swm/testdata/salvage-imperial.yaml"), "")
	if r := ts.get("/armies/" + id + "/sheets"); strings.Count(r.body, `class="card-custom"`) != 2 {
		t.Errorf("the web sheet should mark both cards:\n%s", r.body)
	}
}
