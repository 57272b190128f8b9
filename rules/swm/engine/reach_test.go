package engine

import (
	"slices"
	"testing"
)

// A search stopped at each cost and gone on with is the search run through, and the
// levels afterAttack reads are the same from a search just begun, one stopped part way,
// and one finished (a question asked again with nothing moved is answered by the search
// kept from the first time).
func TestReachSettledByLevelsIsTheWholeSearch(t *testing.T) {
	m := field(t,
		"aao...#...",
		".o~...#...",
		"......#...",
		"..........",
		"...o~~....",
		".........b",
	)
	trooper := house("Test Trooper", 5, 10, 10, 0, 10)
	b := newBattle(t, m, squad("A", trooper, trooper), squad("B", trooper))
	c, ally, foe := b.char(t, "[A] Test Trooper 1"), b.char(t, "[A] Test Trooper 2"), b.char(t, "[B] Test Trooper")
	b.put(c, Point{1, 2})
	b.put(ally, Point{2, 3})
	b.put(foe, Point{4, 2})
	const budget = 8

	whole := b.reachable(c, budget)
	cost, prov, prev := slices.Clone(whole.cost), slices.Clone(whole.prov), slices.Clone(whole.prev)
	levels := func() [][]int {
		r := b.startReach(c, budget)
		var out [][]int
		from := 0
		for cost := 1; cost <= budget; cost++ {
			out = append(out, slices.Clone(b.level(r, cost, &from, nil)))
		}
		return out
	}
	kept := levels() // the finished search, kept for the question
	b.moved()        // nothing moves, but the question is new: a search begun afresh
	fresh := levels()
	if !slices.EqualFunc(kept, fresh, slices.Equal) {
		t.Errorf("levels from the finished search %v, from a new one %v", kept, fresh)
	}
	r := b.startReach(c, budget) // finished now: levels() went to the budget
	if !slices.Equal(r.cost, cost) || !slices.Equal(r.prov, prov) || !slices.Equal(r.prev, prev) {
		t.Errorf("the search settled a cost at a time differs from the search run through")
	}
	n := 0
	for _, l := range fresh {
		n += len(l)
	}
	if n == 0 {
		t.Fatal("no square reached: the test's map is wrong")
	}
}

// markEnemies' ring is touching's answer for every position, for movers and enemies of
// each size, at the map's edges and inside it.
func TestMarkEnemiesRingIsTouching(t *testing.T) {
	rows := []string{
		"a.........",
		"..........",
		"..........",
		"..........",
		"..........",
		"..........",
		".........b",
	}
	for _, size := range []int{1, 2, 3} {
		for _, esize := range []int{1, 2, 3} {
			c := house("Test Mover", 5, 10, 10, 0, 10)
			e := house("Test Enemy", 5, 10, 10, 0, 10)
			b := newBattle(t, field(t, rows...), squad("A", c), squad("B", e))
			mover, foe := b.char(t, "[A] Test Mover"), b.char(t, "[B] Test Enemy")
			b.lift(mover)
			b.lift(foe)
			mover.Size, foe.Size = size, esize
			for _, at := range []Point{{0, 0}, {4, 3}, {10 - esize, 7 - esize}, {1, 5 - esize}, {9 - esize, 2}, {1, 1}} {
				foe.Pos = at
				b.place(foe)
				b.markEnemies(mover)
				b.lift(foe)
				for y := range b.m.H {
					for x := range b.m.W {
						want := touching(Point{x, y}, size, foe.Pos, foe.Size)
						if got := b.marks[y*b.m.W+x]&markNext != 0; got != want {
							t.Errorf("mover %d, enemy %d at %v: position (%d,%d) marked %v, touching %v", size, esize, at, x, y, got, want)
						}
					}
				}
			}
		}
	}
}
