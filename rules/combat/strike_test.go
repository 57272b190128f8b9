package combat

import (
	"math"
	"testing"
)

// The Artillery Strike Resolution Table read with bomb-outs: a command roll that bombs out
// (0) takes the "1" row, and all further bombardment is lost.
func TestResolveStrike(t *testing.T) {
	r := Default()
	cases := []struct {
		name    string
		faces   []int
		command int
		effect  string
		delay   int
	}{
		{"bomb-out", []int{1}, 3, "lost", 0},
		{"2 + 1 = 3: cancelled", []int{2}, 1, "cancelled", 0},
		{"2 + 3 = 5: delayed, delay roll 4 rolled again, then 5: 2 turns", []int{2, 4, 5}, 3, "delayed", 2},
		{"3 + 3 = 6: delayed, delay roll 1: 1 turn", []int{3, 1}, 3, "delayed", 1},
		{"4 + 3 = 7: occurs", []int{4}, 3, "occurs", 0},
	}
	for _, c := range cases {
		res := r.ResolveStrike(scripted(c.faces...), c.command)
		if res.Effect != c.effect || res.Delay != c.delay {
			t.Errorf("%s: %+v, want %s %d", c.name, res, c.effect, c.delay)
		}
	}
	// By hand, command 3: bomb-out 1/6 lost; 2 or 3 on the die (5, 6) delayed; 4 or more occurs.
	odds := r.StrikeOdds(3)
	if !near(odds["lost"], 1.0/6) || !near(odds["cancelled"], 0) || !near(odds["delayed"], 2.0/6) || !near(odds["occurs"], 3.0/6) {
		t.Errorf("StrikeOdds(3) = %v", odds)
	}
}

func TestStrikeLanding(t *testing.T) {
	r := Default()
	aim := Point{10, 10}
	if at := r.StrikeLanding(scripted(3, 2), "heavy", aim, 0); at != aim {
		t.Errorf("a 1-2 lands where placed, not %v", at)
	}
	if at := r.StrikeLanding(scripted(1, 4), "light", aim, 0); math.Abs(at.Dist(aim)-4) > 1e-9 {
		t.Errorf("light strike deviated %g, want 4", at.Dist(aim))
	}
	if at := r.StrikeLanding(scripted(1, 6, 3), "heavy", aim, 0); math.Abs(at.Dist(aim)-18) > 1e-9 {
		t.Errorf("heavy strike with 6 then 3 deviated %g, want (6 + 3) x 2", at.Dist(aim))
	}
}

func TestResolveStrikeMatchesItsOdds(t *testing.T) {
	r := Default()
	d := Seeded(15)
	const n = 50000
	for _, cmd := range []int{0, 2, 4} {
		odds := r.StrikeOdds(cmd)
		keys := []string{"lost", "cancelled", "delayed", "occurs"}
		probs := make([]float64, len(keys))
		counts := make([]int, len(keys))
		for i, k := range keys {
			probs[i] = odds[k]
		}
		for range n {
			e := r.ResolveStrike(d, cmd).Effect
			for i, k := range keys {
				if k == e {
					counts[i]++
				}
			}
		}
		checkCounts(t, "strike resolution", probs, counts, n)
	}
	counts := map[string]int{}
	for range 6000 {
		counts[r.CloudDissipation(d)]++
	}
	if counts["drift"] == 0 || counts["remain"] == 0 || counts["dissipate"] == 0 {
		t.Errorf("cloud dissipation %v", counts)
	}
}
