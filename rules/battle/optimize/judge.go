package optimize

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"muster/rules/battle"
)

// trials are one army's battles on one set of seeds: trial i is one battle against each
// opponent, opponent k's with seed battle.BattleSeed(seeds[k], i). score[k][i] is the
// army's score in it (a win 1, a draw a half).
type trials struct {
	seeds []uint64
	score [][]float64
	// own[k][i] and enemy[k][i] are the SGPs the army and its opponent lost in the battle.
	own, enemy [][]float64
	played     int // trials 0..played-1 are played
	// credit, when kept (keepCredit), sums each of the army's units' credit (the enemy
	// SGPs its casualties are credited with) over the battles, by its index in the army.
	credit []float64
	mu     sync.Mutex
}

// keepCredit makes t sum the credit of an army of n units.
func (t *trials) keepCredit(n int) { t.credit = make([]float64, n) }

func (j *judge) newTrials(round uint64, n int) *trials {
	t := &trials{seeds: make([]uint64, len(j.opps))}
	for k := range j.opps {
		t.seeds[k] = battle.BattleSeed(round, uint64(k))
	}
	t.alloc(len(j.opps), n)
	return t
}

// sameSeeds is a fresh record on t's seeds, for another army.
func (t *trials) sameSeeds() *trials {
	u := &trials{seeds: t.seeds}
	u.alloc(len(t.score), len(t.score[0]))
	return u
}

func (t *trials) alloc(k, n int) {
	t.score, t.own, t.enemy = make([][]float64, k), make([][]float64, k), make([][]float64, k)
	for x := range k {
		t.score[x], t.own[x], t.enemy[x] = make([]float64, n), make([]float64, n), make([]float64, n)
	}
}

// losses are the SGPs the army lost and its opponents lost a trial over the first n
// trials, each opponent's by its weight.
func (j *judge) losses(t *trials, n int) (own, enemy float64) {
	for k, w := range j.weights {
		for i := range n {
			own += w * t.own[k][i]
			enemy += w * t.enemy[k][i]
		}
	}
	return own / float64(n), enemy / float64(n)
}

// weighted is trial i's score over the field: each opponent's by its weight.
func (j *judge) weighted(t *trials, i int) float64 {
	s := 0.0
	for k, w := range j.weights {
		s += w * t.score[k][i]
	}
	return s
}

// measure is the army's expected score over the first n trials, with the normal 95%
// interval of the mean of the trials' weighted scores.
func (j *judge) measure(t *trials, n int) (float64, [2]float64) {
	xs := make([]float64, n)
	for i := range n {
		xs[i] = j.weighted(t, i)
	}
	m, h := meanHalf(xs, z95)
	return round4(m), [2]float64{round4(math.Max(0, m-h)), round4(math.Min(1, m+h))}
}

// paired is the change in expected score from base to cand over their first n trials
// (the same seeds), with the interval d̄ ± z·s/√n of the per-trial differences.
func (j *judge) paired(base, cand *trials, n int, z float64) (float64, [2]float64) {
	ds := make([]float64, n)
	for i := range n {
		ds[i] = j.weighted(cand, i) - j.weighted(base, i)
	}
	m, h := meanHalf(ds, z)
	return m, [2]float64{math.Max(-1, m-h), math.Min(1, m+h)}
}

// meanHalf is the mean of xs and z standard errors of it (0 with fewer than two).
func meanHalf(xs []float64, z float64) (float64, float64) {
	n := len(xs)
	if n == 0 {
		return 0, 0
	}
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	m := sum / float64(n)
	if n < 2 {
		return m, 0
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return m, z * math.Sqrt(ss/float64(n-1)/float64(n))
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// judge plays armies against the field and counts the battles.
type judge struct {
	field   *battle.Field
	side    int // the scenario side the army plays (Options.Side)
	opps    []*battle.Force
	weights []float64 // summing to 1
	workers int
	before  func(i int)
	played  atomic.Int64
}

// play plays army f's trials lo..hi-1 of t against every opponent. Work goes out in blocks
// of one opponent's trials, so that a worker keeps one battle.Battle for a block; each
// battle's seed depends only on its opponent and index, so the worker count does not
// change t. A battle's panic fails the play with a *battle.BattleError naming it.
func (j *judge) play(ctx context.Context, f *battle.Force, t *trials, lo, hi int) error {
	if hi <= lo {
		return nil
	}
	const block = 16
	type job struct{ k, lo, hi int }
	var jobs []job
	for k := range j.opps {
		for i := lo; i < hi; i += block {
			jobs = append(jobs, job{k, i, min(i+block, hi)})
		}
	}
	workers := j.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(jobs)))
	var next atomic.Int64
	var wg sync.WaitGroup
	var failMu sync.Mutex
	var failed error
	var stop atomic.Bool
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil && !stop.Load() {
				x := int(next.Add(1) - 1)
				if x >= len(jobs) {
					return
				}
				if err := j.playJob(f, t, jobs[x].k, jobs[x].lo, jobs[x].hi); err != nil {
					failMu.Lock()
					if failed == nil {
						failed = err
					}
					failMu.Unlock()
					stop.Store(true)
					return
				}
				j.played.Add(int64(jobs[x].hi - jobs[x].lo))
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return failed
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	t.played = max(t.played, hi)
	return nil
}

func (j *judge) playJob(f *battle.Force, t *trials, k, lo, hi int) (err error) {
	i := lo
	defer battle.RecoverBattle(j.field, t.seeds[k], &i, func(e error) {
		err = fmt.Errorf("%s against %s: %w", f.Name, j.opps[k].Name, e)
	})
	// The army's units come first in a battle's results when it plays the first side, after
	// the opponent's when it plays the second.
	first, second, off := f, j.opps[k], 0
	if j.side == 1 {
		first, second, off = j.opps[k], f, len(j.opps[k].Units)
	}
	bt := battle.New(j.field, first, second)
	var credit []float64
	if t.credit != nil {
		credit = make([]float64, len(t.credit))
		defer func() {
			t.mu.Lock()
			for u, c := range credit {
				t.credit[u] += c
			}
			t.mu.Unlock()
		}()
	}
	for i = lo; i < hi; i++ {
		if j.before != nil {
			j.before(i)
		}
		res := bt.Play(battle.BattleSeed(t.seeds[k], uint64(i)), nil)
		t.own[k][i], t.enemy[k][i] = 0, 0
		for u, r := range res.Units {
			switch {
			case !r.Lost:
			case u >= off && u < off+len(f.Units):
				t.own[k][i] += float64(r.SGP)
			default:
				t.enemy[k][i] += float64(r.SGP)
			}
		}
		if credit != nil {
			for u, spec := range f.Units {
				if spec.Index >= 0 && spec.Index < len(credit) && off+u < len(res.Units) {
					credit[spec.Index] += j.weights[k] * res.Units[off+u].Destroyed
				}
			}
		}
		switch res.Winner {
		case j.side:
			t.score[k][i] = 1
		case -1:
			t.score[k][i] = 0.5
		default:
			t.score[k][i] = 0
		}
	}
	return nil
}
