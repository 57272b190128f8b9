package combat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// scripted dice replay the faces given, in order.
func scripted(faces ...int) *Dice { return &Dice{script: faces} }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// Chapter One, "Bomb-Outs": "Whenever a player rolls a 1 when making a roll, he bombs out.
// His score is 0, and no modifiers are applied to it."
func TestBombOutScoresZeroWithoutModifiers(t *testing.T) {
	roll := scripted(1).Roll()
	if roll != 0 || !BombedOut(roll) {
		t.Fatalf("a first 1 rolled %d, want the bomb-out's 0", roll)
	}
	// The Rebel's Strength of 3 is not added: "his final score would be 0".
	if s := Score(roll, 3); s != 0 {
		t.Errorf("bomb-out with Strength 3 scores %d, want 0", s)
	}
	// "If the stormtrooper had also rolled a 1 ... the two rolls would be tied."
	if Score(scripted(1).Roll(), 4) != Score(scripted(1).Roll(), 3) {
		t.Error("two bomb-outs should tie at 0")
	}
}

// Chapter One, "Rollovers": the Rebel rolls 6, 6 and 1 with Strength 3: "His final score is
// 16 ... plus his rolls of 6, 6, and 1." Ones rolled during rollovers are not bomb-outs.
func TestRolloverAddsAndLateOnesCount(t *testing.T) {
	d := scripted(6, 6, 1)
	if s := Score(d.Roll(), 3); s != 16 {
		t.Errorf("6, 6, 1 with Strength 3 scored %d, want 16", s)
	}
	if tot, used := Read(6, 6, 1, 5); tot != 13 || used != 3 {
		t.Errorf("Read(6, 6, 1, 5) = %d using %d dice, want 13 using 3", tot, used)
	}
	if tot, used := Read(1, 6); tot != 0 || used != 1 {
		t.Errorf("Read(1, 6) = %d using %d, want the bomb-out 0 using 1", tot, used)
	}
}

// Chapter One, "Opposed Tests": blaster pistol (Damage Strength 4) rolls 3 for 7; the Rebel
// (Strength 3) rolls 2 for 5: the Rebel is wounded.
func TestOpposedTestExample(t *testing.T) {
	ds, sr := Opposed(scripted(3, 2), 4, 3)
	if ds != 7 || sr != 5 {
		t.Fatalf("scores %d and %d, want 7 and 5", ds, sr)
	}
	if h := Default().harm(ds - sr); h != Wound {
		t.Errorf("7 against 5 is %v, want a wound", h)
	}
}

// Roll reads the faces rolled ahead sixteen at a time; the totals it reads off must be the
// Chapter One rule (Read) applied to the same faces, in the order they are used.
func TestRollReadsFacesRolledAhead(t *testing.T) {
	order := []int{6, 1, 1, 6, 6, 2, 5, 3, 6, 6, 6, 4, 2, 1, 6, 3}
	d := Seeded(1)
	for i, f := range order {
		d.faces[len(order)-1-i] = uint8(f)
	}
	d.ahead(len(order))
	for rest := order; len(rest) > 0; {
		want, used := Read(rest...)
		if got := d.Roll(); got != want {
			t.Fatalf("faces %v: Roll = %d, want %d", rest[:used], got, want)
		}
		rest = rest[used:]
	}
	if d.left != 0 {
		t.Errorf("%d faces left over", d.left)
	}
	// A run of sixes at the bottom continues with fresh faces.
	d.faces[1], d.faces[0] = 5, 6
	d.ahead(2)
	d.Roll()
	if got := d.Roll(); got < 7 {
		t.Errorf("a six at the end of the faces rolled ahead gave %d, want 6 plus a rollover", got)
	}
}

func TestSeededDiceRepeat(t *testing.T) {
	a, b := Seeded(42), Seeded(42)
	for i := range 1000 {
		if x, y := a.Roll(), b.Roll(); x != y {
			t.Fatalf("roll %d: %d and %d from the same seed", i, x, y)
		}
	}
	c := NewDice(rand.NewPCG(42, 1))
	same := true
	for range 100 {
		if c.D6() != a.D6() {
			same = false
		}
	}
	if same {
		t.Error("a different PCG stream gave the same rolls")
	}
}

