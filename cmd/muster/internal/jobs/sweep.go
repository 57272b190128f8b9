package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// The sweep: a matchup queued or playing with no job left to play it would stay so for
// ever, and its owner, who may have one matchup at a time, could ask for no other. Its jobs
// can be gone without a worker seeing it fail: River's rescuer discards a job whose last try
// died with its worker, and a matchup saved before its jobs were (by a version of Muster
// that did not save both in one transaction) may have none. So the working processes'
// leader queues a sweep every rescue window (Options.RescueAfter), and the sweep fails
// such matchups in words: one with a job given up at once, one with no job left once it is
// older than the window (a job being rescued is still waiting, so still counted).

const (
	kindSweep  = "muster_sweep"
	sweepQueue = "muster_sweep" // a queue of its own, so that it never waits behind matchups' chunks
)

type sweepArgs struct{}

func (sweepArgs) Kind() string { return kindSweep }

func (sweepArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: sweepQueue} }

type sweepWorker struct {
	river.WorkerDefaults[sweepArgs]
	j *Jobs
}

func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[sweepArgs]) error {
	j := w.j
	if _, err := j.sweep(ctx, j.store.Now().Add(-j.opt.RescueAfter)); err != nil {
		return err
	}
	if j.opt.PruneAfter > 0 {
		n, err := j.store.PruneMatchups(ctx, j.store.Now().Add(-j.opt.PruneAfter))
		if err != nil {
			return err
		}
		if n > 0 {
			j.log.Info("pruned the jobs that ended before the window", "jobs", n, "prune_after", j.opt.PruneAfter.String())
		}
	}
	return nil
}

// lostMatchup is why a matchup failed that nothing was left playing.
const lostMatchup = "Muster lost this matchup: nothing was left playing it (a Muster process stopped at the wrong moment). " +
	"Nothing you saved was lost: ask for it again."

// sweep fails the matchups queued or playing that have a job given up (discarded), and
// those last changed before `before` that have no job left waiting, running or to be tried
// again. It answers how many it failed.
func (j *Jobs) sweep(ctx context.Context, before time.Time) (int, error) {
	active, err := j.store.ActiveMatchups(ctx)
	if err != nil || len(active) == 0 {
		return 0, err
	}
	live, discarded, err := j.matchupJobs(ctx)
	if err != nil {
		return 0, err
	}
	failed := 0
	for _, m := range active {
		var why string
		switch {
		case discarded[m.ID] > 0:
			why = failedTries(discarded[m.ID])
		case !live[m.ID] && m.Updated.Before(before):
			why = lostMatchup
		default:
			continue
		}
		j.log.Error("a matchup had no job left to play it", "matchup", m.ID, "status", m.Status, "discarded_after_tries", discarded[m.ID])
		if err := j.store.FailMatchup(ctx, m.ID, why); err != nil {
			return failed, err
		}
		failed++
	}
	return failed, nil
}

// matchupJobs lists, by matchup, whether it has a chunk or merge job waiting, running or to
// be tried again, and the tries of one given up (discarded).
func (j *Jobs) matchupJobs(ctx context.Context) (live map[string]bool, discarded map[string]int, err error) {
	live, discarded = map[string]bool{}, map[string]int{}
	const page = 1000
	params := river.NewJobListParams().Kinds(KindSimChunk, kindSimMerge).First(page).States(rivertype.JobStateAvailable,
		rivertype.JobStatePending, rivertype.JobStateRetryable, rivertype.JobStateRunning, rivertype.JobStateScheduled,
		rivertype.JobStateDiscarded)
	for {
		res, err := j.client.JobList(ctx, params)
		if err != nil {
			return nil, nil, fmt.Errorf("jobs: unable to list the matchups' jobs: %w", err)
		}
		for _, job := range res.Jobs {
			var a struct {
				Matchup string `json:"matchup"`
			}
			if err := json.Unmarshal(job.EncodedArgs, &a); err != nil {
				return nil, nil, fmt.Errorf("jobs: job %d: %w", job.ID, err)
			}
			if job.State == rivertype.JobStateDiscarded {
				discarded[a.Matchup] = max(discarded[a.Matchup], job.Attempt)
			} else {
				live[a.Matchup] = true
			}
		}
		if len(res.Jobs) < page {
			return live, discarded, nil
		}
		params = params.After(res.LastCursor)
	}
}
