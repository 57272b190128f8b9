package solo

import (
	"math/big"

	"muster/rules/qrs"
)

// GenerationOdds are the exact chances of each force enemy force generation can bring for
// a sighting ("nothing" among them), with the figures of pool (nil: enough for anything)
// and the option preferred where the table offers a choice: every way the dice can fall,
// as muster qrs generate and the odds page show them.
func GenerationOdds(s Sighting, pool Pool, prefer string) (map[string]*big.Rat, error) {
	return qrs.Enumerate(func(d qrs.Dice) string {
		o, _ := Generate(s, pool, prefer, d)
		if o.Force == "" {
			return "nothing"
		}
		return o.Force
	})
}
