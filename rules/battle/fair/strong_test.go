package fair

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules/battle"
)

// unequal is the mirror's field with its second side given 1,100 SGPs: the sides no longer
// share a pool, so each searches for its own strong lists, the second on the second side.
func unequal(t *testing.T) (*battle.Field, Side, Side) {
	f := mirror(t)
	a, b := side(t, f, 0), side(t, f, 1)
	l := *b.Limits
	l.Total = 1100
	b.Limits = &l
	return f, a, b
}

func runSides(t *testing.T, f *battle.Field, a, b Side, opt Options) *Report {
	t.Helper()
	r, err := Run(context.Background(), catalog(t), f, a, b, opt)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Each strong list keeps to its side's force limits and passes muster check, says the
// random list it started from, and, measured by the test on seeds of its own against the
// other side's random lists (paired with its start, 120 battles against each), is not
// worse than that start: the paired 95% interval of the difference does not lie below
// zero. Both sides: the second side's search plays the second side. On this seed each
// search takes a change (so that the comparison is not of a list with itself): a search
// that finds nothing is allowed, but every side finding nothing would test nothing.
func TestStrongListsAreLegalAndNoWorse(t *testing.T) {
	cat := catalog(t)
	f, a, b := unequal(t)
	r := runSides(t, f, a, b, Options{Battles: 60, Lists: 2, Strong: 1, StrongBudget: 1400, Seed: 1})
	changed := 0
	sides := []Side{a, b}
	for s, ls := range [][]List{r.Lists.A, r.Lists.B} {
		if len(ls) != 3 {
			t.Fatalf("side %d: %d lists, want 2 random and 1 strong", s, len(ls))
		}
		var random []List
		for _, l := range ls {
			if l.Kind == KindRandom {
				random = append(random, l)
			}
		}
		other := r.Lists.A
		if s == 0 {
			other = r.Lists.B
		}
		for _, l := range ls {
			if l.Kind != KindStrong {
				continue
			}
			lim := sides[s].Limits
			ev := costing.Evaluate(cat, l.Army, lim)
			if roster.HasErrors(ev.Problems) {
				t.Errorf("%s breaks the side's limits: %v", l.Name, ev.Problems)
			}
			if ev.Total > lim.Total || ev.Total != l.SGP {
				t.Errorf("%s costs %d (reported %d), the side's total is %d", l.Name, ev.Total, l.SGP, lim.Total)
			}
			if l.From < 1 || l.From > len(random) || l.Gain == nil || l.GainCI == nil || l.Search <= 0 || l.Search > 1400 {
				t.Fatalf("%s: from %d, gain %v, search %d battles", l.Name, l.From, l.Gain, l.Search)
			}
			if len(l.Changes) > 0 {
				changed++
			}
			start := random[l.From-1]
			d, lo, hi := freshGain(t, f, s, start.Army, l.Army, other)
			t.Logf("%s (from %s, changes %q): search's gain %+.3f %v, fresh %+.3f [%+.3f, %+.3f]", l.Name, start.Name, l.Changes, *l.Gain, *l.GainCI, d, lo, hi)
			if hi < 0 {
				t.Errorf("%s is worse than %s on fresh seeds: %+.3f [%+.3f, %+.3f]", l.Name, start.Name, d, lo, hi)
			}
		}
	}
	if changed < 2 {
		t.Errorf("%d of the two searches took a change: the test compares lists with themselves", changed)
	}
}

// freshGain is the expected score of cand minus start's, each playing side s against the
// other side's random lists, on seeds no search used (the same for both: paired), with the
// normal 95% interval of the mean difference.
func freshGain(t *testing.T, f *battle.Field, s int, start, cand *roster.Army, opps []List) (float64, float64, float64) {
	t.Helper()
	cat := catalog(t)
	const n = 120
	fs, err := force(cat, start)
	if err != nil {
		t.Fatal(err)
	}
	fc, err := force(cat, cand)
	if err != nil {
		t.Fatal(err)
	}
	score := func(mine *battle.Force, opp *battle.Force, seed uint64) float64 {
		x, y := mine, opp
		if s == 1 {
			x, y = opp, mine
		}
		switch battle.New(f, x, y).Play(seed, nil).Winner {
		case s:
			return 1
		case -1:
			return 0.5
		}
		return 0
	}
	var ds []float64
	for k, o := range opps {
		if o.Kind != KindRandom {
			continue
		}
		fo, err := force(cat, o.Army)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			seed := battle.BattleSeed(0xf7e54, uint64(k*n+i))
			ds = append(ds, score(fc, fo, seed)-score(fs, fo, seed))
		}
	}
	m, ss := 0.0, 0.0
	for _, d := range ds {
		m += d
	}
	m /= float64(len(ds))
	for _, d := range ds {
		ss += (d - m) * (d - m)
	}
	h := 1.96 * math.Sqrt(ss/float64(len(ds)-1)/float64(len(ds)))
	return m, m - h, m + h
}

