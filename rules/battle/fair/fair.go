// Package fair answers Chapter Ten's "Is this fair? Uh, beats us. Try it and find out."
// (issue 33): for a scenario and the two sides' lists (given, or random lists built within
// each side's force limits by costing/listgen), it plays battles with the engine and
// reports each side's win rate, side A's expected score, and the handicap that evens it:
// the SGPs to add to one side's total for an expected score of a half, read off a logistic
// curve of expected score against handicap fitted to battles played at several handicaps
// (fit.go; docs/fair.md, docs/decisions.md). The same inputs and seed give the same
// report, whatever the workers.
package fair

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync/atomic"

	"muster/costing"
	"muster/costing/listgen"
	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/battle/optimize"
)

// DefaultLists is how many random lists each side plays when none are given.
const DefaultLists = 3

// Points is how many handicaps the curve is played at: 0, and Points/2 steps each way.
const Points = 7

// blocks is how many blocks of seeds each pair of lists' battles at a handicap fall in:
// the clusters of the fit's sandwich (fit.go).
const blocks = 8

// MaxBattles bounds the battles at each handicap.
const MaxBattles = 100_000

// MaxStrongBudget bounds the battles one strong list's search plays.
const MaxStrongBudget = 1_000_000

// minTrials is the fewest trials (a battle against each opposing list) a strong list's
// search compares a change on: below it no change could be told better.
const minTrials = 4

// Side is what one side plays: its lists, or the limits and Troop List to build K random
// lists within.
type Side struct {
	// Lists, when given, are played as they are (their own rules checked).
	Lists []*roster.Army
	// Limits and TroopList are the side's force limits and Troop List, for random lists.
	Limits    *roster.Limits
	TroopList string
}

// Options say how to answer.
type Options struct {
	// Battles is how many battles are played at each handicap (spread evenly over the pairs
	// of lists, rounded up to a whole number each).
	Battles int
	Seed    uint64
	// Lists is K, the random lists per side (0: DefaultLists).
	Lists int
	// Strong is S, the strong lists per side that plays random lists (0, the default:
	// none; at most K): strong list i is the list optimizer's search (rules/battle/optimize)
	// from the side's random list i against the other side's lists as given or drawn (not
	// its strong ones), within the side's force limits. Each is played like a random list:
	// the pairs are then (K+S) x (K+S).
	Strong int
	// StrongBudget is the most battles each strong list's search plays, its final measure
	// included (0: DefaultStrongBudget of Battles).
	StrongBudget int
	// Step is the handicap between the curve's points in SGPs (0: a fifth of the larger
	// side's total, to the nearest 50).
	Step int
	// Workers is how many goroutines play; 0 means one per CPU. The report does not depend
	// on it.
	Workers int
	// Progress, when set, is called with the battles played so far and the total, from the
	// workers: it must be safe for concurrent use.
	Progress func(done, total int)
}

// Report is the answer: the JSON of `muster fair --json`.
type Report struct {
	Scenario string `json:"scenario"`
	// Battles is how many battles were played at each handicap.
	Battles int `json:"battles"`
	// WinRate and CI95 are at no handicap: side A's and B's win rates (Wilson's 95%
	// interval) and the draws'.
	WinRate struct {
		A    float64 `json:"a"`
		B    float64 `json:"b"`
		Draw float64 `json:"draw"`
	} `json:"win_rate"`
	CI95 struct {
		A [2]float64 `json:"a"`
		B [2]float64 `json:"b"`
	} `json:"ci95"`
	// ExpectedScoreA is side A's expected score at no handicap (a win 1, a draw a half).
	ExpectedScoreA float64  `json:"expected_score_a"`
	Handicap       Handicap `json:"handicap"`
	Curve          []Point  `json:"curve"`
	Lists          struct {
		A []List `json:"a"`
		B []List `json:"b"`
	} `json:"lists"`

	// For the plain answer; not part of the JSON.
	ScenarioName string     `json:"-"`
	SideNames    [2]string  `json:"-"`
	Seed         uint64     `json:"-"`
	ScoreCI95    [2]float64 `json:"-"` // side A's expected score's interval at no handicap
	DrawCI95     [2]float64 `json:"-"`
	Random       [2]bool    `json:"-"` // the side's lists were built at random
	Shared       bool       `json:"-"` // both sides drew from one pool of lists (mirror)
	Limits       [2]int     `json:"-"` // the totals the random lists were built to
}

