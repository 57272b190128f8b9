package replay

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
)

func force(t *testing.T, name string) *battle.Force {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	f, err := battle.NewForce(rules.Default(), a)
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
