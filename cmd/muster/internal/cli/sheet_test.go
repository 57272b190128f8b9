package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
)

// `muster sheet --pdf`: the mixed army's roster and its seven record sheets, one a page,
// printed by headless Chromium; pdftotext reads each number back where the sheet puts it.
func TestSheetPDF(t *testing.T) {
	testkit.NeedChromium(t)
	out := filepath.Join(t.TempDir(), "mixed.pdf")
	code, _, errOut := runMuster(t, "sheet", "../../../../costing/testdata/mixed-2000.yaml", "--pdf", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(errOut, "breaks rules") {
		t.Errorf("no word that the army breaks rules: %q", errOut)
	}
	pages := testkit.PDFText(t, out)
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
		// The book prints no artillery record sheet: Muster's own, on a page of its own.
		{8, []string{"ARTILLERY SHEET", "the book prints no record sheet for artillery", "Anti-Infantry Battery", "388"}},
	}
	if len(pages) != 9 {
		t.Fatalf("%d pages, want 9 (the roster, seven record sheets and the artillery's)", len(pages))
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
	testkit.NeedChromium(t)
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
	hero := strings.Join(strings.Fields(testkit.PDFText(t, out)[1]), " ")
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
