package engine

import (
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// linesClear is line of sight from p's space to q's worked out the plain way: every line
// between their points against every wall in the box, each clipped (plainHits).
func linesClear(v *view, p Point, ps int, q Point, qs int) bool {
	walls := v.blockersIn(nil, p, ps, q, qs)
	for _, a := range spacePoints(p, ps) {
	line:
		for _, c := range spacePoints(q, qs) {
			for _, w := range walls {
				if plainHits(w, a[0], a[1], c[0], c[1]) {
					continue line
				}
			}
			return true
		}
	}
	return false
}

// The shared sight table answers what the lines answer, both ways, on the assault map with
// two of its doors open; and a battle keeps, for a pair whose two ways differ by rounding,
// the answer of the way it asked first, as its own cache did before the table.
func TestSightTableIsTheLinesBothWays(t *testing.T) {
	m, _ := Scenario("assault")
	ter := terrainOf(m)
	open := []bool{true, false, false, false, true, false}
	v := ter.view(open)
	var spaces []spaceAt
	for y := 0; y < m.H; y += 2 {
		for x := 0; x < m.W; x += 3 {
			spaces = append(spaces, spaceAt{Point{x, y}, 1}, spaceAt{Point{min(x, m.W-2), y}, 2})
		}
	}
	odd := [2]spaceAt{{Point{4, 9}, 1}, {Point{11, 15}, 2}} // rounding decides a corner
	spaces = append(spaces, odd[0], odd[1])
	for i, a := range spaces {
		for _, b := range spaces[i:] {
			pq, qp, _ := v.los(a.p, a.size, b.p, b.size)
			if want := linesClear(v, a.p, a.size, b.p, b.size); pq != want {
				t.Errorf("%v/%d to %v/%d: table %v, lines %v", a.p, a.size, b.p, b.size, pq, want)
			}
			if want := linesClear(v, b.p, b.size, a.p, a.size); qp != want {
				t.Errorf("%v/%d from %v/%d: table %v, lines %v", a.p, a.size, b.p, b.size, qp, want)
			}
		}
	}
	pq, qp, _ := v.los(odd[0].p, 1, odd[1].p, 2)
	if pq == qp {
		t.Fatalf("the pair %v, %v no longer differs by the way it is looked: choose another", odd[0], odd[1])
	}
	tr := house("Test Trooper", 5, 10, 10, 0, 10)
	for _, first := range []bool{false, true} {
		b := newBattle(t, m, squad("A", tr), squad("B", tr))
		for i, o := range open {
			if o {
				b.setDoor(ter.doors[i], true)
			}
		}
		want := pq
		if first {
			want = qp
			if got := b.los(odd[1].p, 2, odd[0].p, 1); got != want {
				t.Errorf("asked back first: %v, want %v", got, want)
			}
		}
		for range 2 {
			if got, back := b.los(odd[0].p, 1, odd[1].p, 2), b.los(odd[1].p, 2, odd[0].p, 1); got != want || back != want {
				t.Errorf("asked back first %v: %v and %v, want %v both ways", first, got, back, want)
			}
		}
	}
}

// plainHits is Liang-Barsky as the engine first wrote it (hits), touching counted.
func plainHits(s Point, x0, y0, x1, y1 float64) bool {
	lo, hi := float64(s.X), float64(s.X+1)
	blo, bhi := float64(s.Y), float64(s.Y+1)
	t0, t1 := 0.0, 1.0
	dx, dy := x1-x0, y1-y0
	for _, c := range [4][2]float64{{-dx, x0 - lo}, {dx, hi - x0}, {-dy, y0 - blo}, {dy, bhi - y0}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = max(t0, r)
		} else {
			t1 = min(t1, r)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

type spaceAt struct {
	p    Point
	size int
}

// Battles in parallel goroutines share the tables (a quick-resolve's do): each plays as it
// does alone. (go test -race checks the sharing too.)
func TestBattlesShareTablesInParallel(t *testing.T) {
	a, b := load(t, "../testdata/assault-rebel.yaml"), load(t, "../testdata/assault-imperial.yaml")
	play := func(i uint64) string {
		m, _ := Scenario("assault")
		r, err := Play(m, a, b, rand.New(rand.NewPCG(11, i)), true)
		if err != nil {
			t.Error(err)
			return ""
		}
		return strings.Join(r.Log, "\n")
	}
	const n = 8
	var together [n]string
	var wg sync.WaitGroup
	for i := range uint64(n) {
		wg.Go(func() { together[i] = play(i) })
	}
	wg.Wait()
	for i := range uint64(n) {
		if alone := play(i); alone != together[i] {
			t.Errorf("battle %d played beside others differs from the battle alone", i)
		}
	}
}
