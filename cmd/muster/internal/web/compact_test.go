package web

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/views/sheet"
)

// The compact roster writes what the record sheets print, a unit a line: the Weapon
// Chart's blaster rifle (damage 5; 15/50/150), a Stormtrooper's DEX 2 armor-adjusted to 1
// (Troop Lists; stormtrooper armor, DEX -1), and the mixed army's 2101 SGPs.
func TestCompactRosterWritesTheSheetsFiguresAUnitALine(t *testing.T) {
	data, err := os.ReadFile(mixed)
	if err != nil {
		t.Fatal(err)
	}
	army, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	cat := rules.Default()
	doc := sheet.Build(cat, rules.DefaultTables(), army, costing.Army(cat, army))
	rows := sheet.Compact(doc)
	if len(rows) != len(army.Units) {
		t.Fatalf("%d rows for %d units", len(rows), len(army.Units))
	}
	aurek := rows[0]
	for _, want := range []string{"Blaster Rifle 5 (15/50/150)"} {
		if !strings.Contains(aurek.Weapons, want) {
			t.Errorf("Aurek Squad weapons %q lack %q", aurek.Weapons, want)
		}
	}
	if !strings.Contains(aurek.What, "Stormtrooper squad") || !strings.Contains(aurek.What, "10 soldiers") {
		t.Errorf("Aurek Squad is %q", aurek.What)
	}
	if !strings.Contains(aurek.Codes, "DEX 2 (1)") || !strings.Contains(aurek.Codes, "Blaster 3") {
		t.Errorf("Aurek Squad codes %q", aurek.Codes)
	}
	if !strings.Contains(aurek.Other, "commander: command 4") || !strings.Contains(aurek.Other, "Medium Repeating Blaster") {
		t.Errorf("Aurek Squad also %q", aurek.Other)
	}
	if aurek.Figures != 10 {
		t.Errorf("Aurek Squad has %d figures, want 10", aurek.Figures)
	}
	sum := 0
	for _, r := range rows {
		sum += r.Cost
	}
	if sum != 2101 || doc.Roster.Total != 2101 {
		t.Errorf("rows add to %d, total %d; want 2101", sum, doc.Roster.Total)
	}
}

// The ten-unit mixed army's compact roster prints on one landscape page, as its PDF shows.
func TestCompactRosterPrintsOnOnePage(t *testing.T) {
	t.Parallel()
	testkit.NeedChromium(t)
	ts := newTestServer(t)
	id := ts.importFile(mixed)
	r := ts.get("/armies/" + id + "/roster")
	wantStatus(t, "compact roster", r, http.StatusOK)
	if !strings.Contains(r.body, "Aurek Squad") || !strings.Contains(r.body, `id="compact-total">2101<`) {
		t.Errorf("the compact roster page lacks the army: %.400s", r.body)
	}
	r = ts.get("/armies/" + id + "/roster.pdf")
	wantStatus(t, "compact roster PDF", r, http.StatusOK)
	path := filepath.Join(t.TempDir(), "roster.pdf")
	if err := os.WriteFile(path, []byte(r.body), 0o644); err != nil {
		t.Fatal(err)
	}
	pages := testkit.PDFText(t, path)
	if len(pages) != 1 {
		t.Fatalf("the compact roster prints on %d pages, want 1", len(pages))
	}
	for _, want := range []string{"Mixed Imperial Force", "Aurek Squad", "2101"} {
		if !strings.Contains(pages[0], want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}
	if dir := os.Getenv("MUSTER_SCREENSHOTS"); dir != "" {
		_ = os.WriteFile(filepath.Join(dir, "compact-roster.pdf"), []byte(r.body), 0o644)
	}
}