// The open-ended die's odds, computed by hand.
func TestRollDistByHand(t *testing.T) {
	r := RollDist()
	sixth := 1.0 / 6
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"P(bomb-out)", r.At(0), sixth},
		{"P(total 1)", r.At(1), 0}, // a first 1 is a bomb-out
		{"P(total 5)", r.At(5), sixth},
		{"P(total 6)", r.At(6), 0}, // a six always rolls again
		{"P(total 7) = 6 then 1", r.At(7), sixth * sixth},
		{"P(total 13) = 6, 6, 1", r.At(13), sixth * sixth * sixth},
		{"P(total >= 6) = the first six", r.AtLeast(6), sixth},
		{"P(total >= 8) = 6 then 2 or more", r.AtLeast(8), sixth * 5 * sixth},
		{"P(total >= 14) = 6, 6, then 2 or more", r.AtLeast(14), sixth * sixth * 5 * sixth},
		// E[rollover] R = 15/6 + (6 + R)/6, so R = 4.2; E[roll] = 14/6 + (6 + 4.2)/6.
		{"E[roll]", r.Mean(), 14.0/6 + 10.2/6},
		{"E[rollover die]", RolloverDist().Mean(), 4.2},
		{"total probability", r.Total(), 1},
	}
	for _, c := range cases {
		if !near(c.got, c.want) {
			t.Errorf("%s = %.15g, want %.15g", c.name, c.got, c.want)
		}
	}
	// Truncation drops only values less likely than Epsilon.
	if p := r.P[len(r.P)-1]; p < Epsilon {
		t.Errorf("the last stored value has probability %g, below the %g truncation", p, Epsilon)
	}
	if 1-r.Total() > 1e-11 {
		t.Errorf("truncation lost %g", 1-r.Total())
	}
}

func TestRollMatchesItsDistribution(t *testing.T) {
	d := Seeded(1)
	checkDist(t, "open-ended die", RollDist(), 200000, d.Roll)
	checkDist(t, "rollover die", RolloverDist(), 100000, d.Rollover)
	checkDist(t, "score with skill 4", ScoreDist(4), 100000, func() int { return Score(d.Roll(), 4) })
	checkDist(t, "score with -3", ScoreDist(-3), 100000, func() int { return Score(d.Roll(), -3) })
	uniform := Dist{Lo: 1, P: []float64{1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6}}
	checkDist(t, "plain die", uniform, 60000, d.D6)
	seven := make([]float64, 7)
	for i := range seven {
		seven[i] = 1.0 / 7
	}
	checkDist(t, "IntN(7)", Dist{P: seven}, 70000, func() int { return d.IntN(7) })
}

func BenchmarkRoll(b *testing.B) {
	d := Seeded(1)
	s := 0
	defer reportCPU(b)()
	for b.Loop() {
		s += d.Roll()
	}
	sink = s
}

func BenchmarkD6(b *testing.B) {
	d := Seeded(1)
	s := 0
	defer reportCPU(b)()
	for b.Loop() {
		s += d.D6()
	}
	sink = s
}

var sink int

// TestReseedRepeatsTheRolls: a reseeded Dice rolls exactly what a freshly Seeded one does,
// and Faces counts the faces used.
func TestReseedRepeatsTheRolls(t *testing.T) {
	a := Seeded(42)
	var first []int
	for range 100 {
		first = append(first, a.Roll())
	}
	a.Reseed(42)
	b := Seeded(42)
	for i := range 100 {
		x, y := a.Roll(), b.Roll()
		if x != y || x != first[i] {
			t.Fatalf("roll %d: reseeded %d, seeded %d, first %d", i, x, y, first[i])
		}
	}
	if a.Faces() != b.Faces() || a.Faces() < 100 {
		t.Fatalf("Faces: %d and %d after 100 rolls", a.Faces(), b.Faces())
	}
	d := Seeded(7)
	for range 10 {
		d.D6()
	}
	if d.Faces() != 10 {
		t.Fatalf("10 D6: Faces %d", d.Faces())
	}
}
