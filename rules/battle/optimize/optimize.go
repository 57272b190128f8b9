// Package optimize searches the legal lists within a player's limit (and a gamemaster's
// force limits) for the one that scores best against a field of opponents, by playing the
// battles (issue 34, "What should I bring?").
//
// The search is a first-improvement hill climb from the player's list over the legal
// single changes what-if proposes (whatif.Moves: drop, add or replace a unit, a squad's
// size, quality, training, weapons, armor, equipment, specialists and commander, a hero's
// skills and powers), tried in a shuffled order, with restarts: at a list no change
// improves, two random changes kick it and the climb starts again from there; the climb's
// end replaces the best only when it beats it. Every candidate plays the same battles as
// the list it would replace (the same seeds against each opponent: paired), looked at five
// times with Pocock's boundary, so that a clearly worse change stops after a fifth of its
// battles; a change is accepted only when its repeated 95% interval lies above zero. Each
// accepted change starts a new round of seeds, so that no change is judged on the dice
// that chose the one before it. The final list and the starting one are measured again on
// seeds the search never used. The same seed and budget give the same answer, whatever
// the workers.
package optimize

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"muster/costing"
	"muster/costing/listgen"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/battle/whatif"
)

// Opponent is one list of the field, with the weight its battles carry in the average (0
// counts as 1). The list need not pass muster check: it is played as it is.
type Opponent struct {
	Army   *roster.Army
	Weight float64
}

// Options say how to search.
type Options struct {
	// Battles is the most trials a candidate plays (a trial is one battle against each
	// opponent): the paired comparison's size. The final measure plays as many.
	Battles int
	Seed    uint64
	// Budget is the most battles the search plays, the final measure included.
	Budget int
	// Limits are the force limits every list must keep (nil: the army's own limits:).
	Limits *roster.Limits
	// Side is the scenario's side the list plays: 0 its first (the default), 1 its second,
	// the opponents then the first. "Is this fair?" searches for a strong list of either
	// side of an asymmetric scenario (hidden set-up, an objective, a home edge), where a
	// list good on one side need not be on the other.
	Side int
	// Workers is how many goroutines play; 0 means one per CPU. The answer does not
	// depend on it.
	Workers int
	// Progress, when set, is called from the search's goroutine as it goes: after each
	// candidate, and with Improved set when the best list changes.
	Progress func(Progress)
	// BeforeBattle, when set, is called with each battle's index before it is played, from
	// the workers; tests make it panic.
	BeforeBattle func(i int)
}

// DefaultBattles is the paired comparison's size unless told otherwise.
const DefaultBattles = 200

// Progress is the search's state, as the Progress callback sees it.
type Progress struct {
	Battles  int // played so far
	Budget   int
	Tried    int // candidates judged
	Steps    []Step
	Best     *roster.Army
	Improved bool
}

// Measure is a list's total and its expected score over the field (a win 1, a draw a half,
// each opponent's by its weight) with its 95% interval.
type Measure struct {
	Total int        `json:"total"`
	Score float64    `json:"expected_score"`
	CI95  [2]float64 `json:"ci95"`
}

// Step is one accepted change: the list it made, its expected score on the battles that
// accepted it, and its gain over the list before on the same battles, with the repeated
// 95% interval that accepted it.
type Step struct {
	Change  string     `json:"change"`
	Total   int        `json:"total"`
	Score   float64    `json:"expected_score"`
	CI95    [2]float64 `json:"ci95"`
	Delta   float64    `json:"delta"`
	DeltaCI [2]float64 `json:"delta_ci95"`
	// Army is the list after the change; Battles what the search had played by then.
	Army    *roster.Army `json:"-"`
	Battles int          `json:"-"`
	// Effects say what the change did in the battles that took it, against the list
	// before: the SGPs the enemy lost a battle, and the list's own losses.
	Effects []string `json:"-"`
	// Turned is the first battle the change turned another way (a loss to a draw...): the
	// one to watch with and without it. Nil when none did.
	Turned *Turned `json:"-"`
}

// Turned is one battle of a step's comparison: against opponent Opponent (its index), trial
// Trial of the step's round, played with seed battle.BattleSeed(Seeds, Trial); Seeds is the
// opponent's master seed of the round, so that the trials around it can be watched too.
type Turned struct {
	Opponent int    `json:"opponent"`
	Trial    int    `json:"trial"`
	Seeds    uint64 `json:"seeds"`
}

