package cli

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"muster/cmd/muster/internal/testkit"
)

func runMuster(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// `muster cost --json` prints the contract's object; total is the sum of the units' costs.
// The Blue Rangers are 710 by the rules (Chapter Eight prints 720).
func TestCostJSONContract(t *testing.T) {
	code, out, errOut := runMuster(t, "cost", "--json", "../../../../rules/data/forces/blue-rangers.yaml")
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var rep struct {
		Name, System, Side string
		Total              int
		Units              []struct {
			Name, Kind string
			Cost       int
			Lines      []struct {
				Label string
				SGP   int
			}
		}
		Problems []any
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.System != "swmb" || rep.Side != "rebel" || rep.Total != 710 || len(rep.Units) != 1 || rep.Units[0].Cost != 710 {
		t.Errorf("report = %+v", rep)
	}
	if rep.Units[0].Lines[0].Label != "Quality: Elite" || rep.Units[0].Lines[0].SGP != 20 {
		t.Errorf("first line = %+v, want Quality: Elite 20", rep.Units[0].Lines[0])
	}
	if rep.Problems == nil {
		t.Error("problems must be a list, even when empty")
	}
}

// Exit status: 1 when the army has an error (costs still printed); the unknown name names
// the nearest known ones.
func TestCostExitsOneOnErrorAndStillPrintsCosts(t *testing.T) {
	p := testkit.WriteFile(t, `format: 1
side: rebel
name: Typo
units:
  - kind: squad
    troop: Hoth Trooper
    size: 5
    weapons: [blaster rifel]
  - kind: creature
    creature: Tauntaun
`)
	code, out, _ := runMuster(t, "cost", p)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(out, `unknown weapon "blaster rifel"`) || !strings.Contains(out, `"Blaster Rifle"`) {
		t.Errorf("output does not name the unknown weapon and its nearest match:\n%s", out)
	}
	// The tauntaun is still costed: (2+4+3+16+5) x 1 = 30.
	if !strings.Contains(out, "Unit cost: 30") {
		t.Errorf("other units' costs not printed:\n%s", out)
	}
}

// Exit status 2 when the file cannot be parsed, with line and column.
func TestCostExitsTwoOnParseError(t *testing.T) {
	p := testkit.WriteFile(t, "format: 1\nside: rebel\nunits:\n  - kind: squad\n    sise: 3\n")
	code, _, errOut := runMuster(t, "cost", p)
	if code != 2 || !strings.Contains(errOut, "line 5, column 5") {
		t.Errorf("exit %d, stderr %q; want 2 and the line and column", code, errOut)
	}
	code, _, errOut = runMuster(t, "cost", filepath.Join(t.TempDir(), "missing.yaml"))
	if code != 2 || errOut == "" {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
}
