package battle

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
)

// A panic in one battle of a chunk, on one of the chunk's own goroutines, comes back as an
// error naming the battle (its index, the matchup's seed, and the muster battle command that
// plays it again), instead of ending the process; so does one in a whole matchup.
func TestAPanicInABattleIsAnErrorNamingIt(t *testing.T) {
	a, b := force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	field := scenario(t, "open-field")
	const seed = 77
	boom := func(i int) {
		if i == 37 {
			panic("the engine tripped")
		}
	}
	_, err := PlayChunk(context.Background(), field, a, b, ChunkOptions{Seed: seed, First: 30, Count: 20, Workers: 4, BeforeBattle: boom})
	var be *BattleError
	if !errors.As(err, &be) {
		t.Fatalf("PlayChunk: %v, want a *BattleError", err)
	}
	if be.Index != 37 || be.Seed != seed || be.Value != "the engine tripped" || len(be.Stack) == 0 {
		t.Errorf("the error names battle %d of seed %d (%v), want battle 37 of seed %d", be.Index, be.Seed, be.Value, seed)
	}
	for _, want := range []string{"battle 37 ", "seed 77", "the engine tripped",
		"muster battle --scenario open-field --seed " + strconv.FormatUint(BattleSeed(seed, 37), 10)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "goroutine") {
		t.Errorf("the error carries the stack: %q", err)
	}
	_, err = Simulate(context.Background(), field, a, b, SimOptions{Battles: 50, Seed: seed, Workers: 3, BeforeBattle: boom})
	if !errors.As(err, &be) || be.Index != 37 {
		t.Errorf("Simulate: %v, want battle 37's error", err)
	}
}
