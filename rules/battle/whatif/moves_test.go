package whatif

import (
	"testing"

	"muster/costing"
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
