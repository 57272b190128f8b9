package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const droids = "../../../../rules/battle/testdata/droids-imperial.yaml"

// `muster optimize --json` answers exactly issue 34's shape; every step's list and the
// final one pass `muster check` within the limit; the same seed and budget print the same
// JSON, whatever the workers.
func TestOptimizeJSONIsIssue34sShapeAndRepeats(t *testing.T) {
	args := []string{"optimize", "--battles", "20", "--seed", "5", "--budget", "1600", "--json", unarmedArmy, imperials1000, droids}
	code, out, errOut := runMuster(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &top); err != nil {
		t.Fatal(err)
	}
	if got, want := keys(top), []string{"army", "ci95", "expected_score", "start", "steps", "total"}; !slices.Equal(got, want) {
		t.Errorf("keys %v, want %v", got, want)
	}
	var start map[string]json.RawMessage
	if err := json.Unmarshal(top["start"], &start); err != nil {
		t.Fatal(err)
	}
	if got, want := keys(start), []string{"ci95", "expected_score", "total"}; !slices.Equal(got, want) {
		t.Errorf("start's keys %v, want %v", got, want)
	}
	var steps []map[string]json.RawMessage
	if err := json.Unmarshal(top["steps"], &steps); err != nil {
		t.Fatal(err)
	}
	for _, s := range steps {
		if got, want := keys(s), []string{"change", "ci95", "delta", "delta_ci95", "expected_score", "total"}; !slices.Equal(got, want) {
			t.Errorf("a step's keys %v, want %v", got, want)
		}
	}
	var r struct {
		Total int        `json:"total"`
		Score float64    `json:"expected_score"`
		CI    [2]float64 `json:"ci95"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Total > 1000 || r.CI[0] > r.Score || r.Score > r.CI[1] {
		t.Errorf("final: %+v", r)
	}
	path := filepath.Join(t.TempDir(), "final.json")
	if err := os.WriteFile(path, top["army"], 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runMuster(t, "check", path); code != 0 {
		t.Errorf("the final list does not pass muster check (exit %d):\n%s%s", code, out, errOut)
	}
	for _, w := range []string{"1", "2"} {
		code, again, errOut := runMuster(t, append([]string{"optimize", "--workers", w}, args[1:]...)...)
		if code != 0 || again != out {
			t.Errorf("--workers %s: exit %d, another answer (%s):\n%s\nthen\n%s", w, code, errOut, out, again)
		}
	}
}

// The plain answer: the start, the changes taken with their gains, the final list.
func TestOptimizePrintsThePathThenTheList(t *testing.T) {
	code, out, errOut := runMuster(t, "optimize", "--battles", "30", "--seed", "2", "--budget", "3000", unarmedArmy, imperials1000)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, w := range []string{"The best list for Rebels with an unarmed squad against", "As it is: ", "changes judged in", "Scores: a win 1"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in:\n%s", w, out)
		}
	}
	if strings.Contains(out, "Changes taken") && !strings.Contains(out, "The final list (save it as an army file):\n\nformat: 1") {
		t.Errorf("changes without the final list:\n%s", out)
	}
}

func TestOptimizeRefusesBadInputInWords(t *testing.T) {
	failsInWords(t, 2, []string{"name the army to improve and at least one opponent"}, "optimize", unarmedArmy)
	failsInWords(t, 2, []string{"--weights \"1,2\"", "one weight for each of the 1 opponents"}, "optimize", "--weights", "1,2", unarmedArmy, imperials1000)
	failsInWords(t, 2, []string{"weight 2", "above 0"}, "optimize", "--weights", "1,0", unarmedArmy, imperials1000, droids)
	failsInWords(t, 2, []string{"--budget 100: write at least 1600"}, "optimize", "--budget", "100", unarmedArmy, imperials1000, droids)
	failsInWords(t, 2, []string{"--battles 1: write 2 to"}, "optimize", "--battles", "1", unarmedArmy, imperials1000)
	failsInWords(t, 2, []string{"--seed \"x\""}, "optimize", "--seed", "x", unarmedArmy, imperials1000)
	failsInWords(t, 2, []string{"--limits"}, "optimize", "--limits", "/nonexistent/gm.yaml", unarmedArmy, imperials1000)
	failsInWords(t, 2, []string{"mixed-2000.yaml", "does not pass muster check"}, "optimize", "../../../../costing/testdata/mixed-2000.yaml", imperials1000)
	failsInWords(t, 2, []string{"nothere.yaml"}, "optimize", unarmedArmy, "nothere.yaml")
	failsInWords(t, 2, []string{"scenario"}, "optimize", "--scenario", "the-moon", unarmedArmy, imperials1000)
}

// --time stops the search when it has passed, then measures the final list.
func TestOptimizeStopsAtTheTimeGiven(t *testing.T) {
	code, out, errOut := runMuster(t, "optimize", "--time", "1s", "--battles", "20", unarmedArmy, imperials1000)
	if code != 0 || !strings.Contains(out, "the search stopped because time ran out.") {
		t.Errorf("exit %d: %s\n%s", code, errOut, out)
	}
	failsInWords(t, 2, []string{"--time -1s: write a duration of 0 or more"}, "optimize", "--time", "-1s", unarmedArmy, imperials1000)
}
