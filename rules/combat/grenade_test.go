package combat

import (
	"fmt"
	"math"
	"testing"
)

func pointNear(p, q Point) bool { return math.Abs(p.X-q.X) < 1e-9 && math.Abs(p.Y-q.Y) < 1e-9 }

// Chapter Three, Diagram 9: a grenade thrown at the enemy 8" away (medium range) fails its
// test; the direction roll is 5, "fallen short and to the left"; the distance roll 2, at
// medium range 2".
func TestGrenadeDeviationExample(t *testing.T) {
	r := Default()
	th := Throw{From: Point{0, 0}, Aim: Point{8, 0}, Skill: 3, Grenade: weapon(t, "grenade")}
	p, err := r.PlanThrow(th)
	if err != nil || p.Band != Medium || p.Difficulty != 8 {
		t.Fatalf("plan %+v, %v; want medium range, difficulty 8", p, err)
	}
	at, ok, err := r.Throw(scripted(2, 5, 2), th)
	if err != nil || ok {
		t.Fatalf("2 + 3 against 8 passed (%v)", err)
	}
	want := Point{8 + 2*math.Cos(2*math.Pi/3), 2 * math.Sin(2*math.Pi/3)}
	if !pointNear(at, want) || at.X >= 8 || at.Y <= 0 {
		t.Errorf("landed at %v, want %v (short and to the left)", at, want)
	}
	// "If you rolled a 4, the grenade would have deviated toward the soldier who threw it."
	if at := Deviate(Point{8, 0}, 0, 4, 3); !pointNear(at, Point{5, 0}) {
		t.Errorf("a 4 deviated to %v, want back toward the thrower", at)
	}
	if at, ok, _ := r.Throw(scripted(5), th); !ok || at != th.Aim {
		t.Errorf("a passed test landed at %v", at)
	}
}

// The Grenade Deviation Range Chart: short 1D/2 rounded up, medium 1D, long 1Dx2; launched
// 1D, 1Dx2 and 1Dx3, never more than half the distance ("14" away ... cannot deviate more
// than seven inches").
func TestDeviationDistances(t *testing.T) {
	r := Default()
	g := weapon(t, "grenade")
	cases := []struct {
		name     string
		th       Throw
		die      int
		want     float64
		wantBand Band
	}{
		{"thrown short, 5", Throw{Aim: Point{3, 0}, Grenade: g}, 5, 3, Short},
		{"thrown short, 1", Throw{Aim: Point{3, 0}, Grenade: g}, 1, 1, Short},
		{"thrown medium, 6", Throw{Aim: Point{8, 0}, Grenade: g}, 6, 6, Medium},
		{"thrown long, 6", Throw{Aim: Point{15, 0}, Grenade: g}, 6, 12, Long},
		{"launched 14\" (medium), 5: 10 capped at 7", Throw{Aim: Point{14, 0}, Grenade: g, Launcher: weapon(t, "grenade launcher")}, 5, 7, Medium},
		{"launched 30\" (long), 4: 12", Throw{Aim: Point{30, 0}, Grenade: g, Launcher: weapon(t, "grenade launcher")}, 4, 12, Long},
	}
	for _, c := range cases {
		at, _, err := r.Throw(scripted(1, 4, c.die), c.th) // bomb-out, straight back, distance
		p, _ := r.PlanThrow(c.th)
		if err != nil || p.Band != c.wantBand {
			t.Errorf("%s: band %v (%v)", c.name, p.Band, err)
			continue
		}
		if got := c.th.Aim.Dist(at); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: deviated %g\", want %g\"", c.name, got, c.want)
		}
	}
	if _, err := r.PlanThrow(Throw{Aim: Point{10, 0}, Grenade: weapon(t, "thermal detonator"), Launcher: weapon(t, "grenade launcher")}); err == nil {
		t.Error("a thermal detonator was launched")
	}
	if _, err := r.PlanThrow(Throw{Aim: Point{5, 0}, Grenade: g, Firing: Firing{Opportunity: true}}); err == nil {
		t.Error("a grenade was thrown in opportunity fire")
	}
	if _, err := r.PlanThrow(Throw{Aim: Point{2, 0}, Grenade: g, Launcher: weapon(t, "grenade launcher")}); err == nil {
		t.Error("a grenade was launched inside the 3\" minimum range")
	}
}

