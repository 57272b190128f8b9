package roster

import (
	"testing"

	"muster/rules"
)

// FuzzReadLimits feeds the limits reader arbitrary bytes: it must never panic, refuse with
// a *ParseError, and what it accepts must be checked (bounds, dials, the limits' own
// clauses against an army) without panicking.
func FuzzReadLimits(f *testing.F) {
	for _, s := range []string{
		"total: 1500\nsgp: {heroes: 300}\nqualities: [average, veteran]\nbanned: [droids, creatures]\nsides: [imperial]\n",
		"total: 1500\nmax: {specialized_weapons: 3, grenades: 30}\nbanned: [thermal detonator, vehicles]\nrules: {troop.training: warning}\n",
		"total: lots\n",
		"sgp: [1, 2]\n",
		"banned: {a: b}\n",
		"total: -1\nmax: {heroes: 99999999}\n",
		"a: &a [x]\nb: *a\n",
		"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
	} {
		f.Add([]byte(s))
	}
	cat := rules.Default()
	probe := &Army{Format: 1, System: "swmb", Side: rules.Rebel, Units: []Unit{{Kind: KindCreature, Creature: "Rancor", Count: 1}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ReadLimits(data)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("ReadLimits returned %T, not a *ParseError: %v", err, err)
			}
			return
		}
		if l == nil {
			return
		}
		LimitsBounds(l, "limits")
		CheckDials(l.Rules, "limits.rules")
		CheckLimits(cat, probe, l, "limits")
		_ = l.Summary()
	})
}
