package replay

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

func force(t *testing.T, name string) *battle.Force {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "rules", "battle", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := muster.NewForce(rules.Default(), a)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// trace plays the full-kit matchup (grenades, flames, artillery, heroes) with a seed.
func trace(t *testing.T, scenario, a, b string, seed uint64) *battle.Trace {
	t.Helper()
	field, err := battle.LoadScenario(scenario)
	if err != nil {
		t.Fatal(err)
	}
	_, tr := battle.New(field, force(t, a), force(t, b)).PlayTrace(seed, nil)
	return tr
}

// figure is what a frame says of one figure.
type figure struct {
	state string
	x, y  float64
	out   bool
}

// parse checks that a frame is well-formed XML with an <svg> root and reads its figures.
func parse(t *testing.T, svg []byte) map[int]figure {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	figs := map[int]figure{}
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == "" {
			root = se.Name.Local
		}
		attr := map[string]string{}
		for _, a := range se.Attr {
			attr[a.Name.Local] = a.Value
		}
		if attr["class"] != "fig" {
			continue
		}
		i, _ := strconv.Atoi(attr["data-fig"])
		f := figure{state: attr["data-state"], out: attr["data-state"] == "out"}
		f.x, _ = strconv.ParseFloat(attr["data-x"], 64)
		f.y, _ = strconv.ParseFloat(attr["data-y"], 64)
		figs[i] = f
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
	return figs
}

// One frame per phase, each well-formed SVG, every figure on the table drawn where the
// trace puts him and in his state, those incapacitated as crosses, those gone not at all.
func TestFramesDrawEveryFigureAsTheTraceSays(t *testing.T) {
	for _, seed := range []uint64{1, 3} {
		tr := trace(t, "open-field", "full-1500.yaml", "imperial-1500.yaml", seed)
		frames := Frames(tr)
		if len(frames) != len(tr.Frames) {
			t.Fatalf("%d SVG frames for %d phases", len(frames), len(tr.Frames))
		}
		for k, svg := range frames {
			figs := parse(t, svg)
			for i, f := range tr.Frames[k].Figs {
				got, drawn := figs[i]
				switch {
				case f.Gone || !f.On && !f.Out:
					if drawn {
						t.Errorf("seed %d frame %d: figure %d is off the table but drawn", seed, k, i)
					}
				case !drawn:
					t.Errorf("seed %d frame %d: figure %d not drawn", seed, k, i)
				case f.Out != got.out:
					t.Errorf("seed %d frame %d: figure %d out %v, drawn %q", seed, k, i, f.Out, got.state)
				case !f.Out && (got.x != round2(f.At.X) || got.y != round2(f.At.Y)):
					t.Errorf("seed %d frame %d: figure %d at (%g, %g), drawn at (%g, %g)", seed, k, i, f.At.X, f.At.Y, got.x, got.y)
				}
			}
		}
	}
}

func round2(x float64) float64 { v, _ := strconv.ParseFloat(num(x), 64); return v }

// The same trace draws the same bytes (the pictures are a pure function of the battle).
func TestFramesAreDeterministic(t *testing.T) {
	a := Frames(trace(t, "like-rats-in-a-trap", "rats-rebels.yaml", "rats-imperials.yaml", 5))
	b := Frames(trace(t, "like-rats-in-a-trap", "rats-rebels.yaml", "rats-imperials.yaml", 5))
	for k := range a {
		if !bytes.Equal(a[k], b[k]) {
			t.Fatalf("frame %d differs between two drawings of the same battle", k)
		}
	}
	for k := range a {
		parse(t, a[k])
	}
}

// The table is drawn with its terrain, barriers and deployment zones: the open field has
// woods, hills and walls; each becomes a shape with its name.
func TestFrameDrawsTheTable(t *testing.T) {
	tr := trace(t, "open-field", "rebel-1500.yaml", "imperial-1500.yaml", 1)
	svg := string(Frame(tr, 0))
	if len(tr.Map.Areas) == 0 || len(tr.Map.Barriers) == 0 {
		t.Fatalf("the scenario has %d areas and %d barriers: the test needs both", len(tr.Map.Areas), len(tr.Map.Barriers))
	}
	for _, a := range tr.Map.Areas {
		if !bytes.Contains([]byte(svg), []byte("<title>"+esc(a.Name)+" (")) {
			t.Errorf("terrain area %q is not drawn", a.Name)
		}
	}
	for _, b := range tr.Map.Barriers {
		if !bytes.Contains([]byte(svg), []byte("<title>"+esc(b.Name)+"</title></line>")) {
			t.Errorf("barrier %q is not drawn", b.Name)
		}
	}
	if n := bytes.Count([]byte(svg), []byte("deployment zone of ")); n < 2 {
		t.Errorf("%d deployment zones drawn, want one per side at least", n)
	}
}

// Upright shows frame k's drawing (by reference, from the same page) turned a quarter
// anticlockwise in a viewBox that holds the turned table and its margins: the open
// field's 72" by 48" table, with 2" a side, is 52" across and 76" down. Turning (x, y) to
// (y, -x) puts the table's East edge at the top and its North edge on the left, where the
// map names them.
func TestUprightTurnsTheTableAQuarterInAViewOfItsOwnSize(t *testing.T) {
	tr := trace(t, "open-field", "rebel-1500.yaml", "imperial-1500.yaml", 1)
	if tr.Map.W != 72 || tr.Map.H != 48 {
		t.Fatalf("the open field is %gx%g, the test expects 72x48", tr.Map.W, tr.Map.H)
	}
	k := 3
	frame, up := string(Frame(tr, k)), string(Upright(tr, k))
	parse(t, Upright(tr, k))
	if !strings.Contains(frame, `<g id="replay-map-3">`) {
		t.Fatalf("frame 3 has no drawing named replay-map-3")
	}
	for _, want := range []string{`viewBox="-2 -74 52 76"`, `<use href="#replay-map-3" transform="rotate(-90)"/>`,
		`aria-labelledby="replay-title-3"`, `data-frame="3"`} {
		if !strings.Contains(up, want) {
			t.Errorf("the upright frame lacks %s:\n%s", want, up)
		}
	}
	// Where each edge's name is, in the upright view's units: North's on the left (x < 0),
	// South's right (x > 48), East's above the table (y < -72), West's below (y > 0).
	edge := regexp.MustCompile(`<text x="([-0-9.]+)" y="([-0-9.]+)"[^>]*>(\w+)</text>`)
	got := map[string][2]float64{}
	for _, m := range edge.FindAllStringSubmatch(up, -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		got[m[3]] = [2]float64{x, y}
	}
	if p, ok := got["North"]; !ok || p[0] >= 0 {
		t.Errorf("North is named at %v, want left of the table", p)
	}
	if p, ok := got["South"]; !ok || p[0] <= 48 {
		t.Errorf("South is named at %v, want right of the table", p)
	}
	if p, ok := got["East"]; !ok || p[1] >= -72 {
		t.Errorf("East is named at %v, want above the table", p)
	}
	if p, ok := got["West"]; !ok || p[1] <= 0 {
		t.Errorf("West is named at %v, want below the table", p)
	}
}

// A move's arrowhead is drawn in the frame itself (a marker would not show where the frame
// is shown by reference from a hidden SVG): every move ends in a head whose tip is the
// move's last point.
func TestEveryMoveEndsInItsArrowhead(t *testing.T) {
	tr := trace(t, "open-field", "rebel-1500.yaml", "imperial-1500.yaml", 1)
	move := regexp.MustCompile(`<polyline class="move" data-unit="\d+" points="([^"]+)"[^>]*><title>[^<]*</title></polyline><path class="move-head" d="M([-0-9.]+) ([-0-9.]+)L`)
	moves := 0
	for k := range tr.Frames {
		svg := string(Frame(tr, k))
		if strings.Contains(svg, "<marker") {
			t.Fatalf("frame %d still uses a marker", k)
		}
		n := strings.Count(svg, `class="move"`)
		found := move.FindAllStringSubmatch(svg, -1)
		if len(found) != n {
			t.Errorf("frame %d: %d moves, %d with their head after them", k, n, len(found))
		}
		for _, m := range found {
			pts := strings.Fields(m[1])
			if last := pts[len(pts)-1]; last != m[2]+","+m[3] {
				t.Errorf("frame %d: a move ends at %s, its head's tip is at %s,%s", k, last, m[2], m[3])
			}
		}
		moves += n
	}
	if moves == 0 {
		t.Fatal("the battle drew no move: the test saw nothing")
	}
}
