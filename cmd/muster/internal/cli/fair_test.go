package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const mirrorScenario = "../../../../rules/battle/fair/testdata/mirror.json"

// fairJSON runs muster fair --json and reads its object, its keys checked against the
// contract (issue 33).
func fairJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, out, errOut := runMuster(t, append([]string{"fair", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	keys := func(x any) []string {
		var k []string
		for key := range x.(map[string]any) {
			k = append(k, key)
		}
		slices.Sort(k)
		return k
	}
	for _, c := range []struct {
		v    any
		want []string
	}{
		{m, []string{"battles", "ci95", "curve", "expected_score_a", "handicap", "lists", "scenario", "win_rate"}},
		{m["win_rate"], []string{"a", "b", "draw"}},
		{m["ci95"], []string{"a", "b"}},
		{m["handicap"], []string{"ci95", "sgp", "side"}},
		{m["lists"], []string{"a", "b"}},
		{m["curve"].([]any)[0], []string{"ci95", "expected_score_a", "handicap_sgp"}},
	} {
		if got := keys(c.v); !slices.Equal(got, c.want) {
			t.Errorf("keys %v, want %v", got, c.want)
		}
	}
	return m
}

func pair(t *testing.T, v any) [2]float64 {
	t.Helper()
	x, ok := v.([]any)
	if !ok || len(x) != 2 {
		t.Fatalf("%v is not [lo, hi]", v)
	}
	return [2]float64{x[0].(float64), x[1].(float64)}
}

// On the mirror scenario (the same zones and limits both sides) the answer is even: an
// expected score within 0.05 of a half (2.1 standard errors at 450 battles a handicap, at
// most 0.5/√450 = 0.024 each) and a handicap whose interval covers 0.
func TestFairMirror(t *testing.T) {
	m := fairJSON(t, "--battles", "450", mirrorScenario)
	if e := m["expected_score_a"].(float64); e < 0.45 || e > 0.55 {
		t.Errorf("expected score %v", e)
	}
	h := m["handicap"].(map[string]any)
	if ci := pair(t, h["ci95"]); ci[0] > 0 || ci[1] < 0 {
		t.Errorf("handicap %v: its interval does not cover 0", h)
	}
	if m["scenario"] != "mirror" || len(m["curve"].([]any)) != 7 || len(m["lists"].(map[string]any)["a"].([]any)) != 3 {
		t.Errorf("scenario %v, curve %v", m["scenario"], m["curve"])
	}
	for _, k := range []string{"a", "b"} {
		pair(t, m["ci95"].(map[string]any)[k])
	}
}

// The Sample Game (Imperials 1,500 SGPs against Rebels 2,000) needs points for the
// Imperials, the first side: a positive handicap, its interval above 0.
func TestFairSampleGame(t *testing.T) {
	m := fairJSON(t, "--battles", "200", "sample-game")
	h := m["handicap"].(map[string]any)
	if h["side"] != "a" || h["sgp"].(float64) <= 0 || pair(t, h["ci95"])[0] <= 0 {
		t.Errorf("handicap %v: want points for the Imperials (a)", h)
	}
	// The lists played are army files muster check takes.
	l := m["lists"].(map[string]any)["a"].([]any)[0].(map[string]any)
	b, _ := json.Marshal(l["army"])
	path := filepath.Join(t.TempDir(), "a.json")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runMuster(t, "check", path); code != 0 {
		t.Errorf("muster check on a list played: exit %d\n%s%s", code, out, errOut)
	}
}

// The same seed gives the same JSON; the plain answer reads as a gamemaster's.
func TestFairSameSeedSameJSON(t *testing.T) {
	args := []string{"fair", "--json", "--battles", "18", "--lists", "2", "--seed", "4", mirrorScenario}
	_, x, _ := runMuster(t, args...)
	_, y, _ := runMuster(t, append(args[:len(args)-1], "--workers", "1", mirrorScenario)...)
	if x != y || x == "" {
		t.Error("two answers from one seed")
	}
	code, out, errOut := runMuster(t, "fair", "--battles", "18", "--lists", "2", "--seed", "4", mirrorScenario)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Is this fair? Mirror", "the same lists", "As it stands:", "South win", "expected score by handicap", "+200"} {
		if !strings.Contains(out, want) {
			t.Errorf("the answer lacks %q:\n%s", want, out)
		}
	}
	// Given armies play as they are.
	code, out, errOut = runMuster(t, "fair", "--battles", "14", "sample-game",
		"../../../../rules/battle/testdata/imperial-1500.yaml", "../../../../rules/battle/testdata/rebel-1500.yaml")
	if code != 0 || !strings.Contains(out, "Reference Imperial force") {
		t.Errorf("exit %d: %s%s", code, out, errOut)
	}
}

// Bad input: one line naming the argument and the fix, exit 2, never a panic.
func TestFairBadInput(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"id": "x"`), 0o600); err != nil {
		t.Fatal(err)
	}
	// A scenario whose sides' limits misspell a clause: named, the first side, in one line.
	mirror, err := os.ReadFile("../../../../rules/battle/fair/testdata/mirror.json")
	if err != nil {
		t.Fatal(err)
	}
	misspelt := filepath.Join(t.TempDir(), "misspelt.json")
	if err := os.WriteFile(misspelt, []byte(strings.ReplaceAll(string(mirror), `"total"`, `"totl"`)), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{}, "name the scenario"},
		{[]string{"sample-game", "../../../../rules/battle/testdata/imperial-1500.yaml"}, "both armies or none"},
		{[]string{"the-moon"}, "no scenario \"the-moon\""},
		{[]string{bad}, "SCENARIO " + bad + " is not a scenario"},
		{[]string{"missing.json"}, "SCENARIO"},
		{[]string{"open-field"}, "no force limits"},
		{[]string{"--battles", "0", "sample-game"}, "--battles 0"},
		{[]string{"--lists", "11", "sample-game"}, "--lists 11"},
		{[]string{"--seed", "-1", "sample-game"}, "--seed"},
		{[]string{"--step", "-5", "sample-game"}, "--step"},
		{[]string{"--strong", "4", "sample-game"}, "--strong 4: write a number from 0 to 3"},
		{[]string{"--strong", "1", "--lists", "1", "--strong-budget", "-1", "sample-game"}, "--strong-budget -1"},
		{[]string{"--strong", "1", "--strong-budget", "20", "--battles", "20", mirrorScenario}, "strong budget: 20 battles cannot search"},
		{[]string{"--strong", "1", "--battles", "14", "sample-game", "../../../../rules/battle/testdata/imperial-1500.yaml", "../../../../rules/battle/testdata/rebel-1500.yaml"}, "both sides' lists are given"},
		{[]string{"sample-game", "nope.yaml", "nope2.yaml"}, "nope.yaml"},
		{[]string{"--limits-a", "nope-limits.yaml", "open-field"}, "--limits-a"},
		{[]string{"--limits-b", bad, "open-field"}, "--limits-b " + bad},
		{[]string{misspelt}, `South's limits in the scenario file: json: unknown field "totl"`},
		{[]string{"sample-game", "../../../../rules/data/forces/crystal-forest-rebel.yaml", "../../../../rules/battle/testdata/rebel-1500.yaml"}, "Imperials' army \"The Crystal Forest of Goratak - Rebel Forces\" breaks its rules"},
	} {
		code, out, errOut := runMuster(t, append([]string{"fair"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
}

// Chapter Ten's own force mix, its limits files given on the command line, on the open
// field: the question the book leaves open gets an answer, the Troop Lists read from the
// limits' sides.
func TestFairChapterTenLimits(t *testing.T) {
	m := fairJSON(t, "--battles", "45", "--lists", "1",
		"--limits-a", "../../../../costing/testdata/chapter-ten/imperial-limits.yaml",
		"--limits-b", "../../../../costing/testdata/chapter-ten/rebel-limits.yaml", "open-field")
	ls := m["lists"].(map[string]any)
	a := ls["a"].([]any)[0].(map[string]any)
	b := ls["b"].([]any)[0].(map[string]any)
	if a["army"].(map[string]any)["side"] != "imperial" || b["army"].(map[string]any)["side"] != "rebel" {
		t.Errorf("the lists' sides: %v, %v", a["army"].(map[string]any)["side"], b["army"].(map[string]any)["side"])
	}
	if a["sgp"].(float64) > 1500 || b["sgp"].(float64) > 1500 {
		t.Errorf("lists over the 1500 SGPs: %v, %v", a["sgp"], b["sgp"])
	}
}

// --strong adds strong lists: the JSON marks each list's kind (random or strong; a strong
// one with the random list it started from, its gain and the battles its search played),
// the lists keep their old fields, a strong list is an army file muster check takes, and
// the plain answer says which lists are strong and where they came from.
func TestFairStrongLists(t *testing.T) {
	m := fairJSON(t, "--battles", "40", "--lists", "2", "--strong", "1", "--strong-budget", "300", "--seed", "2", mirrorScenario)
	ls := m["lists"].(map[string]any)["a"].([]any)
	var kinds []string
	for _, x := range ls {
		l := x.(map[string]any)
		kinds = append(kinds, l["kind"].(string))
		for _, k := range []string{"name", "sgp", "army"} {
			if _, ok := l[k]; !ok {
				t.Errorf("%v has no %q", l["name"], k)
			}
		}
		if l["kind"] != "strong" {
			continue
		}
		if l["from"].(float64) != 1 || l["search_battles"].(float64) > 300 {
			t.Errorf("strong list: from %v, %v battles searched", l["from"], l["search_battles"])
		}
		pair(t, l["gain_ci95"])
		b, _ := json.Marshal(l["army"])
		path := filepath.Join(t.TempDir(), "strong.json")
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if code, out, errOut := runMuster(t, "check", path); code != 0 {
			t.Errorf("muster check on the strong list: exit %d\n%s%s", code, out, errOut)
		}
	}
	if !slices.Equal(kinds, []string{"random", "random", "strong"}) {
		t.Errorf("kinds %v, want two random lists and a strong one", kinds)
	}
	code, out, errOut := runMuster(t, "fair", "--battles", "40", "--lists", "2", "--strong", "1", "--strong-budget", "300", "--seed", "2", mirrorScenario)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"and 1 strong", "South strong list 1", "from South random list 1", "battles searched"} {
		if !strings.Contains(out, want) {
			t.Errorf("the answer lacks %q:\n%s", want, out)
		}
	}
}
