package whatif

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
)

// Options says how to play a what-if.
type Options struct {
	Battles int    // battles per army, the base and each variant
	Seed    uint64 // the matchup's master seed: battle i has battle.BattleSeed(Seed, i)
	// MaxVariants caps the variants played (see Variants); 0 means DefaultVariants.
	MaxVariants int
	// Workers is how many goroutines play; 0 means one per CPU. The report does not depend
	// on it.
	Workers int
	// Limits are the force limits the variants must keep (nil: the army's own limits:).
	Limits *roster.Limits
	// Progress, when set, is called with the battles played so far and the whole count,
	// from the workers: it must be safe for concurrent use.
	Progress func(done, total int)
	// BeforeBattle, when set, is called with each battle's index before it is played (the
	// army's and every variant's battle i), from the workers; tests make it panic.
	BeforeBattle func(i int)
}

// DefaultVariants is how many variants a what-if plays unless told otherwise.
const DefaultVariants = 10

// MaxBattlesTotal bounds a what-if's battles, all armies together.
const MaxBattlesTotal = battle.MaxBattles

// Outcome is an army's win rate over the battles and its Wilson 95% interval.
type Outcome struct {
	WinRate float64    `json:"win_rate"`
	CI95    [2]float64 `json:"ci95"`
}

// Ranked is a variant played: its win rate, and the change from the base army's with the
// paired 95% interval.
type Ranked struct {
	Variant
	Outcome
	Delta     float64    `json:"delta"`
	DeltaCI95 [2]float64 `json:"delta_ci95"`
}

// Report is a what-if's answer: the JSON of `muster whatif --json`. Variants are sorted
// by Delta, best first.
type Report struct {
	Base     Outcome  `json:"base"`
	Variants []Ranked `json:"variants"`
	// Battles and Seed say what was played; Limit is the most a variant could cost.
	Battles int    `json:"-"`
	Seed    uint64 `json:"-"`
	Limit   int    `json:"-"`
	Total   int    `json:"-"`
}

// Run proposes variants of army a (Variants; cat is the built-in catalogue, which the
// army's catalog: block extends), plays the army and every variant against
// force b on field, battle i of each with seed battle.BattleSeed(opt.Seed, i), and ranks
// the variants by the change in win rate, best first (ties: the higher lower bound, then
// the order proposed). The same inputs give the same report whatever the workers. A battle
// that panics stops the what-if with an error naming it and the army it was played by (a
// *battle.BattleError within).
func Run(ctx context.Context, cat *rules.Catalog, field *battle.Field, a *roster.Army, b *battle.Force, opt Options) (*Report, error) {
	if opt.Battles < 1 {
		return nil, errors.New("battles: play at least 1 battle")
	}
	k := opt.MaxVariants
	if k <= 0 {
		k = DefaultVariants
	}
	vs, err := Variants(cat, a, opt.Limits, k)
	if err != nil {
		return nil, err
	}
	if (len(vs)+1)*opt.Battles > MaxBattlesTotal {
		return nil, fmt.Errorf("battles: %d armies of %d battles each is more than the %d battles a what-if may play; ask for fewer battles or variants",
			len(vs)+1, opt.Battles, MaxBattlesTotal)
	}
	// The army's own catalog: block names what its units (and so the variants') are.
	fc, _ := costing.CatalogFor(cat, a)
	forces := make([]*battle.Force, 0, len(vs)+1)
	baseForce, err := battle.NewForce(fc, a)
	if err != nil {
		return nil, fmt.Errorf("the army cannot take the field: %w", err)
	}
	forces = append(forces, baseForce)
	kept := vs[:0]
	for _, v := range vs {
		f, err := battle.NewForce(fc, v.Army)
		if err != nil {
			continue // a variant the engine cannot field is not proposed
		}
		forces = append(forces, f)
		kept = append(kept, v)
	}
	vs = kept
	won, err := play(ctx, field, forces, b, opt)
	var be *played
	if errors.As(err, &be) {
		name := a.Name
		if be.force > 0 {
			name = fmt.Sprintf("%s with the change %q", a.Name, vs[be.force-1].Change)
		}
		return nil, fmt.Errorf("%s against %s: %w", name, b.Name, be.err)
	}
	if err != nil {
		return nil, err
	}
	rep := &Report{Base: outcome(won[0]), Battles: opt.Battles, Seed: opt.Seed, Total: baseForce.Total}
	rep.Limit = Limit(a, opt.Limits, baseForce.Total)
	for j, v := range vs {
		r := Ranked{Variant: v, Outcome: outcome(won[j+1])}
		r.Delta, r.DeltaCI95 = PairedDelta(won[0], won[j+1])
		r.Delta = round4(r.Delta)
		r.DeltaCI95 = [2]float64{round4(r.DeltaCI95[0]), round4(r.DeltaCI95[1])}
		rep.Variants = append(rep.Variants, r)
	}
	slices.SortStableFunc(rep.Variants, func(x, y Ranked) int {
		if c := cmp.Compare(y.Delta, x.Delta); c != 0 {
			return c
		}
		return cmp.Compare(y.DeltaCI95[0], x.DeltaCI95[0])
	})
	if rep.Variants == nil {
		rep.Variants = []Ranked{}
	}
	return rep, nil
}

// play plays battles 0..n-1 of each force against b and says which the force won. Work
// goes out in blocks of one force's battles, so that a worker keeps one battle.Battle for
// a block; each battle's seed depends only on its index, so the answer does not depend
// on the workers.
func play(ctx context.Context, field *battle.Field, forces []*battle.Force, b *battle.Force, opt Options) ([][]bool, error) {
	n := opt.Battles
	const block = 64
	perForce := (n + block - 1) / block
	jobs := len(forces) * perForce
	won := make([][]bool, len(forces))
	for i := range won {
		won[i] = make([]bool, n)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, jobs))
	total := n * len(forces)
	var next, done atomic.Int64
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
				j := int(next.Add(1) - 1)
				if j >= jobs {
					return
				}
				f, lo := j/perForce, (j%perForce)*block
				if f != cur {
					i, cur = lo, f
					bt = battle.New(field, forces[f], b)
				}
				hi := min(lo+block, n)
				for i = lo; i < hi; i++ {
					if opt.BeforeBattle != nil {
						opt.BeforeBattle(i)
					}
					won[f][i] = bt.Play(battle.BattleSeed(opt.Seed, uint64(i)), nil).Winner == 0
				}
				d := int(done.Add(int64(hi - lo)))
				if opt.Progress != nil {
					opt.Progress(d, total)
				}
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
	return won, nil
}

// played is a battle's panic in a what-if, and which force (0: the army itself, then the
// variants) was playing it.
type played struct {
	force int
	err   error
}

func (p *played) Error() string { return p.err.Error() }
func (p *played) Unwrap() error { return p.err }

func outcome(won []bool) Outcome {
	k := 0
	for _, w := range won {
		k += b2i(w)
	}
	lo, hi := battle.Wilson(k, len(won))
	return Outcome{WinRate: round4(float64(k) / float64(len(won))), CI95: [2]float64{round4(lo), round4(hi)}}
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
