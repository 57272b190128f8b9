package cli

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

const (
	rebel1500    = "../../../../rules/battle/testdata/rebel-1500.yaml"
	imperial1500 = "../../../../rules/battle/testdata/imperial-1500.yaml"
)

// muster battle prints a log a player can follow and the result; the same seed prints the
// same bytes.
func TestBattleLogIsRepeatable(t *testing.T) {
	code, out, errOut := runMuster(t, "battle", "--seed", "12", rebel1500, imperial1500)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Open field", "seed 12", "Turn 1", "Initiative", "Movement", "Fire combat", "Result after", "Victory points"} {
		if !strings.Contains(out, want) {
			t.Errorf("the log has no %q:\n%s", want, out)
		}
	}
	_, again, _ := runMuster(t, "battle", "--seed", "12", rebel1500, imperial1500)
	if again != out {
		t.Error("the same seed printed a different log")
	}
	_, other, _ := runMuster(t, "battle", "--seed", "13", rebel1500, imperial1500)
	if other == out {
		t.Error("another seed printed the same log")
	}
	code, out, _ = runMuster(t, "battle", "--scenario", "defending-the-bridge", "--seed", "1",
		"../../../../rules/data/forces/defending-the-bridge-rebel.yaml", "../../../../rules/data/forces/defending-the-bridge-imperial.yaml")
	if code != 0 || !strings.Contains(out, "Defending the Bridge") || !strings.Contains(out, "arrives at the west edge") {
		t.Errorf("the bridge: exit %d\n%s", code, out)
	}
}

// muster sim --json prints exactly the shape of the issue, and the worker count changes
// nothing.
func TestSimJSON(t *testing.T) {
	code, out, errOut := runMuster(t, "sim", "--battles", "200", "--seed", "5", "--workers", "1", "--json", rebel1500, imperial1500)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	keys := func(m map[string]any) string {
		var k []string
		for key := range m {
			k = append(k, key)
		}
		sort.Strings(k)
		return strings.Join(k, " ")
	}
	// ends (how the battles ended, issue 26) was added to the shape.
	if k := keys(got); k != "a b battles draws ends not_simulated scenario seed turns units" {
		t.Errorf("keys %s", k)
	}
	a := got["a"].(map[string]any)
	// sgp_lost_to and a unit's lost_to (losses by cause, issue 14) and the expected score
	// (issue 26) were added to the shape; every field it named is still there.
	if k := keys(a); k != "ci95 expected_score expected_score_ci95 name sgp_lost sgp_lost_to win_rate wins" {
		t.Errorf("a's keys %s", k)
	}
	if k := keys(a["sgp_lost"].(map[string]any)); k != "mean p10 p50 p90" {
		t.Errorf("sgp_lost's keys %s", k)
	}
	if k := keys(a["sgp_lost_to"].(map[string]any)); k != "close assault fire morale strikes" {
		t.Errorf("sgp_lost_to's keys %s", k)
	}
	u := got["units"].([]any)[0].(map[string]any)
	if k := keys(u); k != "army lost_to name sgp_destroyed_per_sgp survival_rate" {
		t.Errorf("a unit's keys %s", k)
	}
	if got["battles"].(float64) != 200 || got["scenario"] != "open-field" || got["seed"].(float64) != 5 {
		t.Errorf("battles, scenario, seed: %v %v %v", got["battles"], got["scenario"], got["seed"])
	}
	wins := a["wins"].(float64) + got["b"].(map[string]any)["wins"].(float64) + got["draws"].(float64)
	if wins != 200 {
		t.Errorf("wins and draws add up to %v", wins)
	}
	if ns := got["not_simulated"].([]any); len(ns) == 0 || !strings.Contains(out, "hidden movement") {
		t.Errorf("not_simulated: %v", ns)
	}
	_, two, _ := runMuster(t, "sim", "--battles", "200", "--seed", "5", "--workers", "2", "--json", rebel1500, imperial1500)
	if two != out {
		t.Error("two workers gave other results than one")
	}
	code, text, _ := runMuster(t, "sim", "--battles", "50", rebel1500, imperial1500)
	if code != 0 || !strings.Contains(text, "Not simulated") || !strings.Contains(text, "95%") {
		t.Errorf("text: exit %d\n%s", code, text)
	}
}

func TestBattleUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"battle", rebel1500},
		{"battle", "--seed", "x", rebel1500, imperial1500},
		{"battle", "--scenario", "the moon", rebel1500, imperial1500},
		{"battle", rebel1500, "nope.yaml"},
		{"sim", "--battles", "0", rebel1500, imperial1500},
		{"sim", rebel1500},
	} {
		if code, _, errOut := runMuster(t, args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 with a message", args, code, errOut)
		}
	}
}

// "muster battle alone lists the scenarios" (muster help): each built-in one by id, the
// default marked, with its name.
func TestBattleAloneListsTheScenarios(t *testing.T) {
	code, out, errOut := runMuster(t, "battle")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"open-field (the default): Open field", "like-rats-in-a-trap", "defending-the-bridge",
		"crystal-forest-of-goratak", "open-field-at-night"} {
		if !strings.Contains(out, want) {
			t.Errorf("the list lacks %q:\n%s", want, out)
		}
	}
}
