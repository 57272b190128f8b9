package d20replay

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/rules/swm/engine"
)

func squad(t *testing.T, path string) engine.Squad {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := army.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	c, err := check.Evaluate(a)
	if err != nil {
		t.Fatal(err)
	}
	s, err := engine.FromCosted(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// traced plays battle i of the Echo Base Salvage Mission's squads (seed 7) on the salvage
// map with its trace.
func traced(t *testing.T, i uint64) *engine.Trace {
	t.Helper()
	m, _ := engine.Scenario("salvage")
	_, tr, err := engine.PlayTrace(m, squad(t, "../../rules/swm/testdata/salvage-rebel.yaml"), squad(t, "../../rules/swm/testdata/salvage-imperial.yaml"),
		rand.New(rand.NewPCG(7, i)))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

var doorRE = regexp.MustCompile(`<rect class="door" data-square="(\d+),(\d+)" data-open="(true|false)"`)

// Every frame draws each door open or shut as the engine had it at the step's end, and
// the drawing is the same bytes for the same trace. The salvage outpost's doors open as
// figures end their turns beside them: some frame of these battles shows one open, and one
// shut again after.
func TestFramesDrawTheDoorsAsTheyWere(t *testing.T) {
	opened, shutAgain := false, false
	for i := range uint64(4) {
		tr := traced(t, i)
		if len(tr.Doors) == 0 {
			t.Fatal("the salvage map has no doors")
		}
		frames := Frames(tr, "replay")
		for k, svg := range frames {
			got := doorRE.FindAllStringSubmatch(string(svg), -1)
			if len(got) != len(tr.Doors) {
				t.Fatalf("battle %d frame %d draws %d doors, the map has %d", i, k, len(got), len(tr.Doors))
			}
			for d, p := range tr.Doors {
				want := fmt.Sprintf("%d,%d,%t", p.X, p.Y, tr.Frames[k].Open[d])
				if g := got[d]; g[1]+","+g[2]+","+g[3] != want {
					t.Errorf("battle %d frame %d: door %d drawn %v, the engine had %s", i, k, d, g[1:], want)
				}
				if tr.Frames[k].Open[d] {
					opened = true
				} else if k > 0 && tr.Frames[k-1].Open[d] {
					shutAgain = true
				}
			}
			if again := Frame(tr, k, "replay"); !bytes.Equal(again, svg) {
				t.Errorf("battle %d frame %d is drawn differently the second time", i, k)
			}
		}
	}
	if !opened || !shutAgain {
		t.Errorf("no door opened (%v) or shut again (%v) in these battles: the test no longer tests", opened, shutAgain)
	}
}

// Each figure's tag is its squad's letter and number, the key's and the log's squad letter
// alike, and each frame's caption names the figure that activated.
func TestTagsAndCaptions(t *testing.T) {
	tr := traced(t, 0)
	seen := map[string]bool{}
	for i, f := range tr.Figures {
		tag := Tag(tr, i)
		if seen[tag] || !strings.HasPrefix(f.Label, "["+tag[:1]+"]") {
			t.Errorf("figure %d (%s) is tagged %s", i, f.Label, tag)
		}
		seen[tag] = true
	}
	if Caption(tr, 0) != "Set-up" {
		t.Errorf("frame 0 is %q", Caption(tr, 0))
	}
	for k := 1; k < len(tr.Frames); k++ {
		f := tr.Frames[k]
		if want := fmt.Sprintf("Round %d: %s", f.Round, tr.Figures[f.Actor].Label); Caption(tr, k) != want {
			t.Errorf("frame %d is %q, want %q", k, Caption(tr, k), want)
		}
		if !strings.Contains(strings.Join(f.Log, "\n"), tr.Figures[f.Actor].Label+"'s turn") {
			t.Errorf("frame %d's log does not tell %s's turn: %q", k, tr.Figures[f.Actor].Label, f.Log)
		}
	}
}
