package main

import (
	"muster/cmd/muster/internal/pdf"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pdfText extracts a PDF's text with poppler's pdftotext, page by page (pdftotext ends each
// page with a form feed). CI installs poppler-utils; elsewhere the test skips without it.
func pdfText(t *testing.T, pdf string) []string {
	t.Helper()
	exe, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("no pdftotext found (CI installs Debian's poppler-utils)")
	}
	out, err := exec.Command(exe, "-layout", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", pdf, err)
	}
	pages := strings.Split(string(out), "\f")
	return pages[:len(pages)-1] // the text after the last form feed is empty
}

func needChromium(t *testing.T) {
	t.Helper()
	if pdf.Chromium() == "" {
		t.Skip("no chromium binary found (CI installs Debian's chromium)")
	}
	if testing.Short() {
		t.Skip("-short")
	}
}

// noChromium makes the PDF printer find no Chromium, as on a machine without one.
func noChromium(t *testing.T) {
	t.Setenv("MUSTER_CHROMIUM", filepath.Join(t.TempDir(), "no-chromium"))
}

// `muster sheet --pdf`: the mixed army's roster and its seven record sheets, one a page,
// printed by headless Chromium; pdftotext reads each number back where the sheet puts it.
func TestSheetPDF(t *testing.T) {
	needChromium(t)
	out := filepath.Join(t.TempDir(), "mixed.pdf")
	code, _, errOut := runMuster(t, "sheet", "../../costing/testdata/mixed-2000.yaml", "--pdf", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "breaks rules") {
		t.Errorf("no word that the army breaks rules: %q", errOut)
	}
	pages := pdfText(t, out)
	want := []struct {
		page int
		text []string
	}{
		{0, []string{"ARMY ROSTER", "Mixed Imperial Force", "Aurek Squad", "531", "Anti-Infantry Battery", "388", "2101",
			"1 over the limit", "Army limit: 2100 SGPs", "Not valid: 3 errors."}},
		{1, []string{"SQUAD RECORD SHEET", "Aurek Squad", "Stormtrooper", "Medium Repeating Blaster", "531", "Morale Level"}},
		{4, []string{"HERO RECORD SHEET", "Captain Vorn", "Heavy Blaster Pistol", "124"}},
		{5, []string{"DROID RECORD SHEET", "SC-4X", "Security Droid", "75"}},
		{7, []string{"CREATURE RECORD SHEET", "Rancor", "claw", "bite", "114"}},
	}
	if len(pages) != 8 {
		t.Fatalf("%d pages, want 8 (the roster and seven record sheets)", len(pages))
	}
	for _, w := range want {
		for _, s := range w.text {
			if !strings.Contains(pages[w.page], s) {
				t.Errorf("page %d lacks %q:\n%s", w.page+1, s, pages[w.page])
			}
		}
	}
}

// The PDF route prints the same sheets on the paper asked for.
// A long skill or Force power name prints whole on the Hero Record Sheet, wrapped in its
// row: cut off with an ellipsis, "Blaster: Heavy..." no longer said which weapon the
// specialization is for, and "Detoxify Poison In ..." which of the two powers it was.
func TestLongSkillAndForcePowerNamesPrintWhole(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	army := filepath.Join(dir, "healer.yaml")
	os.WriteFile(army, []byte(`format: 1
name: Healers
side: rebel
units:
  - kind: hero
    name: Healer
    move: 10
    attributes: {DEX: 3, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 2}
    skills: {"blaster: heavy repeating blaster": 6, "melee combat: force pike": 5, "planetary systems [KNO]": 3}
    weapons: [blaster pistol]
    armor: none
    force:
      skills: {control: 3, alter: 2}
      powers: [control pain, control another's pain, detoxify poison, detoxify poison in another, absorb/dissipate energy]
`), 0o644)
	out := filepath.Join(dir, "healer.pdf")
	if code, _, errOut := runMuster(t, "sheet", army, "--pdf", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	hero := strings.Join(strings.Fields(pdfText(t, out)[1]), " ")
	if strings.Contains(hero, "…") {
		t.Error("a name on the hero sheet is cut off with an ellipsis")
	}
	// pdftotext reads a wrapped name's words in order, other columns' words between them.
	for word, n := range map[string]int{"Repeating": 1, "Pike": 1, "Systems": 1, "Pain": 2, "Another": 2, "Energy": 1} {
		if got := strings.Count(hero, word); got < n {
			t.Errorf("the hero sheet prints %q %d times, want %d (a name cut short)", word, got, n)
		}
	}
}

func TestSheetsPDFRoute(t *testing.T) {
	needChromium(t)
	ts := newTestServer(t)
	id := ts.importFile("../../rules/data/forces/wuwuhuul.yaml")
	r := ts.get("/armies/" + id + "/sheets.pdf?paper=letter")
	wantStatus(t, "GET sheets.pdf", r, http.StatusOK)
	if ct := r.header.Get("Content-Type"); ct != "application/pdf" || !strings.HasPrefix(r.body, "%PDF-") {
		t.Fatalf("Content-Type %q, body %.20q", ct, r.body)
	}
	if cd := r.header.Get("Content-Disposition"); !strings.Contains(cd, "wuwuhuul-sheets.pdf") {
		t.Errorf("Content-Disposition %q", cd)
	}
	pdf := filepath.Join(t.TempDir(), "w.pdf")
	if err := os.WriteFile(pdf, []byte(r.body), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := pdfText(t, pdf)
	if len(pages) != 2 || !strings.Contains(pages[1], "HERO RECORD SHEET") || !strings.Contains(pages[1], "228") {
		t.Fatalf("%d pages:\n%s", len(pages), strings.Join(pages, "\n----\n"))
	}
	if info, err := exec.Command("pdfinfo", pdf).Output(); err == nil && !strings.Contains(string(info), "612 x 792 pts (letter)") {
		t.Errorf("not US Letter:\n%s", info)
	}
}

// Where Chromium is not installed the PDF route says so plainly, and the print view still
// works.
func TestSheetsWithoutChromium(t *testing.T) {
	noChromium(t)
	ts := newTestServer(t)
	id := ts.importFile("../../rules/data/forces/blue-rangers.yaml")
	r := ts.get("/armies/" + id + "/sheets.pdf")
	wantStatus(t, "GET sheets.pdf without chromium", r, http.StatusServiceUnavailable)
	if !strings.Contains(r.body, "Chromium, which is not installed") || !strings.Contains(r.body, "/armies/"+id+"/sheets") {
		t.Errorf("the PDF route does not say why: %.3000s", r.body)
	}
	wantStatus(t, "GET sheets", ts.get("/armies/"+id+"/sheets"), http.StatusOK)

	out := filepath.Join(t.TempDir(), "b.pdf")
	code, _, errOut := runMuster(t, "sheet", book+"blue-rangers.yaml", "--pdf", out)
	if code != 1 || !strings.Contains(errOut, "needs Chromium") {
		t.Errorf("muster sheet --pdf without chromium: exit %d, %s", code, errOut)
	}
}

// The print view: the roster and one sheet per unit, linked from the army page, with the
// app's CSP and no script; paper a4 or letter.
func TestSheetsPrintView(t *testing.T) {
	ts := newTestServer(t)
	id := ts.importFile("../../costing/testdata/mixed-2000.yaml")
	army := ts.get("/armies/" + id)
	if !strings.Contains(army.body, `href="/armies/`+id+`/sheets" id="print-sheets"`) {
		t.Errorf("the army page has no Print record sheets link")
	}
	r := ts.get("/armies/" + id + "/sheets?paper=letter")
	wantStatus(t, "GET sheets", r, http.StatusOK)
	for _, w := range []string{`id="roster"`, `id="unit-0"`, `id="unit-6"`, "SQUAD RECORD SHEET", "HERO RECORD SHEET",
		"DROID RECORD SHEET", "CREATURE RECORD SHEET", `href="/static/print.css?v=`, `href="/static/paper-letter.css?v=`,
		`href="/armies/` + id + `/sheets.pdf?paper=letter"`} {
		if !strings.Contains(r.body, w) {
			t.Errorf("print view lacks %s", w)
		}
	}
	if strings.Contains(r.body, "<script") || strings.Contains(r.body, "<style") {
		t.Errorf("the print view carries script or inline style")
	}
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "style-src 'self'") {
		t.Errorf("CSP %q", csp)
	}
	for _, css := range []string{"print.css", "paper-a4.css", "paper-letter.css"} {
		wantStatus(t, "GET "+css, ts.get("/static/"+css), http.StatusOK)
	}
	wantStatus(t, "paper=a3", ts.get("/armies/"+id+"/sheets?paper=a3"), http.StatusBadRequest)
	wantStatus(t, "paper=a3 PDF", ts.get("/armies/"+id+"/sheets.pdf?paper=a3"), http.StatusBadRequest)
	wantStatus(t, "unknown army", ts.get("/armies/nosucharmy/sheets"), http.StatusNotFound)
	wantStatus(t, "unknown army PDF", ts.get("/armies/nosucharmy/sheets.pdf"), http.StatusNotFound)
}

// `muster sheet --html` writes one page that stands alone (its stylesheet inline); with no
// output named, the page goes to standard output.
func TestSheetHTML(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sc.html")
	code, _, errOut := runMuster(t, "sheet", "--paper", "letter", "--html", out, book+"sc-4x.yaml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"<style>", "size: letter", "DROID RECORD SHEET", "Security Droid"} {
		if !strings.Contains(string(page), w) {
			t.Errorf("--html page lacks %q", w)
		}
	}
	if strings.Contains(string(page), `<link rel="stylesheet"`) || strings.Contains(string(page), "<script") {
		t.Errorf("the standalone page links a stylesheet or carries script")
	}
	code, stdout, _ := runMuster(t, "sheet", book+"sc-4x.yaml")
	if code != 0 || !strings.Contains(stdout, "size: A4") || !strings.Contains(stdout, "SC-4X") {
		t.Errorf("stdout: exit %d, %.200s", code, stdout)
	}
	for _, args := range [][]string{
		{"sheet"},
		{"sheet", "--paper", "a3", book + "sc-4x.yaml"},
		{"sheet", filepath.Join(t.TempDir(), "missing.yaml")},
	} {
		if code, _, _ := runMuster(t, args...); code != 2 {
			t.Errorf("muster %v: exit %d, want 2", args, code)
		}
	}
}
