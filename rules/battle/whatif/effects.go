package whatif

import (
	"fmt"
	"math"
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules/battle"
)

// effects says in words what a variant changed in the battles it played, against the base
// army's same battles: the enemy's losses (by cause, where one cause made most of the
// difference), its own losses, and the changed unit's credit and survival.
func effects(base, v *record, bf, vf *battle.Force, a *roster.Army, va Variant) []string {
	n := v.played
	if n == 0 {
		return nil
	}
	var out []string
	perBattle := func(x []float64, stride, off int) float64 {
		s := 0.0
		for i := range n {
			s += x[i*stride+off]
		}
		return s / float64(n)
	}
	enemy := 0.0
	var byCause [battle.NCauses]float64
	for c := range battle.NCauses {
		byCause[c] = perBattle(v.enemyLost, battle.NCauses, c) - perBattle(base.enemyLost, battle.NCauses, c)
		enemy += byCause[c]
	}
	if s := more("the enemy lost", enemy, "SGPs"); s != "" {
		var parts []string
		for c, d := range byCause {
			if math.Abs(d) >= 1 {
				parts = append(parts, fmt.Sprintf("%s %+.0f", battle.CauseNames[c], d))
			}
		}
		if len(parts) > 1 {
			s += " (" + strings.Join(parts, ", ") + ")"
		}
		out = append(out, s)
	}
	if d := perBattle(v.ownLost, 1, 0) - perBattle(base.ownLost, 1, 0); math.Abs(d) >= 1 {
		out = append(out, fmt.Sprintf("its own losses %s by %.0f SGPs a battle", ifs(d > 0, "rose", "fell"), math.Abs(d)))
	}
	// The changed unit, in both armies (not a dropped unit; for a change made with the
	// points another frees, only a unit it adds: the others' places have moved).
	if va.Unit >= 0 && va.Unit < len(a.Units) && va.Kind != KindDrop && (va.Builds == "" || va.Kind == KindAdd) {
		name := costing.UnitName(&a.Units[va.Unit], va.Unit)
		bi, vi := unitIndex(bf, va.Unit), unitIndex(vf, va.Unit)
		if va.Kind == KindAdd {
			last := len(va.Army.Units) - 1 // the copy, added last
			vi, name = unitIndex(vf, last), costing.UnitName(&va.Army.Units[last], last)
		}
		if vi >= 0 {
			dv, sv := unitRecord(v, vi, n)
			db, sb := 0.0, 0.0
			if bi >= 0 && va.Kind != KindAdd {
				db, sb = unitRecord(base, bi, n)
			}
			if va.Kind == KindAdd {
				out = append(out, fmt.Sprintf("%s destroyed %.0f SGPs a battle and came through %s of them", name, dv, pctWord(sv)))
			} else {
				var parts []string
				if s := more(name+" destroyed", dv-db, "SGPs"); s != "" {
					parts = append(parts, s)
				}
				if d := sv - sb; math.Abs(d) >= 0.01 {
					parts = append(parts, fmt.Sprintf("came through %.0f%% %s often", 100*math.Abs(d), ifs(d > 0, "more", "less")))
				}
				if len(parts) == 2 {
					out = append(out, parts[0]+" and "+parts[1])
				} else if len(parts) == 1 {
					if !strings.HasPrefix(parts[0], name) {
						parts[0] = name + " " + parts[0]
					}
					out = append(out, parts[0])
				}
			}
		}
	}
	if len(out) == 0 {
		out = append(out, "the battles went as without it, to the SGP")
	}
	return out
}

// more says a change per battle: "the enemy lost 48 SGPs more a battle"; "" under one.
func more(what string, d float64, unit string) string {
	if math.Abs(d) < 1 {
		return ""
	}
	return fmt.Sprintf("%s %.0f %s %s a battle", what, math.Abs(d), unit, ifs(d > 0, "more", "fewer"))
}

// unitIndex is the force's unit made of the army's unit i, or -1 (a unit the engine does
// not field).
func unitIndex(f *battle.Force, i int) int {
	for k, u := range f.Units {
		if u.Index == i {
			return k
		}
	}
	return -1
}

// unitRecord is a unit's credit per battle and the share of battles it was not lost, over
// the first n battles.
func unitRecord(r *record, u, n int) (destroyed, survived float64) {
	for i := range n {
		destroyed += r.destroyed[i*r.units+u]
		if !r.lost[i*r.units+u] {
			survived++
		}
	}
	return destroyed / float64(n), survived / float64(n)
}

func pctWord(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

func ifs(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}
