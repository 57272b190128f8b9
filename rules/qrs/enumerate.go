package qrs

import (
	"fmt"
	"math/big"
)

// MaxOutcomes bounds Enumerate: a procedure with more dice paths than this is not one to
// count exactly.
const MaxOutcomes = 1 << 20

// Enumerate runs a procedure once for every sequence of die faces it can roll and adds up
// the exact probability of each result it returns. The procedure must roll the same dice
// for the same faces so far (every procedure of this package does). This is how the tests
// and the odds commands get exact distributions of procedures with branching dice (force
// generation with its 2d4, a random counter, fall-backs) without a hand-written formula.
func Enumerate(run func(Dice) string) (map[string]*big.Rat, error) {
	out := map[string]*big.Rat{}
	var path []int
	for n := 0; ; n++ {
		if n >= MaxOutcomes {
			return nil, fmt.Errorf("more than %d ways the dice can fall; too many to count exactly", MaxOutcomes)
		}
		var sides []int
		d := DiceFunc(func(s int) int {
			i := len(sides)
			sides = append(sides, s)
			if i < len(path) {
				return path[i]
			}
			path = append(path, 1)
			return 1
		})
		key := run(d)
		path = path[:len(sides)]
		p := big.NewRat(1, 1)
		for _, s := range sides {
			p.Mul(p, big.NewRat(1, int64(s)))
		}
		if out[key] == nil {
			out[key] = new(big.Rat)
		}
		out[key].Add(out[key], p)
		j := len(path) - 1
		for j >= 0 && path[j] >= sides[j] {
			j--
		}
		if j < 0 {
			return out, nil
		}
		path[j]++
		path = path[:j+1]
	}
}