// "Throwing Grenades Blindly": the grenade deviates first, then the test is at +3; success
// lands at the deviated point, failure deviates again from there.
func TestBlindThrow(t *testing.T) {
	r := Default()
	th := Throw{Aim: Point{8, 0}, Skill: 3, Grenade: weapon(t, "grenade"), Blind: true}
	if p, _ := r.PlanThrow(th); p.Difficulty != 11 {
		t.Errorf("blind medium throw difficulty %d, want 11", p.Difficulty)
	}
	at, ok, _ := r.Throw(scripted(1, 3, 6, 6, 2), th) // deviate straight on 3", then 6,6,2 + 3 = 17 passes
	if !ok || !pointNear(at, Point{11, 0}) {
		t.Errorf("passed blind throw landed at %v (ok %v), want the first deviation (11, 0)", at, ok)
	}
	at, ok, _ = r.Throw(scripted(1, 3, 2, 1, 2), th) // deviate 3" on; 2 + 3 fails; deviate 2" on again
	if ok || !pointNear(at, Point{13, 0}) {
		t.Errorf("failed blind throw landed at %v, want (13, 0)", at)
	}
}

// Chapter Three, Diagram 10 and "Thermal Detonators": four soldiers under the template.
func TestBurstDamageExample(t *testing.T) {
	c := Point{0, 0}
	cases := []struct {
		name      string
		e         Exposure
		detonator bool
		want      int
		ok        bool
	}{
		{"A: high wall with a window", Exposure{At: Point{2, 0}, Wall: WallOpening}, false, 3, true},
		{"B: standing in the open", Exposure{At: Point{1, 1}}, false, 4, true},
		{"C: prone", Exposure{At: Point{0, 2}, Prone: true}, false, 3, true},
		{"D: high wall, no opening", Exposure{At: Point{-2, 0}, Wall: WallSolid}, false, 0, false},
		{"thermal detonator, no opening: halved", Exposure{At: Point{-2, 0}, Wall: WallSolid}, true, 4, true},
		{"thermal detonator, prone and no opening: (8-1)/2", Exposure{At: Point{-2, 0}, Wall: WallSolid, Prone: true}, true, 3, true},
		{"base touching the template's edge", Exposure{At: Point{2.99, 0}}, false, 4, true},
		{"base clear of the template", Exposure{At: Point{3.01, 0}}, false, 0, false},
	}
	for _, x := range cases {
		ds := 4
		if x.detonator {
			ds = 8
		}
		got, ok := BurstDamage(c, 2.5, ds, x.detonator, x.e)
		if ok != x.ok || got != x.want {
			t.Errorf("%s: %d (affected %v), want %d (%v)", x.name, got, ok, x.want, x.ok)
		}
	}
}

func TestBurstResolvesEachFigure(t *testing.T) {
	r := Default()
	figs := []*Figure{{STR: 3}, {STR: 3}, {STR: 3, Hero: &Hero{Dodge: 4}}}
	at := []Exposure{{At: Point{1, 0}}, {At: Point{9, 0}}, {At: Point{0, 1}}}
	affected := make([]bool, 3)
	// Figure 0: DS 4+4 = 8 against 1 (0): incapacitated. Figure 2 dodges with 2 + 4 = 6.
	r.Burst(scripted(4, 1, 2), Point{}, 2.5, 4, false, figs, at, affected)
	if !affected[0] || affected[1] || !affected[2] {
		t.Errorf("affected %v", affected)
	}
	if figs[0].Pending() != Incapacitated || figs[1].Pending() != NoEffect || figs[2].Pending() != NoEffect {
		t.Errorf("harm %v %v %v", figs[0].Pending(), figs[1].Pending(), figs[2].Pending())
	}
}

func landingKey(p Point) string { return fmt.Sprintf("%.6f,%.6f", p.X, p.Y) }

