package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A card library file (the web app's export, issue 32) completes the squads' cards on the
// command line as it does on the web: without it the squads lack values, with it they play.
// (House numbers for the test, not the printed cards.)
func TestSWMSimTakesACardLibrary(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rebels := write("rebels.yaml", "format: 1\nsystem: swm\nname: Patrol\nfaction: Rebel Alliance\nera: Rebellion\nunits:\n  - {card: Hoth Trooper, count: 3}\n")
	imps := write("imps.yaml", "format: 1\nsystem: swm\nname: Snow\nfaction: Empire\nera: Rebellion\nunits:\n  - {card: Snowtrooper, count: 3}\n")
	lib := write("cards.yaml", `format: 1
system: swm
cards:
  - {name: Hoth Trooper, hp: 10, defense: 13, attack: 4, damage: 10, speed: 6, size: medium, unique: false, abilities: [], force: 0, commander: {has: false}}
  - {name: Snowtrooper, hp: 10, defense: 13, size: medium, unique: false, abilities: []}
`)
	_, errs, code := runSWM(t, "swm", "sim", "--battles", "3", rebels, imps)
	if code != 2 || !strings.Contains(errs, "Hoth Trooper") {
		t.Fatalf("without the library: exit %d: %s", code, errs)
	}
	out, errs, code := runSWM(t, "swm", "sim", "--battles", "3", "--cards", lib, rebels, imps)
	if code != 0 || !strings.Contains(out, "Patrol against Snow, 3 battles") {
		t.Fatalf("with the library: exit %d: %s\n%s", code, errs, out)
	}
	bad := write("bad.yaml", "format: 1\nsystem: swm\ncards: [{name: Wampa}]\n")
	if _, errs, code := runSWM(t, "swm", "battle", "--cards", bad, rebels, imps); code != 2 || !strings.Contains(errs, "--cards") || !strings.Contains(errs, "needs its cost") {
		t.Errorf("a bad library: exit %d: %s", code, errs)
	}
}
