package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const (
	unarmedArmy   = "../../../../rules/battle/whatif/testdata/unarmed.yaml"
	imperials1000 = "../../../../rules/battle/whatif/testdata/imperials-1000.yaml"
)

// keys are a JSON object's keys, sorted.
func keys(m map[string]json.RawMessage) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	slices.Sort(k)
	return k
}

// `muster whatif --json` answers exactly issues 14 and 26's shape, variants best first (a
// change that frees points just below itself with the points spent), and every variant's
// army, written to a file, passes `muster check`.
func TestWhatifJSONIsTheIssuesShapeAndEveryVariantPassesCheck(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"whatif", "--battles", "40", "--seed", "3", "--max-variants", "6", "--json", unarmedArmy, imperials1000}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(out.Bytes(), &top); err != nil {
		t.Fatal(err)
	}
	if got := keys(top); !slices.Equal(got, []string{"base", "legal", "variants"}) {
		t.Fatalf("top-level keys %v", got)
	}
	var base map[string]json.RawMessage
	_ = json.Unmarshal(top["base"], &base)
	if got := keys(base); !slices.Equal(got, []string{"battles", "ci95", "draw_rate", "expected_score", "expected_score_ci95", "win_rate"}) {
		t.Errorf("base keys %v", got)
	}
	var vs []map[string]json.RawMessage
	_ = json.Unmarshal(top["variants"], &vs)
	if len(vs) < 6 {
		t.Fatalf("%d variants, want 6 and those spending the points some free", len(vs))
	}
	dir := t.TempDir()
	last, lastBuilds := 2.0, ""
	for i, v := range vs {
		for _, k := range []string{"army", "battles", "change", "ci95", "delta", "delta_ci", "draw_rate", "expected_score", "expected_score_ci95", "total", "win_rate"} {
			if _, ok := v[k]; !ok {
				t.Errorf("variant %d lacks %q: keys %v", i, k, keys(v))
			}
		}
		var d float64
		var change, builds string
		_ = json.Unmarshal(v["delta"], &d)
		_ = json.Unmarshal(v["change"], &change)
		_ = json.Unmarshal(v["spends_what"], &builds)
		if d > last && lastBuilds != change {
			t.Errorf("variant %d: delta %v after %v: not best first", i, d, last)
		}
		last, lastBuilds = d, builds
		path := filepath.Join(dir, "v.json")
		if err := os.WriteFile(path, v["army"], 0o600); err != nil {
			t.Fatal(err)
		}
		var cout, cerr bytes.Buffer
		if code := Main([]string{"check", path}, &cout, &cerr); code != 0 {
			t.Errorf("variant %d (%s): muster check exit %d: %s%s", i, v["change"], code, cout.String(), cerr.String())
		}
	}
}

// The text says what to change in words, best first.
func TestWhatifTextNamesTheChangesInWords(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"whatif", "--battles", "200", "--seed", "7", unarmedArmy, imperials1000}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{"What to change in Rebels with an unarmed squad against Two stormtrooper squads", "As it is: expected score",
		". Bare Hands: arm with ", "points more (95%: +", "surely better", "In the battles: the enemy lost "} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

// Bad arguments get a message naming the flag and what to write; an army that does not
// pass the checks is refused with its problem.
func TestWhatifRefusesBadInputInWords(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"whatif", "--battles", "0", unarmedArmy, imperials1000}, "--battles 0: write a number from 1 to"},
		{[]string{"whatif", "--max-variants", "0", unarmedArmy, imperials1000}, "--max-variants 0: write a number from 1 to 100"},
		{[]string{"whatif", "--seed", "x", unarmedArmy, imperials1000}, `--seed "x": a whole number`},
		{[]string{"whatif", unarmedArmy}, "muster whatif: name two army files"},
		{[]string{"whatif", "../../../../costing/testdata/mixed-2000.yaml", imperials1000}, "does not pass muster check"},
	} {
		var out, errb bytes.Buffer
		if code := Main(c.args, &out, &errb); code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errb.String(), c.want)
		}
	}
}
