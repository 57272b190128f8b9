package whatif

import (
	"testing"

	"muster/costing"
	"muster/costing/listgen"
	"muster/roster"
	"muster/rules"
)

// Every move the optimizer may take passes the checks muster check runs (no error) and
// keeps to the limit and the force limits; each kind of change appears for the reference
// forces, whose squads have commanders, specialists and a hero.
func TestMovesAreLegalAndWithinTheLimits(t *testing.T) {
	cat := rules.Default()
	ten := 10
	lim := &roster.Limits{Total: 1600, Qualities: []rules.Quality{rules.Average, rules.Veteran}, Max: roster.CountCaps{Grenades: &ten}}
	for _, path := range []string{"../testdata/rebel-1500.yaml", "../testdata/imperial-1500.yaml"} {
		a := readArmy(t, path)
		a.Limit = 1600 // room to spend, which the reference files leave out
		for _, l := range []*roster.Limits{nil, lim} {
			ms, err := Moves(cat, a, l)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			limit := Limit(a, l, costing.Evaluate(cat, a, l).Total)
			kinds := map[string]int{}
			for _, m := range ms {
				kinds[m.Kind]++
				r := costing.Evaluate(cat, m.Army, l)
				if roster.HasErrors(r.Problems) || r.Total > limit || r.Total != m.Total {
					t.Errorf("%s: %q: total %d (said %d, limit %d), problems %v", path, m.Change, r.Total, m.Total, limit, r.Problems)
				}
				if l != nil && m.Kind == KindQuality && (m.Army.Units[m.Unit].Quality == rules.Elite) {
					t.Errorf("%s: %q: elite is not among the limits' qualities", path, m.Change)
				}
			}
			t.Logf("%s (limits %v): %d moves %v", path, l != nil, len(ms), kinds)
			if l == nil {
				for _, k := range []string{KindDrop, KindTraining, KindQuality, KindCommander, KindSpecialist, KindEquipment, KindUntrain, KindReplace} {
					if kinds[k] == 0 {
						t.Errorf("%s: no move of kind %s", path, k)
					}
				}
			}
		}
	}
}

// Fresh units (listgen.Fresh, a piece with its crew together) are added only when the list
// stays legal and within its limit; from an empty list too.
func TestExtraAddsFreshUnitsWithinTheLimit(t *testing.T) {
	cat := rules.Default()
	empty := &roster.Army{Format: 1, System: "swmb", Name: "Empty", Side: rules.Rebel, Limit: 600}
	for _, a := range []*roster.Army{readArmy(t, "../testdata/rebel-1500.yaml"), empty} {
		if a != empty {
			a.Limit = 1700
		}
		fresh := listgen.Fresh(cat, a, nil)
		var groups [][]roster.Unit
		for i := 0; i < len(fresh); i++ {
			if roster.Crewed(fresh, i) {
				groups = append(groups, fresh[i:i+2])
				i++
				continue
			}
			groups = append(groups, fresh[i:i+1])
		}
		vs := Extra(cat, a, nil, groups)
		if len(vs) == 0 {
			t.Fatalf("%s: no fresh unit fits", a.Name)
		}
		for _, v := range vs {
			r := costing.Evaluate(cat, v.Army, nil)
			if roster.HasErrors(r.Problems) || r.Total > a.Limit || len(v.Army.Units) <= len(a.Units) {
				t.Errorf("%s: %q: total %d, problems %v", a.Name, v.Change, r.Total, r.Problems)
			}
		}
		t.Logf("%s: %d fresh units fit, e.g. %q", a.Name, len(vs), vs[0].Change)
	}
}
