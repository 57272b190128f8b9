package testkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/pdf"
)

// PDFText extracts a PDF's text with poppler's pdftotext, page by page (pdftotext ends each
// page with a form feed). CI installs poppler-utils; elsewhere the test skips without it.
func PDFText(t *testing.T, file string) []string {
	t.Helper()
	exe, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("no pdftotext found (CI installs Debian's poppler-utils)")
	}
	out, err := exec.Command(exe, "-layout", file, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", file, err)
	}
	pages := strings.Split(string(out), "\f")
	return pages[:len(pages)-1] // the text after the last form feed is empty
}

// NeedChromium skips a test that prints a PDF where no Chromium is installed, or under -short.
func NeedChromium(t *testing.T) {
	t.Helper()
	if pdf.Chromium() == "" {
		t.Skip("no chromium binary found (CI installs Debian's chromium)")
	}
	if testing.Short() {
		t.Skip("-short")
	}
}

// WriteFile writes body to a file of the test's own and returns its path.
func WriteFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "army.yaml")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// NoChromium makes the PDF printer (and a muster command the test starts) find no Chromium,
// as on a machine without one.
func NoChromium(t *testing.T) {
	t.Setenv("MUSTER_CHROMIUM", filepath.Join(t.TempDir(), "no-chromium"))
}
