package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/rules/battle"
	"muster/rules/battle/design"
)

// A scenario file as the web's designer exports it plays, given to --scenario, the same
// battles as the built-in it was copied from; a file Muster cannot play is refused in one
// line naming the field and the place.
func TestScenarioFileArgument(t *testing.T) {
	f, err := battle.LoadScenario("like-rats-in-a-trap")
	if err != nil {
		t.Fatal(err)
	}
	file, errs := design.FromScenario(f.Scenario).Build(f.Scenario)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "rats.json")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	args := func(sc string) []string {
		return []string{"sim", "--battles", "40", "--seed", "5", "--workers", "1", "--json", "--scenario", sc, rebel1500, imperial1500}
	}
	code, builtin, errOut := runMuster(t, args("like-rats-in-a-trap")...)
	if code != 0 {
		t.Fatal(errOut)
	}
	code, fromFile, errOut := runMuster(t, args(path)...)
	if code != 0 {
		t.Fatal(errOut)
	}
	if builtin != fromFile {
		t.Errorf("the exported file plays other battles:\n%s\nthe built-in:\n%s", fromFile, builtin)
	}
	bad := filepath.Join(dir, "bad.json")
	s := *f.Scenario
	s.Terrain = append([]battle.TerrainSpec(nil), s.Terrain...)
	s.Terrain[2].Rect = []float64{40, 28, 50, 31}
	b, _ := design.Marshal(&s)
	if err := os.WriteFile(bad, b, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runMuster(t, args(bad)...)
	want := `terrain 3 (crates): rect runs past the table's 48" width`
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, want) {
		t.Errorf("a bad file: exit %d, %q; want one line saying %q", code, errOut, want)
	}
}
