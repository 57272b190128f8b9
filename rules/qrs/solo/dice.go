package solo

import (
	"math/rand/v2"

	"muster/rules/qrs"
)

// NextDice is the dice of the game's next step: a generator seeded from the game's seed and
// its step counter, which it counts up. The same step of the same game always rolls the same,
// so a saved game replays, a reload never rerolls, and undoing a step and taking it again
// gives the dice it gave before (undo is not a reroll).
func (st *State) NextDice() qrs.Dice {
	rng := rand.New(rand.NewPCG(st.Seed, st.Step))
	st.Step++
	return qrs.DiceFunc(func(n int) int { return rng.IntN(n) + 1 })
}
