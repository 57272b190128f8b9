package listgen

import (
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

func catalog(t *testing.T) *rules.Catalog {
	t.Helper()
	cat, err := rules.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func readLimits(t *testing.T, path string) *roster.Limits {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l, err := roster.ReadLimits(b)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func hasErrors(cat *rules.Catalog, a *roster.Army, l *roster.Limits) []roster.Problem {
	var es []roster.Problem
	for _, p := range costing.Evaluate(cat, a, l).Problems {
		if p.Severity == roster.Error {
			es = append(es, p)
		}
	}
	return es
}

// Every fresh unit, added alone to an empty army, passes muster check's check.
func TestFreshUnitsAreLegal(t *testing.T) {
	cat := catalog(t)
	for _, side := range []rules.Side{rules.Imperial, rules.Rebel} {
		a := &roster.Army{Format: 1, System: "swmb", Name: "test", Side: side}
		us := Fresh(cat, a, nil)
		kinds := map[string]int{}
		for i := 0; i < len(us); i++ {
			one := []roster.Unit{us[i]}
			if roster.Crewed(us, i) {
				one = append(one, us[i+1])
				i++
			}
			b := *a
			b.Units = one
			if es := hasErrors(cat, &b, nil); len(es) > 0 {
				t.Errorf("%s: fresh %s: %v", side, one[0].Describe(), es)
			}
			kinds[one[0].Kind]++
		}
		for _, k := range roster.Kinds {
			if kinds[k] == 0 {
				t.Errorf("%s: no fresh %s", side, k)
			}
		}
		for _, u := range us {
			if u.Kind == roster.KindSquad && u.Troop != "" {
				tr, _ := cat.Troop(u.Troop)
				if tr.Side != side && tr.Side != rules.Neutral {
					t.Errorf("%s: fresh squad of another side's Troop List: %s", side, u.Troop)
				}
			}
		}
	}
}

// The book's Chapter Ten Rebel limits (veteran or elite, heroes and squads only): every
// fresh unit is a squad of an allowed quality or a hero, and what no longer fits is left
// out.
func TestFreshKeepsLimits(t *testing.T) {
	cat := catalog(t)
	l := readLimits(t, "../testdata/chapter-ten/rebel-limits.yaml")
	a := &roster.Army{Format: 1, System: "swmb", Name: "test", Side: rules.Rebel}
	us := Fresh(cat, a, l)
	if len(us) == 0 {
		t.Fatal("no fresh units within the Rebel limits")
	}
	for _, u := range us {
		switch u.Kind {
		case roster.KindSquad:
			if u.Quality != rules.Veteran && u.Quality != rules.Elite {
				t.Errorf("fresh %s of quality %s: the limits allow veteran or elite", u.Troop, u.Quality)
			}
		case roster.KindHero:
		default:
			t.Errorf("fresh %s: the limits allow only heroes and squads", u.Describe())
		}
	}
	// An army with 1,450 of its 1,500 SGPs spent has room for no fresh squad.
	full := &roster.Army{Format: 1, System: "swmb", Name: "full", Side: rules.Rebel}
	for costing.Army(cat, full).Total < 1300 {
		full.Units = append(full.Units, us[0])
	}
	left := 1500 - costing.Army(cat, full).Total
	for _, u := range Fresh(cat, full, l) {
		b := *full
		b.Units = append(append([]roster.Unit{}, full.Units...), u)
		if costing.Army(cat, &b).Total > 1500 {
			t.Errorf("fresh %s does not fit the %d SGPs left", u.Describe(), left)
		}
	}
}

// Random lists within the book's Chapter Ten limits and the Sample Game's pass muster
// check, keep within the limits and spend at least 90% of the total; the same seed gives
// the same list.
func TestRandomListsAreLegal(t *testing.T) {
	cat := catalog(t)
	imp := readLimits(t, "../testdata/chapter-ten/imperial-limits.yaml")
	reb := readLimits(t, "../testdata/chapter-ten/rebel-limits.yaml")
	two := 2
	free := &roster.Limits{Total: 2000, Max: roster.CountCaps{Heroes: &two}}
	for _, c := range []struct {
		list string
		l    *roster.Limits
	}{{"imperial", imp}, {"rebel", reb}, {"Rebels", free}, {"imperial", free}} {
		for seed := range uint64(6) {
			a, err := Random(cat, c.list, c.l, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatalf("%s seed %d: %v", c.list, seed, err)
			}
			if es := hasErrors(cat, a, c.l); len(es) > 0 {
				t.Errorf("%s seed %d: %v", c.list, seed, es)
			}
			total := costing.Evaluate(cat, a, c.l).Total
			if total > c.l.Total || total < c.l.Total*9/10 {
				t.Errorf("%s seed %d: %d SGPs of %d", c.list, seed, total, c.l.Total)
			}
			b, _ := Random(cat, c.list, c.l, rand.New(rand.NewPCG(seed, 1)))
			if !reflect.DeepEqual(a, b) {
				t.Errorf("%s seed %d: two lists from one seed", c.list, seed)
			}
		}
	}
}

func TestRandomRefusesBadInput(t *testing.T) {
	cat := catalog(t)
	rng := rand.New(rand.NewPCG(1, 1))
	if _, err := Random(cat, "hutt", &roster.Limits{Total: 1000}, rng); err == nil || !strings.Contains(err.Error(), "imperial") {
		t.Errorf("an unknown troop list: %v", err)
	}
	if _, err := Random(cat, "rebel", &roster.Limits{}, rng); err == nil || !strings.Contains(err.Error(), "total") {
		t.Errorf("no total: %v", err)
	}
	all := &roster.Limits{Total: 1000, Banned: []string{"squads", "heroes", "droids", "creatures", "artillery", "strikes", "remote weapons"}}
	if _, err := Random(cat, "rebel", all, rng); err == nil || !strings.Contains(err.Error(), "no unit") {
		t.Errorf("everything banned: %v", err)
	}
}

// Scale grows a list to a higher total and cuts it to a lower one, legal each time, and
// spends at least 90% of the new total.
func TestScale(t *testing.T) {
	cat := catalog(t)
	l := &roster.Limits{Total: 1500}
	a, err := Random(cat, "imperial", l, rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		t.Fatal(err)
	}
	for _, total := range []int{600, 1200, 1800, 2400} {
		b, err := Scale(cat, a, l, total)
		if err != nil {
			t.Fatalf("%d: %v", total, err)
		}
		nl := *l
		nl.Total = total
		if es := hasErrors(cat, b, &nl); len(es) > 0 {
			t.Errorf("%d: %v", total, es)
		}
		got := costing.Evaluate(cat, b, &nl).Total
		if got > total || got < total*9/10 {
			t.Errorf("scaled to %d: %d SGPs", total, got)
		}
	}
	if got := costing.Evaluate(cat, a, l).Total; got > 1500 {
		t.Errorf("Scale changed the list it was given: %d SGPs", got)
	}
}

// Random and Scale keep to limits of every kind, or say why not, and never panic: caps on
// each category, counts, qualities and bans, over many seeds.
func TestRandomWithinManyLimits(t *testing.T) {
	cat := catalog(t)
	n := func(x int) *int { return &x }
	for i, l := range []*roster.Limits{
		{Total: 800, SGP: roster.SGPCaps{Heroes: n(0)}},
		{Total: 1200, SGP: roster.SGPCaps{Squads: n(600)}, Max: roster.CountCaps{Droids: n(1)}},
		{Total: 1500, Qualities: []rules.Quality{rules.Elite}, Banned: []string{"creatures", "droids"}},
		{Total: 1000, Max: roster.CountCaps{Squads: n(2), Heroes: n(0)}},
		{Total: 3000, Max: roster.CountCaps{SpecializedWeapons: n(1), Grenades: n(0)}},
		{Total: 300},
	} {
		for _, list := range []string{"imperial", "rebel"} {
			for seed := range uint64(4) {
				a, err := Random(cat, list, l, rand.New(rand.NewPCG(seed, uint64(i))))
				if err != nil {
					if !strings.Contains(err.Error(), "SGPs") {
						t.Errorf("limits %d %s seed %d: %v", i, list, seed, err)
					}
					continue
				}
				if es := hasErrors(cat, a, l); len(es) > 0 {
					t.Errorf("limits %d %s seed %d: %v", i, list, seed, es)
				}
				b, err := Scale(cat, a, l, l.Total*3/2)
				if err != nil {
					t.Errorf("limits %d %s seed %d: scaled: %v", i, list, seed, err)
					continue
				}
				nl := *l
				nl.Total = l.Total * 3 / 2
				if es := hasErrors(cat, b, &nl); len(es) > 0 {
					t.Errorf("limits %d %s seed %d: scaled: %v", i, list, seed, es)
				}
			}
		}
	}
}