// Result is the search's answer: the JSON of `muster optimize --json`. Start and the final
// list's Total, Score and CI95 are measured on fresh seeds, the same for both.
type Result struct {
	Start Measure      `json:"start"`
	Steps []Step       `json:"steps"`
	Army  *roster.Army `json:"army"`
	Measure
	// Delta is the final list's gain over the start on the fresh seeds, with its 95%
	// interval (a single look).
	Delta   float64    `json:"-"`
	DeltaCI [2]float64 `json:"-"`
	Battles int        `json:"-"` // played in all
	Tried   int        `json:"-"` // candidates judged
	Limit   int        `json:"-"` // the most a list could cost
	Trials  int        `json:"-"` // the paired comparison's size
	// Stopped says why the search ended: "budget", "deadline" (the context), or "done"
	// (no change improves and no restart is left).
	Stopped string `json:"-"`
}

// BudgetError says the budget cannot pay for the search's least work.
type BudgetError struct{ Need, Budget int }

func (e *BudgetError) Error() string {
	return fmt.Sprintf("budget: %d battles cannot measure the list against the field and try one change (%d at least); give a larger budget or fewer battles",
		e.Budget, e.Need)
}

// The standard normal quantiles: a single look's two-sided 95%, and Pocock's for five
// equally spaced looks at a two-sided 5% level (whatif's boundary).
const (
	z95     = 1.959963984540054
	pocock  = 2.413
	kickLen = 2 // changes in a restart's kick
)

// Run searches from army a (cat is the built-in catalogue, which the army's catalog:
// block extends) against the opponents on field. It returns the best list found when the
// budget is spent, the context's deadline passes, or no change improves and no restart is
// left; a deadline is not an error, but the answer then depends on when it came. A context
// cancelled stops it with context.Canceled and no answer.
func Run(ctx context.Context, cat *rules.Catalog, field *battle.Field, a *roster.Army, opps []Opponent, opt Options) (*Result, error) {
	if opt.Battles <= 0 {
		opt.Battles = DefaultBattles
	}
	if len(opps) == 0 {
		return nil, errors.New("opponents: name at least one")
	}
	if opt.Side != 0 && opt.Side != 1 {
		return nil, fmt.Errorf("side: %d is not a side of the scenario; write 0 (its first) or 1 (its second)", opt.Side)
	}
	j := &judge{field: field, side: opt.Side, workers: opt.Workers, before: opt.BeforeBattle}
	sum := 0.0
	for k, o := range opps {
		w := o.Weight
		if w == 0 {
			w = 1
		}
		if w < 0 || math.IsNaN(w) || math.IsInf(w, 0) {
			return nil, fmt.Errorf("weights: opponent %d (%s) has weight %g; write a weight of 0 or more", k+1, o.Army.Name, o.Weight)
		}
		f, err := forceOf(cat, o.Army)
		if err != nil {
			return nil, &OpponentError{Index: k, Err: err}
		}
		j.opps = append(j.opps, f)
		j.weights = append(j.weights, w)
		sum += w
	}
	for k := range j.weights {
		j.weights[k] /= sum
	}
	base := costing.Evaluate(cat, a, opt.Limits)
	for _, p := range base.Problems {
		if p.Severity == roster.Error {
			return nil, &whatif.NotLegalError{Problem: p}
		}
	}
	per := opt.Battles * len(opps)
	if need := 4 * per; opt.Budget < need {
		return nil, &BudgetError{Need: need, Budget: opt.Budget}
	}
	s := &search{cat: cat, j: j, opt: opt, n: opt.Battles, per: per}
	s.limit = whatif.Limit(a, opt.Limits, base.Total)
	start := clone(a)
	start.Limit = s.limit // the limit the moves keep to, written back as the player had it at the end
	from := start
	if len(start.Units) == 0 {
		// From an empty list no single change is a step: a unit alone loses to a whole army
		// as surely as nothing does, so every first move ties with the start and the climb
		// never leaves it. The search starts instead from a random legal list within the
		// limit (listgen.Random, seeded by the search's seed), the path's first step.
		var err error
		if start, err = s.randomStart(start); err != nil {
			return nil, err
		}
	}
	res, err := s.run(ctx, from, start)
	if err != nil {
		return nil, err
	}
	res.Army.Limit = a.Limit
	for i := range res.Steps {
		res.Steps[i].Army.Limit = a.Limit
	}
	return res, nil
}

