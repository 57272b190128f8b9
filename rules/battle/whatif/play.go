package whatif

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"muster/rules/battle"
)

// record is what a what-if keeps of one army's battles, battle by battle: its score, the
// SGPs each side lost (the enemy's by cause), and each of its units' credit and fate.
type record struct {
	units  int // the army's units, the first of each battle's results
	played int
	score  []float64
	wins   []bool
	// enemyLost[i*NCauses+c]: the enemy's SGPs lost in battle i to cause c; ownLost[i] the
	// army's own.
	enemyLost []float64
	ownLost   []float64
	// destroyed[i*units+u] and lost[i*units+u]: unit u's credit and fate in battle i.
	destroyed []float64
	lost      []bool
	names     []string // the units' names, as the results give them
}

func newRecord(f *battle.Force, n int) record {
	u := len(f.Units)
	r := record{units: u, score: make([]float64, n), wins: make([]bool, n), enemyLost: make([]float64, n*battle.NCauses),
		ownLost: make([]float64, n), destroyed: make([]float64, n*u), lost: make([]bool, n*u), names: make([]string, u)}
	for k, s := range f.Units {
		r.names[k] = s.Name
	}
	return r
}

// keep records battle i's result.
func (r *record) keep(i int, res *battle.Result) {
	switch res.Winner {
	case 0:
		r.score[i], r.wins[i] = 1, true
	case -1:
		r.score[i] = 0.5
	}
	for k, u := range res.Units {
		if k < r.units {
			r.destroyed[i*r.units+k] = u.Destroyed
			r.lost[i*r.units+k] = u.Lost
			if u.Lost {
				r.ownLost[i] += float64(u.SGP)
			}
			continue
		}
		if u.Lost {
			r.enemyLost[i*battle.NCauses+causeOf(u.LostTo)] += float64(u.SGP)
		}
	}
}

// causeOf is the index of a cause of loss in battle.CauseNames (fire when unnamed).
func causeOf(name string) int {
	for c, n := range battle.CauseNames {
		if n == name {
			return c
		}
	}
	return 0
}

// outcome is the record's win rate and expected score over its first n battles.
func (r *record) outcome(n int) Outcome {
	w, d := 0, 0
	for i := range n {
		switch r.score[i] {
		case 1:
			w++
		case 0.5:
			d++
		}
	}
	lo, hi := battle.Wilson(w, n)
	o := Outcome{Battles: n, WinRate: round4(float64(w) / float64(n)), CI95: [2]float64{round4(lo), round4(hi)},
		DrawRate: round4(float64(d) / float64(n))}
	o.Score, o.ScoreCI95 = battle.Score(w, d, n)
	return o
}

// playLooks plays battles 0..n-1 of each force against b in Looks looks: after each, a
// variant (forces[1:]) whose change from the base (forces[0]) settles stops.
// settled[j] says force j stopped before the last look. Each battle's seed depends only on
// its index, and the looks fall at fixed battle counts, so the answer does not depend on
// the workers.
func playLooks(ctx context.Context, field *battle.Field, forces []*battle.Force, b *battle.Force, opt Options) ([]record, []bool, error) {
	n := opt.Battles
	recs := make([]record, len(forces))
	for j, f := range forces {
		recs[j] = newRecord(f, n)
	}
	active := make([]bool, len(forces))
	for j := range active {
		active[j] = true
	}
	settled := make([]bool, len(forces))
	var done atomic.Int64
	total := n * len(forces)
	lo := 0
	for k := 1; k <= Looks && lo < n; k++ {
		hi := lookAt(k, n)
		if err := playSpan(ctx, field, forces, b, recs, active, lo, hi, opt, &done, total); err != nil {
			return nil, nil, err
		}
		for j := range forces {
			if active[j] {
				recs[j].played = hi
			}
		}
		lo = hi
		if k == Looks {
			break
		}
		for j := 1; j < len(forces); j++ {
			if !active[j] {
				continue
			}
			if settles(recs[0].score[:hi], recs[j].score[:hi]) {
				active[j], settled[j] = false, true
			}
		}
		// The army's own battles are played only to be paired with a variant's: once every
		// variant has settled, it stops too (with none at all, it plays them all: its odds
		// are the what-if's whole answer).
		if len(forces) > 1 && !slices.Contains(active[1:], true) {
			break
		}
	}
	return recs, settled, nil
}

// playSpan plays battles lo..hi-1 of each active force against b. Work goes out in blocks
// of one force's battles, so that a worker keeps one battle.Battle for a block.
func playSpan(ctx context.Context, field *battle.Field, forces []*battle.Force, b *battle.Force, recs []record, active []bool,
	lo, hi int, opt Options, done *atomic.Int64, total int) error {
	const block = 64
	type job struct{ f, lo, hi int }
	var jobs []job
	for j := range forces {
		if !active[j] {
			continue
		}
		for i := lo; i < hi; i += block {
			jobs = append(jobs, job{j, i, min(i+block, hi)})
		}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(jobs)))
	var next atomic.Int64
	var wg sync.WaitGroup
	// A battle's panic stops every worker: the what-if has failed.
	var failMu sync.Mutex
	var failed *played
	var stop atomic.Bool
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var bt *battle.Battle
			cur, i := -1, 0
			defer battle.RecoverBattle(field, opt.Seed, &i, func(err error) {
				failMu.Lock()
				defer failMu.Unlock()
				if failed == nil {
					failed = &played{force: max(cur, 0), err: err}
				}
				stop.Store(true)
			})
			for ctx.Err() == nil && !stop.Load() {
				x := int(next.Add(1) - 1)
				if x >= len(jobs) {
					return
				}
				jb := jobs[x]
				if jb.f != cur {
					i, cur = jb.lo, jb.f
					bt = battle.New(field, forces[jb.f], b)
				}
				for i = jb.lo; i < jb.hi; i++ {
					if opt.BeforeBattle != nil {
						opt.BeforeBattle(i)
					}
					recs[jb.f].keep(i, bt.Play(battle.BattleSeed(opt.Seed, uint64(i)), nil))
				}
				d := int(done.Add(int64(jb.hi - jb.lo)))
				if opt.Progress != nil {
					opt.Progress(d, total)
				}
			}
		}()
	}
	wg.Wait()
	if failed != nil {
		return failed
	}
	return ctx.Err()
}

// played is a battle's panic in a what-if, and which force (0: the army itself, then the
// variants) was playing it.
type played struct {
	force int
	err   error
}

func (p *played) Error() string { return p.err.Error() }
func (p *played) Unwrap() error { return p.err }
