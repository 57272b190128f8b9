package web

import (
	"muster/cmd/muster/internal/jobs"
	"muster/rules/battle"
	"muster/views"
)

// whyOf is a saved matchup's "why": its summary's units get their SGPs back from the
// charts (the summary's JSON leaves them out) before the words are worked out.
func whyOf(s *battle.Summary, ch jobs.Charts) views.WhyView {
	for i := range s.Units {
		if i < len(ch.UnitSGP) {
			s.Units[i].SGP = ch.UnitSGP[i]
		}
	}
	return views.NewWhyView(battle.Explain(s, [2]int{ch.TotalA, ch.TotalB}))
}
