package web

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
)

func TestSheetsPDFRoute(t *testing.T) {
	t.Parallel()
	testkit.NeedChromium(t)
	ts := newTestServer(t)
	id := ts.importFile("../../../../rules/data/forces/wuwuhuul.yaml")
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
	pages := testkit.PDFText(t, pdf)
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
	testkit.NoChromium(t)
	ts := newTestServer(t)
	id := ts.importFile("../../../../rules/data/forces/blue-rangers.yaml")
	r := ts.get("/armies/" + id + "/sheets.pdf")
	wantStatus(t, "GET sheets.pdf without chromium", r, http.StatusServiceUnavailable)
	if !strings.Contains(r.body, "Chromium, which is not installed") || !strings.Contains(r.body, "/armies/"+id+"/sheets") {
		t.Errorf("the PDF route does not say why: %.3000s", r.body)
	}
	wantStatus(t, "GET sheets", ts.get("/armies/"+id+"/sheets"), http.StatusOK)

	out := filepath.Join(t.TempDir(), "b.pdf")
	code, _, errOut := runMuster(t, "sheet", "../../../../rules/data/forces/blue-rangers.yaml", "--pdf", out)
	if code != 1 || !strings.Contains(errOut, "needs Chromium") {
		t.Errorf("muster sheet --pdf without chromium: exit %d, %s", code, errOut)
	}
}

// The print view: the roster and one sheet per unit, linked from the army page, with the
// app's CSP and no script; paper a4 or letter.
func TestSheetsPrintView(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importFile("../../../../costing/testdata/mixed-2000.yaml")
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
