package battle

import (
	"fmt"
	"runtime/debug"
)

// A panic in a battle is a fault in the engine, found by one seed. Matchups play their
// battles on goroutines of their own (PlayChunk, the what-if), where no caller's recover
// reaches: unrecovered, one battle's panic would end the whole process, and every other
// player's matchup in it. So each battle is played under a recover that turns the panic
// into a *BattleError naming the battle, which fails the matchup it is in, and only that.

// BattleError is a battle that stopped with a panic. It names the battle (the matchup's
// seed and the battle's index, so its own seed) so that it can be played again alone.
type BattleError struct {
	Scenario string // the scenario's id
	Seed     uint64 // the matchup's master seed
	Index    int    // the battle's index in the matchup
	Value    any    // what the battle panicked with
	Stack    []byte // where, for the server's log (never shown to a player)
}

// BattleSeed is the seed the battle was played with: muster battle --seed plays it again.
func (e *BattleError) BattleSeed() uint64 { return BattleSeed(e.Seed, uint64(e.Index)) }

func (e *BattleError) Error() string {
	return fmt.Sprintf("battle %d of the matchup with seed %d failed: %v; replay it with muster battle --scenario %s --seed %d A.yaml B.yaml",
		e.Index, e.Seed, e.Value, e.Scenario, e.BattleSeed())
}

// RecoverBattle, deferred by a goroutine that plays a matchup's battles, turns a panic into
// the *BattleError of battle *at (the battle it was playing, or about to set up) and hands
// it to fail; without a panic it does nothing. The goroutine's Battle is not to be played
// again after it (its state is wherever the panic left it).
func RecoverBattle(field *Field, master uint64, at *int, fail func(error)) {
	if v := recover(); v != nil {
		fail(&BattleError{Scenario: field.Scenario.ID, Seed: master, Index: *at, Value: v, Stack: debug.Stack()})
	}
}
