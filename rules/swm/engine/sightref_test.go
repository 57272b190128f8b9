package engine

import (
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
)

// The sight the engine worked out before the quick proofs of sightcut.go, kept as the
// reference that sees must answer exactly as (both ways, rounding and all):
// TestSeesIsTheReference. Its lines against squares are lines.go's (segment.hits, clip),
// which sees still uses.

// refSees is sees as it was: it works out line of sight (los) both ways: from p's space to q's, and back.
func refSees(v *view, p Point, ps int, q Point, qs int) (pq, qp bool) {
	var buf [64]Point
	walls := v.blockersIn(buf[:0], p, ps, q, qs)
	if len(walls) == 0 {
		return true, true
	}
	from, to := spacePoints(p, ps), spacePoints(q, qs)
	// Neighbouring lines are mostly stopped by the same wall: the walls that stopped the last
	// lines are tried first, so that a space out of sight costs a test or two a line. Where
	// every line's answer is sure (farther than rounding from a wall's edge), it is the same
	// from either end, and so is the answer; otherwise the way back is worked out too.
	// A wall that surely stops the lines between the spaces' corners stops every line
	// between them: the points a line from a point can reach through a square (its shadow)
	// make a convex set, and the other points lie between the corners. Most spaces out of
	// sight are behind one wall, tried first: the one across the line between the centres.
	l := line(from[0][0], from[0][1], to[0][0], to[0][1])
	if w, ok := l.blocker(walls, false); w >= 0 && ok {
		shut := true
		for _, i := range corners {
			if !refShuts(walls[w], from[i], to) {
				shut = false
				break
			}
		}
		if shut {
			return false, false
		}
	}
	var stopper [81]int
	last, before, clear, sure := 0, 0, -1, true
	for k := range 81 {
		a, c := from[k/9], to[k%9]
		l := line(a[0], a[1], c[0], c[1])
		if hit, ok := l.hits(walls[last], false); hit {
			stopper[k] = last
			sure = sure && ok
			continue
		}
		if hit, ok := l.hits(walls[before], false); hit {
			// The wall before the last one (the lines round a corner of two walls).
			stopper[k], last, before = before, before, last
			sure = sure && ok
			continue
		}
		i, ok := l.blocker(walls, false)
		sure = sure && ok
		if i < 0 {
			clear = k
			break
		}
		stopper[k], last, before = i, i, last
	}
	if sure {
		return clear >= 0, clear >= 0
	}
	if clear >= 0 {
		a, c := from[clear/9], to[clear%9]
		back := line(c[0], c[1], a[0], a[1])
		if i, _ := back.blocker(walls, false); i < 0 {
			return true, true
		}
		stopper[clear] = 0
		for k := clear + 1; k < 81; k++ {
			stopper[k] = 0
		}
	}
	for k := range 81 {
		a, c := from[k/9], to[k%9]
		l := line(c[0], c[1], a[0], a[1])
		if hit, _ := l.hits(walls[stopper[k]], false); hit {
			continue
		}
		if i, _ := l.blocker(walls, false); i < 0 {
			return clear >= 0, true
		}
	}
	return clear >= 0, false
}

// refShuts reports that the wall surely stops the lines from a to the corners of the other
// space's points, and so to all of them (sees).
func refShuts(w Point, a [2]float64, to [9][2]float64) bool {
	var l segment
	for _, j := range corners {
		l.set(a[0], a[1], to[j][0], to[j][1])
		if hit, ok := l.hits(w, false); !hit || !ok {
			return false
		}
	}
	return true
}

// TestSeesIsTheReference compares sees with refSees over pairs of spaces (every size a
// table holds) of every built-in map, with every door state its doors make: a sample of
// pairs by default, every pair with MUSTER_SIGHT_FULL=1 (some minutes on two cores):
//
//	MUSTER_SIGHT_FULL=1 go test -count=1 -run TestSeesIsTheReference -timeout 60m ./rules/swm/engine/
func TestSeesIsTheReference(t *testing.T) {
	full := os.Getenv("MUSTER_SIGHT_FULL") != ""
	for _, name := range Scenarios() {
		m, _ := Scenario(name)
		ter := terrainOf(m)
		// The spaces in the order Battle.los puts a pair in: by row, column, then size.
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
		states := 1 << len(ter.doors)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var bad []string
		work := make(chan int)
		for range 2 {
			wg.Go(func() {
				for st := range work {
					open := make([]bool, len(ter.doors))
					for i := range open {
						open[i] = st&(1<<i) != 0
					}
					v := ter.view(open)
					check := func(a, b spaceAt) {
						pq, qp := v.sees(a.p, a.size, b.p, b.size)
						wpq, wqp := refSees(v, a.p, a.size, b.p, b.size)
						if pq != wpq || qp != wqp {
							mu.Lock()
							bad = append(bad, fmt.Sprintf("%s, doors %06b: %v/%d and %v/%d: sees %v %v, reference %v %v",
								name, st, a.p, a.size, b.p, b.size, pq, qp, wpq, wqp))
							mu.Unlock()
						}
					}
					if full {
						for i, a := range spaces {
							for _, b := range spaces[i:] {
								check(a, b)
							}
						}
						continue
					}
					r := rand.New(rand.NewPCG(uint64(st), 28))
					for range 1500 {
						i, j := r.IntN(len(spaces)), r.IntN(len(spaces))
						check(spaces[min(i, j)], spaces[max(i, j)])
					}
				}
			})
		}
		for st := range states {
			work <- st
		}
		close(work)
		wg.Wait()
		for i, b := range bad {
			if i == 20 {
				t.Errorf("and %d more", len(bad)-20)
				break
			}
			t.Error(b)
		}
	}
}
