package fair

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
)

func catalog(t *testing.T) *rules.Catalog {
	t.Helper()
	cat, err := rules.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func mirror(t *testing.T) *battle.Field {
	t.Helper()
	b, err := os.ReadFile("testdata/mirror.json")
	if err != nil {
		t.Fatal(err)
	}
	f, err := battle.ParseScenario(b)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func run(t *testing.T, field *battle.Field, opt Options) *Report {
	t.Helper()
	r, err := Run(context.Background(), catalog(t), field, side(t, field, 0), side(t, field, 1), opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// On the mirror scenario (the open field, a point reflection through its centre, and the
// same limits and Troop List each side) the two sides draw their lists from one pool and
// play every pair both ways, so the answer is a half and no handicap, up to chance. At 450
// battles a handicap the expected score's standard error is at most 0.5/√450 = 0.024: 0.05
// is 2.1 standard errors (a fair engine fails it for 3.6% of seeds; this seed is fixed).
func TestMirrorIsFair(t *testing.T) {
	r := run(t, mirror(t), Options{Battles: 450, Seed: 1})
	if d := r.ExpectedScoreA - 0.5; d > 0.05 || d < -0.05 {
		t.Errorf("expected score %.4f, not within 0.05 of a half", r.ExpectedScoreA)
	}
	h := r.Handicap
	lo, hi := h.CI95[0], h.CI95[1]
	if !(lo <= 0 && hi >= 0) {
		t.Errorf("handicap %+v: its interval does not cover 0", h)
	}
	if !r.Shared || len(r.Lists.A) != DefaultLists || r.Lists.A[0].Name != r.Lists.B[0].Name {
		t.Errorf("the mirror's sides did not share their lists: %v", r.Lists)
	}
	// More points are worth more: the curve rises from its first point to its last.
	if c := r.Curve; c[0].ExpectedScoreA >= c[len(c)-1].ExpectedScoreA {
		t.Errorf("the curve does not rise: %+v", c)
	}
	t.Logf("mirror: expected score %.4f %v, handicap %+v", r.ExpectedScoreA, r.ScoreCI95, h)
}

// The book's Sample Game gives the Imperials 1,500 SGPs against the Rebels' 2,000, set up
// hidden in the hills on their way: the Imperials need points to make it even, surely
// (the handicap's whole 95% interval above 0).
func TestSampleGameFavoursTheRebels(t *testing.T) {
	f, err := battle.LoadScenario("sample-game")
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, f, Options{Battles: 200, Seed: 1})
	if h := r.Handicap; h.Side != "a" || h.SGP <= 0 || h.CI95[0] <= 0 {
		t.Errorf("handicap %+v: want the Imperials (a) given points, surely", h)
	}
	if r.ExpectedScoreA >= 0.5 {
		t.Errorf("the Imperials' expected score %.4f", r.ExpectedScoreA)
	}
	t.Logf("sample game: expected score %.4f, handicap %+v", r.ExpectedScoreA, r.Handicap)
}

// The same seed gives the same report, whatever the workers; another seed another.
func TestSameSeedSameReport(t *testing.T) {
	f := mirror(t)
	x, _ := json.Marshal(run(t, f, Options{Battles: 24, Lists: 2, Seed: 5, Workers: 1}))
	y, _ := json.Marshal(run(t, f, Options{Battles: 24, Lists: 2, Seed: 5, Workers: 3}))
	z, _ := json.Marshal(run(t, f, Options{Battles: 24, Lists: 2, Seed: 6, Workers: 1}))
	if string(x) != string(y) {
		t.Error("two reports from one seed")
	}
	if string(x) == string(z) {
		t.Error("one report from two seeds")
	}
}

// The fit finds a curve it is given: battles drawn from p(x) = σ(-0.6 + 0.5x) (the even
// handicap at x = 1.2) at seven handicaps, 400 each, in 40 clusters. Fieller's 95%
// interval covers 1.2 (it would miss for 5% of draws; this draw is fixed).
func TestFitFindsAKnownCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	clusters := make([][]cell, 40)
	for x := -3.0; x <= 3; x++ {
		p := sigmoid(-0.6 + 0.5*x)
		for c := range clusters {
			s := 0.0
			for range 10 {
				if rng.Float64() < p {
					s++
				}
			}
			clusters[c] = append(clusters[c], cell{x: x, n: 10, score: s})
		}
	}
	f := fitLogistic(clusters)
	x, lo, hi, ok := f.even()
	if !ok || lo > 1.2 || hi < 1.2 || x < 0.6 || x > 1.8 {
		t.Errorf("even at %.3f (%.3f to %.3f, bounded %v), want 1.2; a %.3f b %.3f", x, lo, hi, ok, f.a, f.b)
	}
	// A flat curve: no even point can be told.
	flat := [][]cell{{{x: -1, n: 10, score: 5}, {x: 1, n: 10, score: 5}}, {{x: -1, n: 10, score: 6}, {x: 1, n: 10, score: 4}}}
	if _, _, _, ok := fitLogistic(flat).even(); ok {
		t.Error("a flat curve has a bounded even point")
	}
}

// What cannot be answered says what to give.
func TestBadInput(t *testing.T) {
	cat := catalog(t)
	open, _ := battle.LoadScenario("open-field")
	_, err := Run(context.Background(), cat, open, side(t, open, 0), side(t, open, 1), Options{Battles: 10})
	var ie *InputError
	if !errors.As(err, &ie) || !strings.Contains(err.Error(), "limits") {
		t.Errorf("a scenario without limits: %v", err)
	}
	f := mirror(t)
	for _, opt := range []Options{{Battles: 0}, {Battles: 10, Lists: 11}} {
		if _, err := Run(context.Background(), cat, f, side(t, f, 0), side(t, f, 1), opt); !errors.As(err, &ie) {
			t.Errorf("%+v: %v", opt, err)
		}
	}
	if _, err := Run(context.Background(), cat, f, Side{Limits: &roster.Limits{Total: 1000}, TroopList: "hutt"}, side(t, f, 1), Options{Battles: 10}); !errors.As(err, &ie) || !strings.Contains(err.Error(), "imperial") {
		t.Errorf("an unknown Troop List: %v", err)
	}
}

// Fieller's interval with the sandwich covers the even handicap about 95% of the time: 400
// draws of battles from p(x) = σ(-0.6 + 0.4x) (even at x = 1.5), 72 clusters of 8 battles at
// each of seven handicaps. The share covering is within 0.90 to 0.99 (a 95% interval's
// coverage over 400 draws has a standard error of 0.011: the band is four of them each way).
func TestFiellerCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 1))
	covered := 0
	const draws = 400
	for range draws {
		clusters := make([][]cell, 72)
		for c := range clusters {
			for x := -3.0; x <= 3; x++ {
				p := sigmoid(-0.6 + 0.4*x)
				s := 0.0
				for range 8 {
					if rng.Float64() < p {
						s++
					}
				}
				clusters[c] = append(clusters[c], cell{x: x, n: 8, score: s})
			}
		}
		if _, lo, hi, ok := fitLogistic(clusters).even(); ok && lo <= 1.5 && hi >= 1.5 {
			covered++
		}
	}
	if share := float64(covered) / draws; share < 0.90 || share > 0.99 {
		t.Errorf("the interval covered the even handicap in %.3f of the draws, want about 0.95", share)
	} else {
		t.Logf("coverage %.3f", share)
	}
}

// side is ScenarioSide, failing the test when the scenario's limits do not read.
func side(t *testing.T, field *battle.Field, s int) Side {
	t.Helper()
	sd, err := ScenarioSide(field, s)
	if err != nil {
		t.Fatal(err)
	}
	return sd
}