// Handicap is the SGPs to add to one side's total for an expected score of a half: Side
// "a" or "b", SGP at least 0, and its 95% interval in SGPs added to that side (a negative
// end: the other side might need them). Bounded is false when the curve is too flat to
// say: the interval then spans the largest handicap allowed (a whole army each way).
type Handicap struct {
	Side    string     `json:"side"`
	SGP     float64    `json:"sgp"`
	CI95    [2]float64 `json:"ci95"`
	Bounded bool       `json:"-"`
}

// Point is one point of the curve: SGPs added to side A's total (negative: to side B's),
// and A's expected score there with its 95% interval.
type Point struct {
	HandicapSGP    int        `json:"handicap_sgp"`
	ExpectedScoreA float64    `json:"expected_score_a"`
	CI95           [2]float64 `json:"ci95"`
	// Fitted is the logistic curve's value there.
	Fitted float64 `json:"-"`
}

// List is a list played at no handicap: its name, its SGPs, and the army file itself (as
// JSON), which `muster check` and `muster sim` take as they are. Kind says where it came
// from: "given" (the asker's), "random" (costing/listgen) or "strong" (the optimizer's
// search from random list From, 1 for the first).
type List struct {
	Name string       `json:"name"`
	SGP  int          `json:"sgp"`
	Army *roster.Army `json:"army"`
	Kind string       `json:"kind"`
	// For a strong list: From, the random list it started from (1 for the first), and its
	// gain in expected score over it against the other side's lists, measured on seeds the
	// search never used, with its 95% interval, and the battles the search played.
	From    int         `json:"from,omitempty"`
	Gain    *float64    `json:"gain,omitempty"`
	GainCI  *[2]float64 `json:"gain_ci95,omitempty"`
	Changes []string    `json:"changes,omitempty"`
	Search  int         `json:"search_battles,omitempty"`
}

// The kinds of lists.
const (
	KindGiven  = "given"
	KindRandom = "random"
	KindStrong = "strong"
)

// DefaultStrongBudget is how many battles a strong list's search plays unless told: as many
// as the curve plays (Points handicaps of battles each), so that one strong list a side
// makes the test three times the battles on a scenario whose sides differ, twice on a
// mirror (docs/fair.md, docs/decisions.md: half as many found too little to tell).
func DefaultStrongBudget(battles int) int { return Points * battles }

// InputError is a mistake in what was asked: the command line says it and exits 2.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