// search is one optimization's state.
type search struct {
	cat   *rules.Catalog
	j     *judge
	opt   Options
	n     int // trials a candidate plays at most
	per   int // battles a trial is
	limit int
	round uint64 // the rounds of seeds used so far
	// reserve is kept out of the budget for what must follow: a restart's comparison.
	reserve int
	tried   int
	steps   []Step
	best    *roster.Army
}

// seeds gives the next round of seeds: the search's never repeat.
func (s *search) seeds() *trials {
	s.round++
	return s.j.newTrials(battle.BattleSeed(s.opt.Seed, s.round), s.n)
}

// left is what the budget has left, after the final measure's 2 rounds.
func (s *search) left() int { return s.opt.Budget - 2*s.per - s.reserve - int(s.j.played.Load()) }

func (s *search) progress(improved bool) {
	if s.opt.Progress == nil {
		return
	}
	s.opt.Progress(Progress{Battles: int(s.j.played.Load()), Budget: s.opt.Budget, Tried: s.tried, Steps: s.steps, Best: s.best, Improved: improved})
}

// force makes a list of the search into figures.
func (s *search) force(a *roster.Army) (*battle.Force, error) { return forceOf(s.cat, a) }

// forceOf makes a list into figures, with its own catalog: block: the one place the
// package does.
func forceOf(cat *rules.Catalog, a *roster.Army) (*battle.Force, error) {
	fc, _ := costing.CatalogFor(cat, a)
	return muster.NewForce(fc, a)
}

// OpponentError says an opponent's list cannot take the field.
type OpponentError struct {
	Index int // from 0, in the order given
	Err   error
}

func (e *OpponentError) Error() string {
	return fmt.Sprintf("opponent %d cannot take the field: %v", e.Index+1, e.Err)
}

func (e *OpponentError) Unwrap() error { return e.Err }

// errStop ends a search early, with its answer so far: the budget is spent or the context
// is done.
var errStop = errors.New("stop")

func (s *search) stopped(ctx context.Context) error {
	if ctx.Err() != nil || s.left() < s.per {
		return errStop
	}
	return nil
}

// run searches from start and measures the best list found against from, the player's
// list (start itself, or the empty list a random start stands in for).
func (s *search) run(ctx context.Context, from, start *roster.Army) (*Result, error) {
	s.best = start
	why := "done"
	var err error
	if from != start {
		err = s.firstStep(ctx, from, start)
	}
	if err == nil {
		_, err = s.climb(ctx, start, nil)
	}
	// Restarts: kick the best with random changes, climb, keep the end if it beats the best.
	for r := 0; err == nil; r++ {
		if s.left() < 4*s.per {
			err = errStop // too little left for a restart to end in a comparison
			break
		}
		err = s.restart(ctx, r)
	}
	switch {
	case errors.Is(err, errStop) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		why = "budget"
		if ctx.Err() != nil {
			why = "deadline"
		}
	case errors.Is(err, errDone):
		why = "done"
	case err != nil:
		return nil, err
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return nil, ctx.Err() // cancelled: no answer wanted (a deadline is a time budget: measured)
	}
	return s.finish(context.WithoutCancel(ctx), from, s.best, why)
}

// randomStart is a random legal list of the empty list's side within the search's limit
// and force limits, with the empty list's name, limit and rules.
func (s *search) randomStart(empty *roster.Army) (*roster.Army, error) {
	if s.limit <= 0 {
		return nil, errors.New("limit: the list is empty and has no limit to fill; give it one (limit: 1500)")
	}
	l := roster.Limits{}
	if s.opt.Limits != nil {
		l = *s.opt.Limits
	}
	l.Total = s.limit
	r, err := listgen.Random(s.cat, string(empty.Side), &l, rand.New(rand.NewPCG(s.opt.Seed, 0x656d707479)))
	if err != nil {
		return nil, fmt.Errorf("the list is empty and no random list can start the search: %w", err)
	}
	start := clone(empty)
	start.Units = r.Units
	return start, nil
}

