package battle

import (
	"fmt"
	"math"
	"testing"

	"muster/rules/combat"
)

// field compiles a small scenario around the given terrain and barriers (JSON).
func field(t *testing.T, terrain, barriers string) *Field {
	t.Helper()
	f, err := ParseScenario([]byte(fmt.Sprintf(`{"id":"t","name":"T","width":72,"height":48,"turns":6,
	"terrain":[%s],"barriers":[%s],
	"sides":[{"name":"A","edge":"south","deploy":[0,0,72,6]},{"name":"B","edge":"north","deploy":[0,42,72,48]}],
	"victory":{"kind":"points","text":"t"}}`, terrain, barriers)))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Chapter Six, "Woods and Visibility", with the book's example in medium woods (LOS 6",
// +2): squads in the woods see each other within 6"; a squad more than 6" inside the edge
// cannot see out nor be seen; one within 6" of the edge can, both at +2; one within 1" of
// the edge fires out with no modifier.
func TestWoodsAndVisibility(t *testing.T) {
	f := field(t, `{"type":"medium woods","rect":[0,0,72,24]}`, ``)
	cases := []struct {
		name      string
		p, q      Point
		sees      bool
		cover     combat.Cover
		coverBack combat.Cover // q's fire at p
	}{
		{"A and F, 5\" apart in the woods", Point{X: 10, Y: 10}, Point{X: 15, Y: 10}, true, combat.MediumCover, combat.MediumCover},
		{"A and E, 7\" apart in the woods", Point{X: 10, Y: 10}, Point{X: 17, Y: 10}, false, 0, 0},
		{"B 5\" inside, G in the clearing", Point{X: 30, Y: 19}, Point{X: 30, Y: 30}, true, combat.Open, combat.MediumCover},
		{"C 7\" inside cannot see G", Point{X: 40, Y: 17}, Point{X: 40, Y: 30}, false, 0, 0},
		{"D within 1\" of the edge", Point{X: 50, Y: 23.5}, Point{X: 50, Y: 30}, true, combat.Open, combat.MediumCover},
	}
	for _, c := range cases {
		// sight(p, q) is p firing at q: q's cover. The clearing soldier is q in the first
		// direction; the book gives B and G +2 both ways, D +0 firing out.
		ok, cover := f.sight(c.p, c.q, false, false)
		back, coverBack := f.sight(c.q, c.p, false, false)
		if ok != c.sees || back != c.sees {
			t.Errorf("%s: sees %v/%v, want %v", c.name, ok, back, c.sees)
			continue
		}
		if !ok {
			continue
		}
		// Firing out of the woods at a target in the clearing: the target has no cover of
		// its own; B (more than 1" in) still fires through the woods.
		want := c.cover
		if c.name == "B 5\" inside, G in the clearing" {
			want = combat.MediumCover
		}
		if cover != want || coverBack != c.coverBack {
			t.Errorf("%s: cover %v firing out, %v firing in; want %v, %v", c.name, cover, coverBack, want, c.coverBack)
		}
	}
}

// Chapter Six, "Barriers" and "Walls": a low wall is medium cover to a soldier within 1" of
// it, none if the firer is within 1" too, and hides a prone soldier except from across it;
// a high wall blocks sight, except from a hill.
func TestWalls(t *testing.T) {
	f := field(t, `{"type":"easy hill","rect":[0,40,10,48]}`,
		`{"type":"low wall","from":[20,20],"to":[40,20]},{"type":"high wall","from":[50,10],"to":[50,30]}`)
	behind, far, near := Point{X: 30, Y: 19.5}, Point{X: 30, Y: 35}, Point{X: 30, Y: 20.8}
	if ok, c := f.sight(far, behind, false, false); !ok || c != combat.MediumCover {
		t.Errorf("behind a low wall: %v %v, want medium cover", ok, c)
	}
	if ok, c := f.sight(near, behind, false, false); !ok || c != combat.Open {
		t.Errorf("firer at the wall too: %v %v, want no cover", ok, c)
	}
	if ok, _ := f.sight(far, behind, false, true); ok {
		t.Error("a prone soldier behind a low wall is seen from afar")
	}
	if ok, _ := f.sight(near, behind, false, true); !ok {
		t.Error("a prone soldier behind a low wall is not seen from directly across it")
	}
	if ok, _ := f.sight(Point{X: 45, Y: 20}, Point{X: 55, Y: 20}, false, false); ok {
		t.Error("a high wall does not block sight")
	}
	if ok, _ := f.sight(Point{X: 45, Y: 20}, Point{X: 55, Y: 20}, true, false); !ok {
		t.Error("a soldier on a hill cannot see over a high wall")
	}
}

// Chapter Two, "Terrain and Barriers": "A stormtrooper with a Walk Rate of 6" crosses a
// two-inch-wide patch of scrub ... expends 4" of his Walk Rate to cross the scrub ...
// leaving 2" of his move left"; a moderate barrier costs 2", a difficult one 4", and one he
// cannot pay for stops him; no one runs into very rough terrain.
func TestMovementCosts(t *testing.T) {
	f := field(t, `{"type":"scrub","rect":[10,0,12,48]},{"type":"heavy woods","rect":[30,0,40,48]}`,
		`{"type":"low wall","from":[20,0],"to":[20,48]},{"type":"high wall","from":[25,0],"to":[25,48]}`)
	l := f.walk(Point{X: 10, Y: 10}, Point{X: 20, Y: 10}, 6, false, false, nil)
	if math.Abs(l.end.X-14) > 1e-9 || math.Abs(l.used-6) > 1e-9 {
		t.Errorf("across 2\" of scrub with 6\": ends at %v having used %v; want 14 (4\" for the scrub, 2\" beyond)", l.end, l.used)
	}
	l = f.walk(Point{X: 18, Y: 10}, Point{X: 23, Y: 10}, 8, false, false, nil)
	if math.Abs(l.end.X-23) > 1e-9 || math.Abs(l.used-7) > 1e-9 {
		t.Errorf("5\" with a low wall: %v, used %v; want the 5\" and 2\" for the wall", l.end, l.used)
	}
	l = f.walk(Point{X: 22, Y: 10}, Point{X: 28, Y: 10}, 5, false, false, nil)
	if l.end.X > 25 || !(l.end.X >= 24.4) {
		t.Errorf("a high wall with 2\" left after reaching it: ends at %v; want stopped before the wall", l.end)
	}
	if l := f.walk(Point{X: 28, Y: 10}, Point{X: 34, Y: 10}, 12, true, false, nil); l.end.X > 30 || !l.blocked {
		t.Errorf("running into heavy woods: %v", l)
	}
	if l := f.walk(Point{X: 28, Y: 10}, Point{X: 34, Y: 10}, 12, false, false, nil); math.Abs(l.end.X-30-2.5) > 1e-9 {
		t.Errorf("walking into heavy woods (4x): ends at %v, want 32.5", l.end)
	}
	if l := f.walk(Point{X: 28, Y: 10}, Point{X: 34, Y: 10}, 12, false, true, nil); l.end.X > 30 || !l.blocked {
		t.Errorf("a droid without a repulsorlift in heavy woods: %v", l)
	}
}

// A wooded easy hill is "quarter-rate": the multipliers of overlapping areas multiply, to
// at most four times.
func TestOverlappingTerrainMultiplies(t *testing.T) {
	f := field(t, `{"type":"medium woods","rect":[0,0,20,20]},{"type":"easy hill","rect":[5,5,15,15]}`, ``)
	if g := f.at(Point{X: 10, Y: 10}); g.mult != 4 || g.cover != combat.MediumCover || !g.hill {
		t.Errorf("wooded hill: %+v", g)
	}
	if g := f.at(Point{X: 2, Y: 2}); g.mult != 2 || g.hill {
		t.Errorf("woods: %+v", g)
	}
}

// A 90-degree fire arc: a base any part of which is inside the arc can be fired at.
func TestFireArc(t *testing.T) {
	p := Point{X: 0, Y: 0}
	north := dirOf(math.Pi / 2)
	if !inArc(p, north, Point{X: 0, Y: 10}) || !inArc(p, north, Point{X: 9.9, Y: 10}) {
		t.Error("straight ahead and at 45 degrees should be in the arc")
	}
	if !inArc(p, north, Point{X: 10.5, Y: 10}) {
		t.Error("a base straddling the arc's edge should be in it")
	}
	if inArc(p, north, Point{X: 12, Y: 10}) || inArc(p, north, Point{X: 0, Y: -10}) {
		t.Error("outside the arc")
	}
}