// Sampled landing points against LandingOdds, for aimed and blind throws and a launcher.
func TestThrowMatchesItsOdds(t *testing.T) {
	r := Default()
	g := weapon(t, "grenade")
	throws := map[string]Throw{
		"thrown, medium": {From: Point{1, 1}, Aim: Point{7, 5}, Skill: 3, Grenade: g},
		"thrown blind":   {Aim: Point{3, 0}, Skill: 4, Grenade: g, Blind: true},
		"launched, long": {Aim: Point{0, 30}, Skill: 4, Grenade: g, Launcher: weapon(t, "grenade launcher")},
	}
	d := Seeded(12)
	const n = 60000
	for name, th := range throws {
		odds, err := r.LandingOdds(th)
		if err != nil {
			t.Fatal(err)
		}
		idx := map[string]int{}
		var probs []float64
		for _, l := range odds {
			k := landingKey(l.At)
			if i, ok := idx[k]; ok {
				probs[i] += l.P
				continue
			}
			idx[k] = len(probs)
			probs = append(probs, l.P)
		}
		counts := make([]int, len(probs))
		for range n {
			at, _, _ := r.Throw(d, th)
			i, ok := idx[landingKey(at)]
			if !ok {
				t.Fatalf("%s: landed at %v, which LandingOdds does not list", name, at)
			}
			counts[i]++
		}
		checkCounts(t, name, probs, counts, n)
	}
}

// Chapter Eleven, "Flamethrower".
func TestFlamethrower(t *testing.T) {
	r := Default()
	ft := weapon(t, "flamethrower")
	from, target := Point{0, 0}, Point{4, 0}
	at, hit := r.Flame(scripted(5), 3, 8, from, target) // medium range 8: 5 + 3 hits
	if !hit || at != target {
		t.Fatalf("a hit centred the template at %v", at)
	}
	if ds, ok := FlameDamage(ft, at, hit, true, target); !ok || ds != 4 {
		t.Errorf("the target takes %d, want the full 4", ds)
	}
	if ds, ok := FlameDamage(ft, at, hit, false, Point{5.4, 0}); !ok || ds != 2 {
		t.Errorf("a neighbour under the template takes %d, want the incidental 2", ds)
	}
	if _, ok := FlameDamage(ft, at, hit, false, Point{5.6, 0}); ok {
		t.Error("a figure clear of the 1\" template was burned")
	}
	// A miss deviates one unmodified die, never more than half the distance (2").
	at, hit = r.Flame(scripted(2, 1, 5), 3, 8, from, target)
	if hit || !pointNear(at, Point{6, 0}) {
		t.Errorf("a miss landed at %v (hit %v), want 2\" on", at, hit)
	}
}

func TestFlameBurst(t *testing.T) {
	r := Default()
	ft := weapon(t, "flamethrower")
	figs := []*Figure{{STR: 3}, {STR: 3}, {STR: 3}}
	at := []Point{{4, 0}, {4.5, 1}, {9, 0}}
	// Target: DS 4 + 4 = 8 against 1 (0); neighbour: 2 + 2 = 4 against 3 + 3 = 6.
	r.FlameBurst(scripted(4, 1, 2, 3), ft, Point{4, 0}, true, 0, figs, at)
	if figs[0].Pending() != Incapacitated || figs[1].Pending() != NoEffect || figs[2].Pending() != NoEffect {
		t.Errorf("harm %v %v %v", figs[0].Pending(), figs[1].Pending(), figs[2].Pending())
	}
}

func TestOnBoardArtilleryOvershoots(t *testing.T) {
	r := Default()
	if _, ok := r.OnBoardArtillery(scripted(1, 3, 2), 4, 6, Point{}, Point{20, 0}); ok {
		t.Error("a 2 on the distance roll should overshoot")
	}
	if at, ok := r.OnBoardArtillery(scripted(1, 1, 5), 4, 6, Point{}, Point{20, 0}); !ok || !pointNear(at, Point{25, 0}) {
		t.Errorf("deviated to %v, want 5\" on (medium-range grenade deviation)", at)
	}
}