// firstStep measures the random start against the empty list on a round of seeds and
// makes it the path's first step.
func (s *search) firstStep(ctx context.Context, empty, start *roster.Army) error {
	t0 := s.seeds()
	t1 := t0.sameSeeds()
	for _, x := range []struct {
		a *roster.Army
		t *trials
	}{{empty, t0}, {start, t1}} {
		f, err := s.force(x.a)
		if err != nil {
			return fmt.Errorf("the search's start cannot take the field: %w", err)
		}
		if err := s.j.play(ctx, f, x.t, 0, s.n); err != nil {
			return err
		}
	}
	total := costing.Evaluate(s.cat, start, s.opt.Limits).Total
	score, ci := s.j.measure(t1, s.n)
	d, dci := s.j.paired(t0, t1, s.n, z95)
	s.steps = append(s.steps, Step{Change: fmt.Sprintf("start from a random legal list of %d SGPs (the list was empty)", total),
		Total: total, Score: score, CI95: ci, Delta: round4(d), DeltaCI: [2]float64{round4(dci[0]), round4(dci[1])},
		Army: clone(start), Battles: int(s.j.played.Load())})
	s.progress(true)
	return nil
}

var errDone = errors.New("done")

// climb is a first-improvement hill climb from a: the moves of the current list in a
// shuffled order, each against the current list on its round's seeds; the first accepted
// becomes the current list, with a new round of seeds and a new order; it ends at a list
// no move improves (returned), or with errStop. A climb from the player's list (path nil)
// makes the best list and the path's steps; a restart's writes its changes to path.
func (s *search) climb(ctx context.Context, a *roster.Army, path *[]string) (*roster.Army, error) {
	cur := a
	for {
		if err := s.stopped(ctx); err != nil {
			return cur, err
		}
		t := s.seeds()
		t.keepCredit(len(cur.Units))
		f, err := s.force(cur)
		if err != nil {
			return cur, fmt.Errorf("the army cannot take the field: %w", err)
		}
		if err := s.j.play(ctx, f, t, 0, s.n); err != nil {
			return cur, s.halt(err)
		}
		moves, err := s.moves(cur)
		if err != nil {
			return cur, err
		}
		rng := rand.New(rand.NewPCG(s.opt.Seed, s.round))
		rng.Shuffle(len(moves), func(x, y int) { moves[x], moves[y] = moves[y], moves[x] })
		moves = s.idleFirst(cur, t, moves)
		accepted := false
		for _, m := range moves {
			if err := s.stopped(ctx); err != nil {
				return cur, err
			}
			st, ok, err := s.judgeMove(ctx, t, m)
			if err != nil {
				return cur, err
			}
			s.tried++
			if !ok {
				s.progress(false)
				continue
			}
			cur, accepted = m.Army, true
			if path != nil {
				*path = append(*path, m.Change)
				s.progress(false)
				break
			}
			s.steps = append(s.steps, st)
			s.best = cur
			s.progress(true)
			break
		}
		if !accepted {
			return cur, nil
		}
	}
}

// idleFirst puts first the moves that take a unit out of the list (a drop, with its points
// spent or not, a replacement) when the unit did less than half as much for its SGPs as
// the list did on average in the round's battles (its credit, the enemy SGPs its
// casualties are credited with, per SGP: a unit that never takes the field has none), the
// idlest unit's first; the others keep their shuffled order. Points sitting in a unit
// that does nothing are the likeliest gain, and a shuffled order would find them late.
func (s *search) idleFirst(a *roster.Army, t *trials, moves []whatif.Variant) []whatif.Variant {
	r := costing.Evaluate(s.cat, a, s.opt.Limits)
	ratio := make([]float64, len(a.Units))
	credit, cost := 0.0, 0
	for i := range a.Units {
		if i < len(r.Units) && r.Units[i].Cost > 0 {
			ratio[i] = t.credit[i] / float64(r.Units[i].Cost)
			credit += t.credit[i]
			cost += r.Units[i].Cost
		}
	}
	if cost == 0 {
		return moves
	}
	mean := credit / float64(cost)
	idle := func(m whatif.Variant) bool {
		return (m.Kind == whatif.KindDrop || m.Kind == whatif.KindReplace || m.Builds != "") &&
			m.Unit >= 0 && m.Unit < len(ratio) && ratio[m.Unit] < mean/2
	}
	var first, rest []whatif.Variant
	for _, m := range moves {
		if idle(m) {
			first = append(first, m)
		} else {
			rest = append(rest, m)
		}
	}
	slices.SortStableFunc(first, func(x, y whatif.Variant) int { return cmp.Compare(ratio[x.Unit], ratio[y.Unit]) })
	return append(first, rest...)
}

