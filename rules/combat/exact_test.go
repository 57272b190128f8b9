package combat

import "testing"

func TestDistArithmetic(t *testing.T) {
	die := Dist{Lo: 1, P: []float64{1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}}
	two := Convolve(die, die)
	if two.Lo != 2 || two.Hi() != 12 || !near(two.At(7), 6.0/36) || !near(two.AtLeast(11), 3.0/36) || !near(two.Mean(), 7) {
		t.Errorf("2d6: lo %d hi %d P(7) %g P(>=11) %g mean %g", two.Lo, two.Hi(), two.At(7), two.AtLeast(11), two.Mean())
	}
	diff := Difference(die, die)
	if diff.Lo != -5 || !near(diff.At(0), 1.0/6) || !near(diff.Below(0), 15.0/36) || !near(diff.Mean(), 0) {
		t.Errorf("d6 - d6: lo %d P(0) %g P(<0) %g", diff.Lo, diff.At(0), diff.Below(0))
	}
	mix := Certain(1).Scale(0.25).Plus(Certain(4).Scale(0.75))
	if !near(mix.At(1), 0.25) || !near(mix.At(2), 0) || !near(mix.At(4), 0.75) || !near(mix.Total(), 1) {
		t.Errorf("mixture %v", mix)
	}
	if got := die.Map(func(x int) int { return x / 2 }); !near(got.At(0), 1.0/6) || !near(got.At(3), 1.0/6) || !near(got.At(1), 2.0/6) {
		t.Errorf("map %v", got)
	}
	if b := binomial(3, 0.5); !near(b[0], 0.125) || !near(b[2], 0.375) {
		t.Errorf("binomial(3, 1/2) = %v", b)
	}
}

// MarginDist and WinOdds: equal modifiers win, tie and lose as 3/7, 1/7, 3/7; a +3 edge
// needs the other side's roll to beat it by more than 3.
func TestOpposedOdds(t *testing.T) {
	win, tie, lose := WinOdds(3, 3)
	if !near(win, 3.0/7) || !near(tie, 1.0/7) || !near(lose, 3.0/7) {
		t.Errorf("equal: %g %g %g", win, tie, lose)
	}
	odds, err := OpposedOdds(Default().Tables.Damage, 4, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := Default().DamageOdds(4, 3)
	for i := range odds {
		if !near(odds[i], want[i]) {
			t.Errorf("row %d: %g, want %g", i, odds[i], want[i])
		}
	}
	d := Seeded(16)
	checkDist(t, "opposed margin", MarginDist(2, 5), 100000, func() int {
		a, b := Opposed(d, 2, 5)
		return a - b
	})
}

func TestStraightTestOddsByHand(t *testing.T) {
	cases := []struct {
		skill, diff int
		want        float64
	}{
		{3, 6, 4.0 / 6},              // 3, 4, 5 or a six
		{3, 8, 2.0 / 6},              // 5 or a six
		{3, 9, 1.0 / 6},              // a six
		{3, 10, 1.0 / 6},             // a six (6 + at least 1)
		{3, 11, 1.0 / 6 * 5.0 / 6},   // a six then 2 or more
		{6, 6, 5.0 / 6},              // anything but a bomb-out
		{0, 20, 5.0 / 6 / 6 / 6 / 6}, // 6, 6, 6, then 2 or more (18 + 2)
	}
	for _, c := range cases {
		if got := TestOdds(c.skill, c.diff); !near(got, c.want) {
			t.Errorf("TestOdds(%d, %d) = %.12f, want %.12f", c.skill, c.diff, got, c.want)
		}
	}
	d := Seeded(17)
	const n = 60000
	for _, c := range cases[:5] {
		p := TestOdds(c.skill, c.diff)
		var counts [2]int
		for range n {
			counts[boolInt(Test(d, c.skill, c.diff))]++
		}
		checkCounts(t, "straight test", []float64{1 - p, p}, counts[:], n)
	}
}