func inputErr(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

// sideList is one list of a side, as played at no handicap, and what it scales from.
type sideList struct {
	army   *roster.Army
	limits *roster.Limits // what Scale keeps to (total replaced)
	total  int            // its SGPs (the base the handicap adds to)
	rep    List           // how the report names it (Army and SGP filled in by Run)
}

// Run answers for the scenario on field with sides a (field.Scenario.Sides[0]) and b.
func Run(ctx context.Context, cat *rules.Catalog, field *battle.Field, a, b Side, opt Options) (*Report, error) {
	if opt.Battles < 1 || opt.Battles > MaxBattles {
		return nil, inputErr("battles: give between 1 and %d battles at each handicap", MaxBattles)
	}
	k := opt.Lists
	if k == 0 {
		k = DefaultLists
	}
	if k < 1 || k > 10 {
		return nil, inputErr("lists: give between 1 and 10 random lists a side")
	}
	if opt.Strong < 0 || opt.Strong > k {
		return nil, inputErr("strong: give between 0 and %d strong lists a side (each starts from one of the side's %d random lists: ask for more random lists, or fewer strong ones)", k, k)
	}
	budget := opt.StrongBudget
	if budget == 0 {
		budget = DefaultStrongBudget(opt.Battles)
	}
	if budget < 0 || budget > MaxStrongBudget {
		return nil, inputErr("strong budget: give between 1 and %d battles for each strong list's search, or 0 for %d (as many as the curve's)", MaxStrongBudget, DefaultStrongBudget(opt.Battles))
	}
	rep := &Report{Scenario: field.Scenario.ID, ScenarioName: field.Scenario.Name, Seed: opt.Seed}
	for s := range 2 {
		rep.SideNames[s] = field.Scenario.Sides[s].Name
	}
	pl := planOf(a, b, opt)
	shared := pl.shared
	var lists [2][]sideList
	for s, sd := range []Side{a, b} {
		if s == 1 && shared {
			lists[1] = lists[0]
			continue
		}
		ls, err := sideLists(cat, sd, k, opt.Seed, s, rep.SideNames[s])
		if err != nil {
			return nil, err
		}
		lists[s] = ls
		rep.Random[s] = len(sd.Lists) == 0
		if rep.Random[s] {
			rep.Limits[s] = sd.Limits.Total
		}
	}
	rep.Shared = shared
	if shared {
		rep.Random[1], rep.Limits[1] = true, rep.Limits[0]
	}

	// The strong lists' searches, S for each side that plays random lists (a mirror's
	// once, for its one pool), each against the other side's lists as they are now: given
	// or random, never strong, so that no search depends on another's answer.
	searches := pl.searches
	if opt.Strong > 0 && searches[0]+searches[1] == 0 {
		return nil, inputErr("strong: both sides' lists are given, and strong lists are searched for only from random ones; leave strong at 0")
	}
	var trials [2]int
	for s := range 2 {
		if searches[s] == 0 {
			continue
		}
		// The paired comparison's size: an eighth of the budget in rounds of a trial against
		// each opposing list. The first list's round and the final measure's two leave
		// about five rounds for changes, a change clearly worse stopping at a fifth of a
		// round: a few dozen changes tried. A sixteenth found nothing in 700 battles (too
		// few trials to tell a gain); an eighth found an idle squad to drop.
		opp := len(lists[1-s])
		trials[s] = min(optimize.DefaultBattles, budget/(8*opp))
		if trials[s] < minTrials {
			return nil, inputErr("strong budget: %d battles cannot search for a strong list of %s against %d lists; give at least %d",
				budget, rep.SideNames[s], opp, 8*minTrials*opp)
		}
	}
	perPair, total := pl.perPair, pl.total
	rep.Battles = pl.battles
	var done atomic.Int64
	var strong [2][]sideList
	for s := range 2 {
		for i := range searches[s] {
			base := int(done.Load())
			l, err := strongList(ctx, cat, field, lists[s][i], lists[1-s], s, i, rep.SideNames[s], optimize.Options{
				Battles: trials[s], Seed: battle.BattleSeed(opt.Seed^0x7374726f6e67, uint64(s)<<8|uint64(i)), Budget: budget,
				Limits: lists[s][i].limits, Side: s, Workers: opt.Workers,
				Progress: func(p optimize.Progress) {
					done.Store(int64(base + p.Battles))
					if opt.Progress != nil {
						opt.Progress(base+p.Battles, total)
					}
				}})
			if err != nil {
				return nil, err
			}
			strong[s] = append(strong[s], l)
			// The search's planned budget counts as played, whatever it left unspent, so
			// that the progress reaches its total.
			done.Store(int64(base + budget))
		}
	}
	for s := range 2 {
		lists[s] = append(lists[s], strong[s]...)
	}
	if shared {
		lists[1] = lists[0]
	}
	for s := range 2 {
		for _, l := range lists[s] {
			x := l.rep
			x.Name, x.SGP, x.Army = l.army.Name, l.total, l.army
			if s == 0 {
				rep.Lists.A = append(rep.Lists.A, x)
			} else {
				rep.Lists.B = append(rep.Lists.B, x)
			}
		}
	}

	step := opt.Step
	if step <= 0 {
		big := 0
		for s := range 2 {
			for _, l := range lists[s] {
				big = max(big, l.total)
			}
		}
		step = max(50, int(math.Round(float64(big)/5/50))*50)
	}
	nb := min(blocks, perPair)
	pairs := len(lists[0]) * len(lists[1])
	if pairs*perPair != rep.Battles {
		return nil, fmt.Errorf("fair: %d pairs of lists played, not the %d planned", pairs, rep.Battles/perPair)
	}

	// Each handicap's forces: side A's lists grown by h, or side B's by -h.
	hs := make([]int, Points)
	for i := range hs {
		hs[i] = (i - Points/2) * step
	}
	clusters := make([][]cell, pairs*nb)
	for _, h := range hs {
		var forces [2][]*battle.Force
		for s := range 2 {
			add := 0
			if s == 0 && h > 0 {
				add = h
			}
			if s == 1 && h < 0 {
				add = -h
			}
			for li, l := range lists[s] {
				f, err := forceAt(cat, l, add)
				if err != nil {
					return nil, fmt.Errorf("%s list %d (%s) at a handicap of %d SGPs: %w", Possessive(rep.SideNames[s]), li+1, l.army.Name, add, err)
				}
				forces[s] = append(forces[s], f)
			}
		}
		var w, bw, d, n int
		for i := range lists[0] {
			for j := range lists[1] {
				p := i*len(lists[1]) + j
				// A pair's battles have the same seeds at every handicap.
				seed := battle.BattleSeed(opt.Seed, uint64(p))
				for bi, span := range battle.Split(perPair, (perPair+nb-1)/nb) {
					c, err := battle.PlayChunk(ctx, field, forces[0][i], forces[1][j], battle.ChunkOptions{
						Seed: seed, First: span.First, Count: span.Count, Workers: opt.Workers,
						Progress: func(int) {
							x := int(done.Add(1))
							if opt.Progress != nil {
								opt.Progress(x, total)
							}
						}})
					if err != nil {
						var be *battle.BattleError
						if errors.As(err, &be) {
							return nil, fmt.Errorf("%s against %s at a handicap of %d SGPs: %w", forces[0][i].Name, forces[1][j].Name, h, err)
						}
						return nil, err
					}
					w += c.Wins[0]
					bw += c.Wins[1]
					d += c.Draws
					n += c.Count
					cl := p*nb + min(bi, nb-1)
					clusters[cl] = append(clusters[cl], cell{x: float64(h) / float64(step), n: float64(c.Count),
						score: float64(c.Wins[0]) + float64(c.Draws)/2})
				}
			}
		}
		sc, ci := battle.Score(w, d, n)
		rep.Curve = append(rep.Curve, Point{HandicapSGP: h, ExpectedScoreA: sc, CI95: ci})
		if h == 0 {
			rep.WinRate.A, rep.CI95.A = rate(w, n)
			rep.WinRate.B, rep.CI95.B = rate(bw, n)
			rep.WinRate.Draw, rep.DrawCI95 = rate(d, n)
			rep.ExpectedScoreA, rep.ScoreCI95 = sc, ci
		}
	}

	fit := fitLogistic(clusters)
	for i := range rep.Curve {
		rep.Curve[i].Fitted = round4(fit.at(float64(rep.Curve[i].HandicapSGP) / float64(step)))
	}
	x, lo, hi, bounded := fit.even()
	// No handicap beyond a whole army makes sense: the interval stops there.
	limit := 0
	for s := range 2 {
		for _, l := range lists[s] {
			limit = max(limit, l.total)
		}
	}
	clip := func(v float64) float64 { return math.Max(-float64(limit), math.Min(float64(limit), v)) }
	hx := clip(x * float64(step))
	hlo, hhi := clip(lo*float64(step)), clip(hi*float64(step))
	if !fit.ok {
		bounded = false
	}
	if !bounded {
		hlo, hhi = -float64(limit), float64(limit)
	}
	rep.Handicap = Handicap{Side: "a", SGP: math.Round(hx), CI95: [2]float64{math.Round(hlo), math.Round(hhi)}, Bounded: bounded}
	if hx < 0 {
		rep.Handicap = Handicap{Side: "b", SGP: math.Round(-hx), CI95: [2]float64{math.Round(-hhi), math.Round(-hlo)}, Bounded: bounded}
	}
	if rep.Handicap.SGP == 0 {
		rep.Handicap.SGP = 0 // no "-0" in the JSON
	}
	return rep, nil
}

// sideLists are the side's lists: those given (their own rules checked), or k random ones
// within its limits, list k of side s drawn from the seed's stream for (s, k).
func sideLists(cat *rules.Catalog, sd Side, k int, seed uint64, s int, name string) ([]sideList, error) {
	var out []sideList
	if len(sd.Lists) > 0 {
		for _, a := range sd.Lists {
			r := costing.Evaluate(cat, a, nil)
			for _, p := range r.Problems {
				if p.Severity == roster.Error {
					where := p.Where
					if where != "" {
						where += ": "
					}
					return nil, inputErr("%s army %q breaks its rules: %s%s; fix it (muster check shows every problem)", Possessive(name), a.Name, where, p.Message)
				}
			}
			out = append(out, sideList{army: a, limits: a.Limits, total: r.Total, rep: List{Kind: KindGiven}})
		}
		return out, nil
	}
	if sd.Limits == nil || sd.Limits.Total <= 0 {
		return nil, inputErr("the scenario gives %s no force limits with a total: add \"limits\": {\"total\": 1500} to its side, or give both sides' armies", name)
	}
	tl := sd.TroopList
	if tl == "" && len(sd.Limits.Sides) > 0 {
		tl = string(sd.Limits.Sides[0])
	}
	if tl == "" {
		return nil, inputErr("the scenario gives %s no Troop List: add \"troop_list\": \"imperial\" (or \"rebel\") to its side", name)
	}
	if _, err := listgen.Side(cat, tl); err != nil {
		return nil, inputErr("%s: %v", name, err)
	}
	if ps := roster.LimitsBounds(sd.Limits, "limits"); roster.HasErrors(ps) {
		return nil, inputErr("%s limits: %s", Possessive(name), firstError(ps))
	}
	for i := range k {
		rng := rand.New(rand.NewPCG(seed, 0x6661697200+uint64(s)<<8+uint64(i)))
		a, err := listgen.Random(cat, tl, sd.Limits, rng)
		if err != nil {
			return nil, inputErr("%s: %v", name, err)
		}
		a.Name = fmt.Sprintf("%s random list %d", name, i+1)
		out = append(out, sideList{army: a, limits: sd.Limits, total: costing.Evaluate(cat, a, sd.Limits).Total, rep: List{Kind: KindRandom}})
	}
	return out, nil
}

// strongList is side s's strong list i: the optimizer's search from random list from
// against the opposing lists opps, the list playing side s, within from's limits.
func strongList(ctx context.Context, cat *rules.Catalog, field *battle.Field, from sideList, opps []sideList, s, i int, name string, o optimize.Options) (sideList, error) {
	field2 := make([]optimize.Opponent, len(opps))
	for k, l := range opps {
		field2[k] = optimize.Opponent{Army: l.army}
	}
	res, err := optimize.Run(ctx, cat, field, from.army, field2, o)
	if err != nil {
		return sideList{}, fmt.Errorf("%s strong list %d (from %s): %w", Possessive(name), i+1, from.army.Name, err)
	}
	a := res.Army
	a.Name = fmt.Sprintf("%s strong list %d", name, i+1)
	gain, ci := res.Delta, res.DeltaCI
	l := List{Kind: KindStrong, From: i + 1, Gain: &gain, GainCI: &ci, Search: res.Battles}
	for _, st := range res.Steps {
		l.Changes = append(l.Changes, st.Change)
	}
	return sideList{army: a, limits: from.limits, total: costing.Evaluate(cat, a, from.limits).Total, rep: l}, nil
}

func firstError(ps []roster.Problem) string {
	for _, p := range ps {
		if p.Severity == roster.Error {
			return p.Message
		}
	}
	return ""
}

// forceAt is the list's force with add SGPs more to spend (listgen.Scale), or as it is.
func forceAt(cat *rules.Catalog, l sideList, add int) (*battle.Force, error) {
	a := l.army
	if add > 0 {
		var err error
		if a, err = listgen.Scale(cat, l.army, l.limits, l.total+add); err != nil {
			return nil, err
		}
		a.Name = l.army.Name
	}
	return force(cat, a)
}

// force is the one place this package makes an army into the engine's figures.
func force(cat *rules.Catalog, a *roster.Army) (*battle.Force, error) {
	fc, _ := costing.CatalogFor(cat, a)
	f, err := muster.NewForce(fc, a)
	if err != nil {
		return nil, fmt.Errorf("the army cannot take the field: %w", err)
	}
	return f, nil
}

// rate is a proportion and its Wilson 95% interval, to four places.
func rate(k, n int) (float64, [2]float64) {
	lo, hi := battle.Wilson(k, n)
	return round4(float64(k) / float64(n)), [2]float64{round4(lo), round4(hi)}
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// ScenarioSide is side s of the scenario as its file gives it: its force limits and Troop
// List, for random lists. Limits that do not read are an error naming the side.
func ScenarioSide(field *battle.Field, s int) (Side, error) {
	sd := field.Scenario.Sides[s]
	out := Side{TroopList: sd.TroopList}
	if len(sd.Limits) > 0 && string(sd.Limits) != "null" {
		out.Limits = &roster.Limits{}
		dec := json.NewDecoder(bytes.NewReader(sd.Limits))
		dec.DisallowUnknownFields()
		if err := dec.Decode(out.Limits); err != nil {
			return Side{}, fmt.Errorf("%s's limits in the scenario file: %v", sd.Name, err)
		}
	}
	return out, nil
}

// Extra is what the report's JSON leaves out and its pages show: kept beside the JSON by a
// job that saves the report, and put back with SetExtra.
type Extra struct {
	ScenarioName string     `json:"scenario_name"`
	SideNames    [2]string  `json:"side_names"`
	Seed         uint64     `json:"seed"`
	ScoreCI95    [2]float64 `json:"score_ci95"`
	DrawCI95     [2]float64 `json:"draw_ci95"`
	Random       [2]bool    `json:"random"`
	Shared       bool       `json:"shared"`
	Limits       [2]int     `json:"limits"`
	Bounded      bool       `json:"bounded"`
	Fitted       []float64  `json:"fitted"`
}

// Extra is the report's Extra.
func (r *Report) Extra() Extra {
	e := Extra{ScenarioName: r.ScenarioName, SideNames: r.SideNames, Seed: r.Seed, ScoreCI95: r.ScoreCI95, DrawCI95: r.DrawCI95,
		Random: r.Random, Shared: r.Shared, Limits: r.Limits, Bounded: r.Handicap.Bounded}
	for _, p := range r.Curve {
		e.Fitted = append(e.Fitted, p.Fitted)
	}
	return e
}

// SetExtra puts back what Extra kept.
func (r *Report) SetExtra(e Extra) {
	r.ScenarioName, r.SideNames, r.Seed, r.ScoreCI95, r.DrawCI95 = e.ScenarioName, e.SideNames, e.Seed, e.ScoreCI95, e.DrawCI95
	r.Random, r.Shared, r.Limits, r.Handicap.Bounded = e.Random, e.Shared, e.Limits, e.Bounded
	for i := range r.Curve {
		if i < len(e.Fitted) {
			r.Curve[i].Fitted = e.Fitted[i]
		}
	}
}

// Planned is how many battles Run plays at each handicap when asked for n with k lists a
// side: n spread over the k x k pairs, rounded up to a whole number each.
func Planned(n, k int) int {
	pairs := k * k
	return (n + pairs - 1) / pairs * pairs
}

// plan is what Run will play for two sides and options (valid ones): whether the sides
// share one pool of lists, the strong lists' searches each side makes, each search's
// budget, the battles at each handicap and for each pair, and the most battles in all (the
// searches' budgets and the curve's).
type plan struct {
	shared           bool
	searches         [2]int
	budget           int
	perPair, battles int
	total            int
}

func planOf(a, b Side, opt Options) plan {
	k := opt.Lists
	if k == 0 {
		k = DefaultLists
	}
	var p plan
	p.shared = len(a.Lists) == 0 && len(b.Lists) == 0 && a.TroopList != "" &&
		a.TroopList == b.TroopList && reflect.DeepEqual(a.Limits, b.Limits)
	p.budget = opt.StrongBudget
	if p.budget == 0 {
		p.budget = DefaultStrongBudget(opt.Battles)
	}
	var n [2]int
	for s, sd := range []Side{a, b} {
		n[s] = len(sd.Lists)
		if n[s] == 0 {
			n[s] = k
			if !(s == 1 && p.shared) {
				p.searches[s] = opt.Strong
			}
		}
		n[s] += p.searches[s]
	}
	if p.shared {
		n[1] = n[0]
	}
	pairs := n[0] * n[1]
	p.perPair = (opt.Battles + pairs - 1) / pairs
	p.battles = p.perPair * pairs
	p.total = (p.searches[0]+p.searches[1])*p.budget + Points*p.battles
	return p
}

// Plan is the most battles Run plays for the sides and options, the strong lists'
// searches included: what a job's progress counts to.
func Plan(a, b Side, opt Options) int { return planOf(a, b, opt).total }

// WithTotals are the scenario's two sides with their totals set (each side's other clauses
// kept) and, where troopLists names one, its Troop List (the limits' sides then that one).
func WithTotals(field *battle.Field, totals [2]int, troopLists [2]string) ([2]Side, error) {
	var out [2]Side
	for s := range 2 {
		sd, err := ScenarioSide(field, s)
		if err != nil {
			return out, err
		}
		var l roster.Limits
		if sd.Limits != nil {
			l = *sd.Limits
		}
		l.Total = totals[s]
		if tl := troopLists[s]; tl != "" && tl != sd.TroopList {
			sd.TroopList = tl
			l.Sides = []rules.Side{rules.Side(tl)}
		}
		sd.Limits = &l
		out[s] = sd
	}
	return out, nil
}

// Possessive is a side's name with its possessive ending: "the Imperials'", "South's".
func Possessive(name string) string {
	if strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return name + "'s"
}
