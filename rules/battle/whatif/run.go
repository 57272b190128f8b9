package whatif

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
)

// Options says how to play a what-if.
type Options struct {
	// Battles is the most battles per army, the base and each variant: a variant whose
	// difference is settled at an earlier look stops there (Looks).
	Battles int
	Seed    uint64 // the matchup's master seed: battle i has battle.BattleSeed(Seed, i)
	// MaxVariants caps the variants proposed (see Variants); 0 means DefaultVariants. The
	// variants that free points come again with the points spent (Spending), beyond it.
	MaxVariants int
	// Workers is how many goroutines play; 0 means one per CPU. The report does not depend
	// on it.
	Workers int
	// Limits are the force limits the variants must keep (nil: the army's own limits:).
	Limits *roster.Limits
	// Progress, when set, is called with the battles played so far and the most there may
	// be, from the workers: it must be safe for concurrent use.
	Progress func(done, total int)
	// BeforeBattle, when set, is called with each battle's index before it is played (the
	// army's and every variant's battle i), from the workers; tests make it panic.
	BeforeBattle func(i int)
}

// DefaultVariants is how many variants a what-if proposes unless told otherwise.
const DefaultVariants = 10

// MaxBattlesTotal bounds a what-if's battles, all armies together.
const MaxBattlesTotal = battle.MaxBattles

// Outcome is an army's record over the battles it played: its win rate with Wilson's 95%
// interval and its expected score (a win 1, a draw a half) with its 95% interval.
type Outcome struct {
	Battles   int        `json:"battles"`
	WinRate   float64    `json:"win_rate"`
	CI95      [2]float64 `json:"ci95"`
	DrawRate  float64    `json:"draw_rate"`
	Score     float64    `json:"expected_score"`
	ScoreCI95 [2]float64 `json:"expected_score_ci95"`
}

// Ranked is a variant played: its outcome, and the change in expected score from the
// base army's over the same battles, with its repeated 95% interval (Looks).
type Ranked struct {
	Variant
	Outcome
	Delta   float64    `json:"delta"`
	DeltaCI [2]float64 `json:"delta_ci"`
	// Settled says the variant stopped at a look before the last: its difference was
	// already beyond the boundary.
	Settled bool `json:"settled_early,omitempty"`
	// Effects say in words what changed in the battles (effects.go).
	Effects []string `json:"effects,omitempty"`
	// Differs is the first battle (its index, from 0) the change turned another way (a
	// loss to a win, a win to a draw...), -1 when none did: the one to watch with and
	// without it.
	Differs int `json:"differs_at"`
}

// Report is a what-if's answer: the JSON of `muster whatif --json`. Variants are sorted
// best first (rank).
type Report struct {
	Base     Outcome  `json:"base"`
	Variants []Ranked `json:"variants"`
	// Battles and Seed say what was played; Limit is the most a variant could cost.
	Battles int    `json:"-"`
	Seed    uint64 `json:"-"`
	Limit   int    `json:"-"`
	Total   int    `json:"-"`
	// Legal is false when the army breaks its rules: its variants are the changes that
	// make it legal.
	Legal bool `json:"legal"`
}

// Run proposes variants of army a (Variants, then Spending; cat is the built-in catalogue,
// which the army's catalog: block extends), plays the army and every variant against force
// b on field, battle i of each with seed battle.BattleSeed(opt.Seed, i), and ranks them by
// the change in expected score. The same inputs give the same report whatever the workers.
// A battle that panics stops the what-if with an error naming it and the army it was
// played by (a *battle.BattleError within).
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
	vs = append(vs, Spending(cat, a, opt.Limits, vs)...)
	return RunVariants(ctx, cat, field, a, b, vs, opt)
}

// RunVariants plays army a and the variants given against force b, as Run does.
func RunVariants(ctx context.Context, cat *rules.Catalog, field *battle.Field, a *roster.Army, b *battle.Force, vs []Variant, opt Options) (*Report, error) {
	if opt.Battles < 1 {
		return nil, errors.New("battles: play at least 1 battle")
	}
	if (len(vs)+1)*opt.Battles > MaxBattlesTotal {
		return nil, fmt.Errorf("battles: %d armies of %d battles each is more than the %d battles a what-if may play; ask for fewer battles or variants",
			len(vs)+1, opt.Battles, MaxBattlesTotal)
	}
	// The army's own catalog: block names what its units (and so the variants') are.
	fc, _ := costing.CatalogFor(cat, a)
	baseForce, err := muster.NewForce(fc, a)
	if err != nil {
		return nil, fmt.Errorf("the army cannot take the field: %w", err)
	}
	forces := []*battle.Force{baseForce}
	kept := make([]Variant, 0, len(vs))
	for _, v := range vs {
		f, err := muster.NewForce(fc, v.Army)
		if err != nil {
			continue // a variant the engine cannot field is not proposed
		}
		forces = append(forces, f)
		kept = append(kept, v)
	}
	vs = kept
	recs, settled, err := playLooks(ctx, field, forces, b, opt)
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
	base := costing.Evaluate(cat, a, opt.Limits)
	rep := &Report{Base: recs[0].outcome(recs[0].played), Battles: opt.Battles, Seed: opt.Seed, Total: baseForce.Total,
		Legal: !roster.HasErrors(base.Problems)}
	rep.Limit = Limit(a, opt.Limits, baseForce.Total)
	for j, v := range vs {
		r := recs[j+1]
		x := Ranked{Variant: v, Outcome: r.outcome(r.played), Settled: settled[j+1]}
		d, ci := pairedScore(recs[0].score[:r.played], r.score[:r.played], boundary)
		x.Delta, x.DeltaCI = round4(d), [2]float64{round4(ci[0]), round4(ci[1])}
		x.Effects = effects(&recs[0], &r, forces[0], forces[j+1], a, v)
		x.Differs = -1
		for i := range r.played {
			if r.score[i] != recs[0].score[i] {
				x.Differs = i
				break
			}
		}
		rep.Variants = append(rep.Variants, x)
	}
	rank(rep.Variants)
	if rep.Variants == nil {
		rep.Variants = []Ranked{}
	}
	return rep, nil
}

// rank sorts the variants best first: by the change in expected score, then the higher
// lower bound, then the order proposed. A variant that frees points never ranks above the
// same change with the points spent unless it is surely better than it: a player would
// spend what the limit allows, and a cheaper army's better score is the engine's noise
// until the battles say otherwise.
func rank(vs []Ranked) {
	slices.SortStableFunc(vs, func(x, y Ranked) int {
		if c := cmp.Compare(y.Delta, x.Delta); c != 0 {
			return c
		}
		return cmp.Compare(y.DeltaCI[0], x.DeltaCI[0])
	})
	for i := 0; i < len(vs); i++ {
		v := vs[i]
		best := -1
		for j := i + 1; j < len(vs); j++ {
			if vs[j].Builds == v.Change {
				best = j
				break
			}
		}
		if best < 0 || v.DeltaCI[0] > vs[best].Delta {
			continue
		}
		// Move it to just below its spent version.
		copy(vs[i:best], vs[i+1:best+1])
		vs[best] = v
		i--
	}
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }
