package jobs

import (
	"context"
	"errors"
	"fmt"
	"muster/cmd/muster/internal/faults"
	"runtime/debug"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"muster/db"
	"muster/rules/battle"
)

// When a matchup's job fails. River plays a failed job again, up to Options.MaxAttempts
// times, then drops it: a matchup whose chunk or merge is dropped would stay "playing" for
// ever, and its owner, who may have one matchup playing at a time, could ask for no other.
// So the last failed try ends the matchup as failed, in words the owner can act on, and the
// error itself goes to the server's log. A panic (in a battle, or in the job itself) is a
// fault in Muster that plays out the same every time: its matchup fails at once, and the job
// is not tried again.

// playChunk plays a chunk of battles.
func (j *Jobs) playChunk(ctx context.Context, field *battle.Field, a, b *battle.Force, opt battle.ChunkOptions) (*battle.Chunk, error) {
	if j.opt.Play != nil {
		return j.opt.Play(ctx, field, a, b, opt)
	}
	opt.BeforeBattle = faults.BeforeBattle
	return battle.PlayChunk(ctx, field, a, b, opt)
}

// jobPanic is a panic in a job's own goroutine (outside the battles, which PlayChunk
// recovers into a *battle.BattleError).
type jobPanic struct {
	value any
	stack []byte
}

func (p *jobPanic) Error() string { return fmt.Sprintf("panic: %v", p.value) }

// settle ends a job's work: a panic, in a battle or in the job, fails its matchup at once
// (the job is cancelled, not tried again); another error on the job's last try fails it too.
func (j *Jobs) settle(ctx context.Context, job *rivertype.JobRow, matchup string, err *error) {
	if r := recover(); r != nil {
		*err = &jobPanic{value: r, stack: debug.Stack()}
	}
	if *err == nil {
		return
	}
	var jp *jobPanic
	var why string
	noun := "matchup"
	if m, err := j.store.MatchupForWork(context.WithoutCancel(ctx), matchup); err == nil {
		noun = nounOf(m.Kind)
	}
	fatal := true
	switch {
	case faults.Is(*err):
		faults.Log(j.log, "a battle of a "+noun+" failed", *err, "matchup", matchup)
		what := (*err).Error() // which army or pair played it, for a what-if or a round robin
		var be *battle.BattleError
		if noun == "matchup" && errors.As(*err, &be) {
			what = be.Error()
		}
		why = "Muster could not play this " + noun + ": " + what + ". This is a fault in Muster, not in your armies: " +
			"tell whoever runs this Muster, who will find it in the server's log. You may ask for another " + noun + "."
	case errors.As(*err, &jp):
		j.log.Error("a matchup's job failed", "matchup", matchup, "kind", job.Kind, "panic", fmt.Sprint(jp.value), "stack", string(jp.stack))
		why = "Muster could not play this " + noun + ": it stopped on a fault in Muster, not in your armies. " +
			"Tell whoever runs this Muster (the server's log says what failed). You may ask for another " + noun + "."
	default:
		var cancel *river.JobCancelError
		if job.Attempt < job.MaxAttempts || errors.As(*err, &cancel) {
			return // played again; or cancelled on purpose: the matchup is gone or has ended already
		}
		j.log.Error("a matchup's job failed on its last try", "matchup", matchup, "kind", job.Kind, "attempts", job.Attempt, "error", *err)
		why = failedTries(job.Attempt)
		fatal = false
	}
	if ferr := j.store.FailMatchup(context.WithoutCancel(ctx), matchup, why); ferr != nil {
		j.log.Error("unable to mark the matchup failed", "matchup", matchup, "error", ferr)
	}
	if fatal {
		// Played again, it would fail the same way: River is told not to.
		*err = river.JobCancel(*err)
	}
}

// nounOf names what a matchup row plays, as its pages say it.
func nounOf(kind string) string {
	switch kind {
	case db.KindWhatIf:
		return "what-if"
	case db.KindRoundRobin:
		return "round robin"
	case db.KindSWM:
		return "d20 quick-resolve"
	case db.KindQRS:
		return "skirmish quick-resolve"
	case db.KindFair:
		return "fairness test"
	case db.KindOptimize:
		return "search for what to bring"
	}
	return "matchup"
}

// failedTries is why a matchup failed whose job failed n times in a row.
func failedTries(n int) string {
	return fmt.Sprintf("Muster could not play this matchup: a part of it failed %d times in a row, which is a fault in Muster, "+
		"not in your armies. Ask for it again later; if it fails again, tell whoever runs this Muster (the server's log says what failed).", n)
}
