package listgen

import (
	"os"
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
			if Crewed(us, i) {
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
