package battlehash

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps what Check reports instead of failing the test.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                      {}
func (r *recorder) Errorf(f string, args ...any) { r.errs = append(r.errs, fmt.Sprintf(f, args...)) }
func (r *recorder) Fatalf(f string, args ...any) { r.errs = append(r.errs, fmt.Sprintf(f, args...)) }
func (r *recorder) Logf(string, ...any)          {}

// Check fails on a changed hash, a matchup played but not recorded and one recorded but no
// longer played, each named, with the update command; it passes on the file the update
// wrote, and the update writes exactly what was played.
func TestCheckAndUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hashes.txt")
	lines := []Line{{Fields: []string{"open-field", "a.yaml", "b.yaml"}, Hash: "0011"}, {Fields: []string{"bridge", "a.yaml", "b.yaml"}, Hash: "2233"}}
	check := func(update bool, got []Line) []string {
		t.Setenv(Env, map[bool]string{true: "update", false: ""}[update])
		r := &recorder{TB: t}
		Check(r, path, "test hashes\nsecond line", "./pkg/", got)
		return r.errs
	}
	if errs := check(false, lines); len(errs) != 1 || !strings.Contains(errs[0], "no such file") || !strings.Contains(errs[0], UpdateCommand("./pkg/")) {
		t.Errorf("no file: %q", errs)
	}
	if errs := check(true, lines); len(errs) != 0 {
		t.Fatalf("update: %q", errs)
	}
	data, _ := os.ReadFile(path)
	want := "# test hashes\n# second line\n#\n# Update: MUSTER_BATTLE_HASHES=update go test -count=1 -run TestBattleHashes ./pkg/\n" +
		"open-field a.yaml b.yaml 0011\nbridge a.yaml b.yaml 2233\n"
	if string(data) != want {
		t.Errorf("the file written:\n%s\nwant:\n%s", data, want)
	}
	if errs := check(false, lines); len(errs) != 0 {
		t.Errorf("the same battles: %q", errs)
	}
	changed := []Line{{Fields: lines[0].Fields, Hash: "0012"}, {Fields: []string{"night", "a.yaml", "b.yaml"}, Hash: "4455"}}
	errs := check(false, changed)
	if len(errs) != 1 {
		t.Fatalf("changed battles: %q", errs)
	}
	for _, w := range []string{
		"open-field a.yaml b.yaml: hash 0012, the file says 0011",
		"night a.yaml b.yaml: played (hash 4455), not in the file",
		"bridge a.yaml b.yaml: in the file, no longer played",
		UpdateCommand("./pkg/"), "commit message",
	} {
		if !strings.Contains(errs[0], w) {
			t.Errorf("the failure does not say %q:\n%s", w, errs[0])
		}
	}
}
