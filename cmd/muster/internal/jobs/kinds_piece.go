package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"

	"github.com/riverqueue/river"

	"muster/cmd/muster/internal/faults"
	"muster/db"
	"muster/rules/battle"
)

// pieceKind is a row played in one piece by playIt (a what-if, a search for what to bring,
// a fairness test, another system's quick-resolve: each step depends on the ones before),
// its result shown at result + its id: its progress told twice a second (the battles
// played), and stopped when it is cancelled.
type pieceKind struct {
	j      *Jobs
	playIt func(ctx context.Context, progress func(done int)) (any, error)
	result string
}

func (k *pieceKind) parts(m db.Matchup) []battle.ChunkOptions {
	return []battle.ChunkOptions{{First: 0, Count: m.Battles}}
}
func (k *pieceKind) window() int { return 1 }

func (k *pieceKind) play(ctx context.Context, m db.Matchup, first, count int) ([]byte, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var done atomic.Int64
	go k.j.follow(ctx, m.ID, &done, cancel)
	res, err := k.playIt(ctx, func(d int) { done.Store(int64(d)) })
	if ctxErr := ctx.Err(); ctxErr != nil {
		// Cancelled, or the worker stopping: not a fault of the request, and what was
		// played (a search cut short) is not its answer, so nothing is saved.
		return nil, ctxErr
	}
	if err != nil && !faults.Is(err) {
		// What the web checked before queuing, found wrong here: played again, it would
		// be wrong again.
		_ = k.j.store.FailMatchup(ctx, m.ID, "Muster could not play this "+nounOf(m.Kind)+": "+err.Error()+".")
		return nil, river.JobCancel(err)
	}
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

func (k *pieceKind) finish(ctx context.Context, m db.Matchup) error {
	bodies, err := k.j.store.Chunks(ctx, m.ID)
	if err != nil {
		return err
	}
	if len(bodies) != 1 {
		return fmt.Errorf("jobs: %s %s has %d parts saved, not 1", m.Kind, m.ID, len(bodies))
	}
	_, err = k.j.store.CompleteMatchupWith(ctx, m.ID, nil, func([]db.Sim) (string, []byte, error) {
		return k.result + m.ID, bodies[0], nil
	})
	return err
}
