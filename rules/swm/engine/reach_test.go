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