// halt turns the context's end into errStop; other errors (a battle's panic) stay.
func (s *search) halt(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return errStop
	}
	return err
}

// moves are the legal single changes of a, each drop with its points spent, and a fresh
// unit of each kind the Troop Lists and the limits allow (listgen.Fresh).
func (s *search) moves(a *roster.Army) ([]whatif.Variant, error) {
	ms, err := whatif.Moves(s.cat, a, s.opt.Limits)
	if err != nil {
		return nil, err
	}
	// A unit dropped is worth what its points buy: each drop comes again with them spent
	// (whatif.Spending), since a drop alone rarely scores better than the unit did.
	var spent []whatif.Variant
	for _, m := range ms {
		if m.Kind == whatif.KindDrop {
			spent = append(spent, whatif.Spending(s.cat, a, s.opt.Limits, []whatif.Variant{m})...)
		}
	}
	ms = append(ms, spent...)
	// Fresh units of the Troop Lists (a piece of artillery with its crew), as the editor's
	// "add a unit" offers them.
	fresh := listgen.Fresh(s.cat, a, s.opt.Limits)
	var groups [][]roster.Unit
	for i := 0; i < len(fresh); i++ {
		if roster.Crewed(fresh, i) {
			groups = append(groups, fresh[i:i+2])
			i++
			continue
		}
		groups = append(groups, fresh[i:i+1])
	}
	ms = append(ms, whatif.Extra(s.cat, a, s.opt.Limits, groups)...)
	return ms, nil
}

// judgeMove plays move m on base's seeds in five looks and says whether it is accepted:
// its repeated 95% interval above zero at a look. Below a point of gain (futile) stops it
// (rejected); the last look without a verdict rejects it too.
func (s *search) judgeMove(ctx context.Context, base *trials, m whatif.Variant) (Step, bool, error) {
	f, err := s.force(m.Army)
	if err != nil {
		return Step{}, false, nil // a list the engine cannot field is not proposed
	}
	return s.compare(ctx, base, f, m.Change, m.Total, m.Army)
}

func (s *search) compare(ctx context.Context, base *trials, f *battle.Force, change string, total int, a *roster.Army) (Step, bool, error) {
	t := base.sameSeeds()
	lo := 0
	for k := 1; k <= whatif.Looks; k++ {
		hi := (k*s.n + whatif.Looks - 1) / whatif.Looks
		if err := s.j.play(ctx, f, t, lo, hi); err != nil {
			return Step{}, false, s.halt(err)
		}
		lo = hi
		d, ci := s.j.paired(base, t, hi, pocock)
		if hi < 2 {
			continue
		}
		if d != 0 && ci[0] > 0 {
			sc, sci := s.j.measure(t, hi)
			return Step{Change: change, Total: total, Score: sc, CI95: sci, Delta: round4(d), DeltaCI: [2]float64{round4(ci[0]), round4(ci[1])},
				Army: a, Battles: int(s.j.played.Load()), Effects: s.effects(base, t, hi), Turned: turned(base, t, hi)}, true, nil
		}
		if ci[1] < futile {
			return Step{}, false, nil // surely worse, or at best less than a point better
		}
	}
	return Step{}, false, nil
}

// futile is the least gain in expected score worth playing on for: a change whose repeated
// interval's upper end is below it at a look stops there (rejected). A change that turned
// no battle in the first fifth (an interval of 0 to 0) would need luck to be accepted by
// the end, and costs the most battles; stopping it does not make a change that does
// nothing likelier to be taken.
const futile = 0.01

// turned is the first battle (by trial, then opponent) whose result differs between base
// and cand over their first n trials, nil when none does.
func turned(base, cand *trials, n int) *Turned {
	for i := range n {
		for k := range base.score {
			if base.score[k][i] != cand.score[k][i] {
				return &Turned{Opponent: k, Trial: i, Seeds: base.seeds[k]}
			}
		}
	}
	return nil
}

