package engine

import (
	"math/rand/v2"
	"os"
	"sync"
	"testing"
)

// cornerLines.covered, testing each line only against the obstacles it passes (rows as
// bits, hitsRows), answers as covered over the whole list of the box's obstacles
// (obstList, as gather made it before the rows) does: for
// every corner of an attacker's space against a target's, on every built-in map with
// every door state its doors make. A sample of pairs of spaces by default, every pair
// with MUSTER_SIGHT_FULL=1 (as TestSeesIsTheReference).
func TestCoveredRowsIsTheList(t *testing.T) {
	full := os.Getenv("MUSTER_SIGHT_FULL") != ""
	for _, name := range Scenarios() {
		m, _ := Scenario(name)
		ter := terrainOf(m)
		var spaces []spaceAt
		for y := range m.H {
			for x := range m.W {
				for s := 1; s <= maxSpace; s++ {
					if x+s <= m.W && y+s <= m.H {
						spaces = append(spaces, spaceAt{Point{x, y}, s})
					}
				}
			}
		}
		work := make(chan int)
		var wg sync.WaitGroup
		for range 2 {
			wg.Go(func() {
				for st := range work {
					coverState(t, full, name, ter, spaces, st)
				}
			})
		}
		for st := range 1 << len(ter.doors) {
			work <- st
		}
		close(work)
		wg.Wait()
	}
}

// coverState is TestCoveredRowsIsTheList for one door state (st, a door a bit).
func coverState(t *testing.T, full bool, name string, ter *terrain, spaces []spaceAt, st int) {
	open := make([]bool, len(ter.doors))
	for i := range open {
		open[i] = st&(1<<i) != 0
	}
	v := ter.view(open)
	check := func(a, b spaceAt) {
		var cl cornerLines
		cl.init(v, a.p, a.size, b.p, b.size)
		cl.gather()
		if len(cl.rows) == 0 {
			t.Errorf("%s: no rows to test", name)
			return
		}
		obst := cl.obstList(nil)
		for cy := a.p.Y; cy <= a.p.Y+a.size; cy++ {
			for cx := a.p.X; cx <= a.p.X+a.size; cx++ {
				got := cl.covered(float64(cx), float64(cy))
				if want := covered(obst, cl.tsq, float64(cx), float64(cy)); got != want {
					t.Errorf("%s, doors %b: corner (%d, %d) of %v/%d to %v/%d: rows %v, list %v",
						name, st, cx, cy, a.p, a.size, b.p, b.size, got, want)
				}
			}
		}
	}
	if full {
		for _, a := range spaces {
			for _, b := range spaces {
				check(a, b)
			}
		}
		return
	}
	r := rand.New(rand.NewPCG(uint64(st), 16))
	for range 300 {
		check(spaces[r.IntN(len(spaces))], spaces[r.IntN(len(spaces))])
	}
}