// Strong lists follow from the seed: the same seed gives the same report, lists and all,
// whatever the workers; the progress reaches its planned total (Plan).
func TestStrongSameSeedSameReport(t *testing.T) {
	f, a, b := unequal(t)
	last, total := 0, 0
	opt := Options{Battles: 20, Lists: 1, Strong: 1, StrongBudget: 200, Seed: 8, Workers: 1,
		Progress: func(d, n int) { last, total = max(last, d), n }}
	x, _ := json.Marshal(runSides(t, f, a, b, opt))
	if want := Plan(a, b, opt); total != want || last != want {
		t.Errorf("progress reached %d of %d, want %d of %d", last, total, want, want)
	}
	opt.Workers, opt.Progress = 3, nil
	y, _ := json.Marshal(runSides(t, f, a, b, opt))
	if string(x) != string(y) {
		t.Error("two reports from one seed")
	}
	if !strings.Contains(string(x), `"kind":"strong"`) {
		t.Error("no strong list in the report")
	}
}

// With no strong lists asked (the default) nothing is searched: every list is a random
// one, and the battles are those of K random lists a side (Strong 0 and a budget give the
// same report as neither).
func TestNoStrongIsTheDefault(t *testing.T) {
	f := mirror(t)
	x, _ := json.Marshal(run(t, f, Options{Battles: 24, Lists: 2, Seed: 5}))
	y, _ := json.Marshal(run(t, f, Options{Battles: 24, Lists: 2, Seed: 5, StrongBudget: 500}))
	if string(x) != string(y) {
		t.Error("a strong budget with no strong lists changed the report")
	}
	var r Report
	if err := json.Unmarshal(x, &r); err != nil {
		t.Fatal(err)
	}
	for _, l := range append(r.Lists.A, r.Lists.B...) {
		if l.Kind != KindRandom || l.Gain != nil || l.From != 0 {
			t.Errorf("%s: kind %q, from %d", l.Name, l.Kind, l.From)
		}
	}
	if r.Battles != Planned(24, 2) {
		t.Errorf("%d battles a handicap, want %d", r.Battles, Planned(24, 2))
	}
}

// Strong lists out of range, or with nothing to start from, are refused naming the field.
func TestStrongBadInput(t *testing.T) {
	cat := catalog(t)
	f := mirror(t)
	a, b := side(t, f, 0), side(t, f, 1)
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{Battles: 20, Lists: 2, Strong: 3}, "strong: give between 0 and 2"},
		{Options{Battles: 20, Strong: -1}, "strong: give between 0 and 3"},
		{Options{Battles: 20, Strong: 1, StrongBudget: -5}, "strong budget"},
		{Options{Battles: 20, Strong: 1, StrongBudget: 50}, "strong budget: 50 battles cannot search"},
	} {
		_, err := Run(context.Background(), cat, f, a, b, c.opt)
		var ie *InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.opt, err, c.want)
		}
	}
	army := func(s int) *roster.Army {
		r := run(t, f, Options{Battles: 1, Lists: 1, Seed: uint64(s)})
		return r.Lists.A[0].Army
	}
	_, err := Run(context.Background(), cat, f, Side{Lists: []*roster.Army{army(1)}}, Side{Lists: []*roster.Army{army(2)}}, Options{Battles: 10, Strong: 1})
	if err == nil || !strings.Contains(err.Error(), "both sides' lists are given") {
		t.Errorf("strong lists with both sides' lists given: %v", err)
	}
}