// effects say in words how the losses moved from base to cand over their first n trials.
func (s *search) effects(base, cand *trials, n int) []string {
	o0, e0 := s.j.losses(base, n)
	o1, e1 := s.j.losses(cand, n)
	var out []string
	if d := e1 - e0; math.Abs(d) >= 1 {
		out = append(out, fmt.Sprintf("the enemy lost %.0f SGPs %s a battle", math.Abs(d), map[bool]string{true: "more", false: "fewer"}[d > 0]))
	}
	if d := o1 - o0; math.Abs(d) >= 1 {
		out = append(out, fmt.Sprintf("its own losses %s by %.0f SGPs a battle", map[bool]string{true: "rose", false: "fell"}[d > 0], math.Abs(d)))
	}
	return out
}

// restart kicks the best list with kickLen random moves, climbs from there and compares
// the climb's end with the best on fresh seeds: the end replaces the best when it is
// accepted as a change would be. Two rounds of the budget are kept for the comparison.
func (s *search) restart(ctx context.Context, r int) error {
	rng := rand.New(rand.NewPCG(s.opt.Seed^0x6b69636b, uint64(r)))
	kicked := s.best
	var what []string
	for range kickLen {
		ms, err := s.moves(kicked)
		if err != nil || len(ms) == 0 {
			break
		}
		m := ms[rng.IntN(len(ms))]
		kicked, what = m.Army, append(what, m.Change)
	}
	if len(what) == 0 {
		return errDone
	}
	s.reserve = 2 * s.per
	end, err := s.climb(ctx, kicked, &what)
	s.reserve = 0
	if err != nil && !errors.Is(err, errStop) {
		return err
	}
	if ctx.Err() != nil || sameList(end, s.best) {
		return err
	}
	t := s.seeds()
	bf, ferr := s.force(s.best)
	if ferr != nil {
		return ferr
	}
	if perr := s.j.play(ctx, bf, t, 0, s.n); perr != nil {
		return s.halt(perr)
	}
	ef, ferr := s.force(end)
	if ferr != nil {
		return err
	}
	total := costing.Evaluate(s.cat, end, s.opt.Limits).Total
	st, ok, cerr := s.compare(ctx, t, ef, "Restart: "+strings.Join(what, "; "), total, end)
	s.tried++
	if cerr != nil {
		return cerr
	}
	if ok {
		s.steps = append(s.steps, st)
		s.best = end
	}
	s.progress(ok)
	return err
}

// finish measures the start and the best on fresh seeds, paired.
func (s *search) finish(ctx context.Context, start, best *roster.Army, why string) (*Result, error) {
	t0 := s.j.newTrials(battle.BattleSeed(s.opt.Seed^0x66696e616c, 0), s.n)
	f0, err := s.force(start)
	if err != nil {
		return nil, fmt.Errorf("the army cannot take the field: %w", err)
	}
	if err := s.j.play(ctx, f0, t0, 0, s.n); err != nil {
		return nil, err
	}
	t1 := t0
	if !sameList(start, best) {
		t1 = t0.sameSeeds()
		f1, err := s.force(best)
		if err != nil {
			return nil, err
		}
		if err := s.j.play(ctx, f1, t1, 0, s.n); err != nil {
			return nil, err
		}
	}
	res := &Result{Steps: s.steps, Army: clone(best), Tried: s.tried, Limit: s.limit, Trials: s.n, Stopped: why}
	if res.Steps == nil {
		res.Steps = []Step{}
	}
	res.Start.Total = costing.Evaluate(s.cat, start, s.opt.Limits).Total
	res.Start.Score, res.Start.CI95 = s.j.measure(t0, s.n)
	res.Total = costing.Evaluate(s.cat, best, s.opt.Limits).Total
	res.Score, res.CI95 = s.j.measure(t1, s.n)
	d, ci := s.j.paired(t0, t1, s.n, z95)
	res.Delta, res.DeltaCI = round4(d), [2]float64{round4(ci[0]), round4(ci[1])}
	res.Battles = int(s.j.played.Load())
	return res, nil
}

func clone(a *roster.Army) *roster.Army {
	b, err := json.Marshal(a)
	if err != nil {
		panic("optimize: an army that cannot be written: " + err.Error())
	}
	var v roster.Army
	if err := json.Unmarshal(b, &v); err != nil {
		panic("optimize: an army that cannot be read back: " + err.Error())
	}
	return &v
}

func sameList(a, b *roster.Army) bool {
	x, _ := json.Marshal(a.Units)
	y, _ := json.Marshal(b.Units)
	return string(x) == string(y)
}
