package web

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/pdf"
)

// The printable squad sheet of the rulebook's sample Rebel squad: every card with its
// printed statistics (Leia: Attack +7, Damage 20, Speed 6, the rulebook's numbers), a blank
// where the rulebook prints none, and a Hit Point track per figure (Luke on Tauntaun: HP 60,
// six boxes of 10).
func TestSWMSheetSampleSquadPrintsEachCardAndHPTracks(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := strings.Replace(fileText(t, swmSample), "  - card: Rebel Leader\n", "  - card: Rebel Leader\n  - card: Luke Skywalker on Tauntaun\n", 1)
	file = strings.Replace(file, "limit: 100", "limit: 116", 1)
	id := ts.importText(t, file, "")
	r := ts.get("/armies/" + id + "/sheets")
	wantStatus(t, "sheet", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if got := idText(t, r.body, "sheet-total"); got != "116 of 116" {
		t.Errorf("sheet total %q", got)
	}
	leia := text(byID(doc, "card-1"))
	for _, want := range []string{"Princess Leia, Hoth Commander", "19 points", "+7 20 6", "Advantageous Attack, Mobile Attack", "Figure 1"} {
		if !strings.Contains(leia, want) {
			t.Errorf("Leia's card lacks %q: %s", want, leia)
		}
	}
	// Leia's HP is not printed: a blank to fill in, and boxes without numbers.
	if !strings.Contains(leia, "write the Hit Points") {
		t.Errorf("Leia's unknown HP is not left blank: %s", leia)
	}
	luke := text(byID(doc, "card-3"))
	if !strings.Contains(luke, "HP 60 50 40 30 20 10 0 a box is 10") {
		t.Errorf("Luke's HP track: %s", luke)
	}
	if !strings.Contains(luke, "60 17 +8 10 8 3") {
		t.Errorf("Luke's statistics: %s", luke)
	}
	if !strings.Contains(luke, "Force points") {
		t.Errorf("Luke's Force points track is missing: %s", luke)
	}
	troopers := text(byID(doc, "card-6"))
	if strings.Count(troopers, "Figure ") != 3 || !strings.Contains(troopers, "7 points each, 3 figures") {
		t.Errorf("three Hoth Troopers, one track each: %s", troopers)
	}
	// The print view links its stylesheets (the CSP allows no inline style).
	if strings.Contains(r.body, "<style>") || !strings.Contains(r.body, "/static/swm-sheet.css") {
		t.Error("the print view does not link its stylesheets")
	}
	wantStatus(t, "stylesheet", ts.get("/static/swm-sheet.css"), http.StatusOK)
	wantStatus(t, "bad paper", ts.get("/armies/"+id+"/sheets?paper=a3"), http.StatusBadRequest)
}

// The squad sheet's PDF, printed by Chromium as SWMB's sheets are, then turned into PNG
// pages with pdftoppm: a real PDF of at least one page. MUSTER_SCREENSHOTS keeps the pages
// to look at.
func TestSWMSheetPDFPrintsAsPages(t *testing.T) {
	t.Parallel()
	if pdf.Chromium() == "" {
		t.Skip("no chromium binary found (CI installs Debian's chromium)")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, swmSample), "")
	r := ts.get("/armies/" + id + "/sheets.pdf?paper=letter")
	wantStatus(t, "pdf", r, http.StatusOK)
	if !strings.HasPrefix(r.body, "%PDF-") || r.header.Get("Content-Type") != "application/pdf" {
		t.Fatalf("not a PDF: %q %.20q", r.header.Get("Content-Type"), r.body)
	}
	pdftoppm, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("no pdftoppm (poppler-utils) to look at the pages")
	}
	dir := t.TempDir()
	if d := os.Getenv("MUSTER_SCREENSHOTS"); d != "" {
		dir = d
	}
	pdf := filepath.Join(dir, "swm-sheet.pdf")
	if err := os.WriteFile(pdf, []byte(r.body), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(pdftoppm, "-png", "-r", "60", pdf, filepath.Join(dir, "swm-sheet-page")).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v %s", err, out)
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "swm-sheet-page*.png"))
	if len(pages) < 1 {
		t.Fatal("the PDF has no pages")
	}
}
