package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"muster/rules/battle"
)

// When a matchup's job keeps failing. River plays a failed job again, up to
// jobOptions.MaxAttempts times, then drops it: a matchup whose chunk or merge is dropped
// would stay "playing" for ever, and its owner, who may have one matchup playing at a time,
// could ask for no other. So the last failed try ends the matchup as failed, in words the
// owner can act on, and the error itself goes to the server's log.

// playChunk plays a chunk of battles.
func (j *simJobs) playChunk(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error) {
	if j.opt.play != nil {
		return j.opt.play(ctx, field, a, b, opt)
	}
	return battle.PlayChunk(ctx, field, a, b, opt)
}

// settle ends a job's work: a panic becomes an error (River plays the job again, as for any
// failure), and an error on the job's last try fails its matchup.
func (j *simJobs) settle(ctx context.Context, job *rivertype.JobRow, matchup string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
	}
	if *err == nil || job.Attempt < job.MaxAttempts {
		return
	}
	var cancel *river.JobCancelError
	if errors.As(*err, &cancel) {
		return // cancelled on purpose: the matchup is gone or has ended already
	}
	j.log.Error("a matchup's job failed on its last try", "matchup", matchup, "kind", job.Kind, "attempts", job.Attempt, "error", *err)
	why := fmt.Sprintf("Muster could not play this matchup: a part of it failed %d times in a row, which is a fault in Muster, "+
		"not in your armies. Ask for it again later; if it fails again, tell whoever runs this Muster (the server's log says what failed).",
		job.Attempt)
	if ferr := j.store.FailMatchup(context.WithoutCancel(ctx), matchup, why); ferr != nil {
		j.log.Error("unable to mark the matchup failed", "matchup", matchup, "error", ferr)
	}
}
