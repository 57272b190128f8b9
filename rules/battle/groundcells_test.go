package battle

import (
	"math/rand/v2"
	"testing"
)

// TestGroundSquaresGiveTheGroundOfEveryArea: at, hillAt and impassableAt answer from the
// square inch a point lies in where the ground is the same all over it (groundcells.go);
// they must answer as testing every area does, on every scenario's table and a tanglefoot one: points at random, on
// whole and half inches (where the scenarios' edges run), on the squares' own sides, and at
// the table's edges.
func TestGroundSquaresGiveTheGroundOfEveryArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 4))
	names := []string{"open-field", "open-field-at-night", "crystal-forest-of-goratak", "defending-the-bridge", "like-rats-in-a-trap"}
	for _, name := range names {
		f := scenario(t, name)
		uniform := 0
		for i := range 200000 {
			p := Point{X: rng.Float64() * f.W, Y: rng.Float64() * f.H}
			switch i % 5 {
			case 1:
				p.X = float64(rng.IntN(int(f.W)*2+1)) / 2
			case 2:
				p.Y = float64(rng.IntN(int(f.H)*2+1)) / 2
			case 3:
				p = Point{X: float64(rng.IntN(int(f.W)+1)) + 0.25, Y: float64(rng.IntN(int(f.H)+1)) + 0.25}
				p = Point{X: fmin(p.X, f.W), Y: fmin(p.Y, f.H)}
			case 4:
				p = Point{X: [3]float64{0, f.W, p.X}[rng.IntN(3)], Y: [3]float64{0, f.H, p.Y}[rng.IntN(3)]}
			}
			want := f.atNow(p)
			if got := f.at(p); got != want {
				t.Fatalf("%s: ground at %v: from the squares %+v, testing every area %+v", name, p, got, want)
			}
			if f.hillAt(p) != want.hill || f.impassableAt(p) != want.impassable {
				t.Fatalf("%s: at %v: hillAt %v, impassableAt %v; testing every area %+v", name, p, f.hillAt(p), f.impassableAt(p), want)
			}
			if f.groundAt(p).uniform {
				uniform++
			}
		}
		if uniform == 0 {
			t.Errorf("%s: no point fell in a square whose ground is known: the test proves nothing", name)
		}
	}
}
