package volley

import (
	"sort"

	"muster/rules"
	"muster/rules/battle"
	"muster/rules/combat"
)

// RangeHits is what the volley would do with the target anywhere from From (exclusive) to
// To inches (inclusive): every firer's range band is the same throughout, so the odds are.
type RangeHits struct {
	From float64 `json:"from"`
	To   float64 `json:"to"`
	Hits float64 `json:"expected_hits"`
}

// byRange is the volley's expected hits against range, the same setup otherwise: one
// entry for each stretch between the edges of the firers' range bands (Chapter Three,
// "Range": a band's difficulty holds from its start to its end), out to the longest long
// range. Each stretch is worked out as the volley at its middle, weapons chosen as there.
func (p *plan) byRange(cat *rules.Catalog, r *combat.Rules) []RangeHits {
	edges := map[float64]bool{0: true}
	for _, m := range p.men {
		for _, w := range m.Weapons {
			if !battle.VolleyWeapon(w) || len(w.Ranges) != 3 {
				continue
			}
			edges[float64(w.MinRange)] = true
			for _, e := range w.Ranges {
				edges[float64(e)] = true
			}
		}
	}
	var at []float64
	for e := range edges {
		at = append(at, e)
	}
	sort.Float64s(at)
	var out []RangeHits
	for i := 1; i < len(at); i++ {
		s := p.setup
		s.Range = (at[i-1] + at[i]) / 2
		q := &plan{firer: p.firer, figures: p.figures, men: p.men, maxWeapons: p.maxWeapons, view: p.view, dmg: p.dmg}
		hits := 0.0
		if err := q.aim(cat, r, s); err == nil {
			for _, sh := range q.shots {
				hits += r.ShotHits(sh).Mean()
			}
		}
		if n := len(out); n > 0 && out[n-1].Hits == hits {
			out[n-1].To = at[i] // the same odds on: one stretch
			continue
		}
		out = append(out, RangeHits{From: at[i-1], To: at[i], Hits: hits})
	}
	return out
}
