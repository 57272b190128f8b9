package web

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"muster/rules/battle"
	"muster/views"
)

// replayPickMax bounds the battles the replay page plays again to pick battles by outcome:
// a matchup of more is picked among its first replayPickMax (the page says so). About 60 ms
// of CPU for the reference armies, once per matchup and process: the picks are kept
// (replayPicks), as a matchup's battles never change.
const replayPickMax = 200

// replayPicked is what the replay page shows of a matchup's battles picked by outcome.
type replayPicked struct {
	picks []views.ReplayPick
	note  string
}

// battleOutcomes plays battles 0 to n-1 of a matchup again (battle i with
// battle.BattleSeed(master, i), without a log, as the matchup played them) on as many
// goroutines as there are CPUs, and returns what each came to, in order. It stops with
// ctx's error when ctx is cancelled, and with a *battle.BattleError when a battle panics.
// Nothing is kept between requests.
func battleOutcomes(ctx context.Context, field *battle.Field, a, b *battle.Force, master uint64, n int) ([]views.BattleOutcome, error) {
	out := make([]views.BattleOutcome, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	var failMu sync.Mutex
	var failed error
	var stop atomic.Bool
	fail := func(err error) {
		failMu.Lock()
		defer failMu.Unlock()
		if failed == nil {
			failed = err
		}
		stop.Store(true)
	}
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := 0
			defer battle.RecoverBattle(field, master, &i, fail)
			bt := battle.New(field, a, b)
			for ctx.Err() == nil && !stop.Load() {
				i = int(next.Add(1) - 1)
				if i >= n {
					return
				}
				r := bt.Play(battle.BattleSeed(master, uint64(i)), nil)
				out[i] = views.BattleOutcome{Index: i, Winner: r.Winner, VP: r.VP, Turns: r.Turns}
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return nil, failed
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
