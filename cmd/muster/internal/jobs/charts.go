package jobs

import (
	"strconv"

	"muster/rules/battle"
	"muster/views"
)

// Charts is what the result page's pictures are drawn from (saved beside the summary).
type Charts struct {
	ScenarioName string     `json:"scenario_name"`
	DrawRate     float64    `json:"draw_rate"`
	DrawCI       [2]float64 `json:"draw_ci"`
	TurnCounts   []int      `json:"turn_counts"`
	LostA        views.Hist `json:"lost_a"`
	LostB        views.Hist `json:"lost_b"`
	TotalA       int        `json:"total_a"`
	TotalB       int        `json:"total_b"`
	SampleSeed   string     `json:"sample_seed"`
	UnitSGP      []int      `json:"unit_sgp"`
}

// ChartsOf is what a matchup's pictures are drawn from.
func ChartsOf(s *battle.Summary, forces [2]*battle.Force) Charts {
	ch := Charts{ScenarioName: s.ScenarioName, DrawRate: s.DrawRate, DrawCI: s.DrawCI, TurnCounts: s.TurnCounts,
		LostA: views.Histogram(s.LostA, forces[0].Total), LostB: views.Histogram(s.LostB, forces[1].Total),
		TotalA: forces[0].Total, TotalB: forces[1].Total, SampleSeed: strconv.FormatUint(s.SampleSeed, 10)}
	for _, u := range s.Units {
		ch.UnitSGP = append(ch.UnitSGP, u.SGP)
	}
	return ch
}
