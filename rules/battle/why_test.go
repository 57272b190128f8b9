package battle

import (
	"strings"
	"testing"
)

// whySummary is a hand-made matchup: Rebels (1538 SGPs) against Imperials (1512). The
// Rebels lose 400 SGPs a battle (300 to fire, 100 to morale), the Imperials 700 (350 to
// fire, 210 to close assault, 140 to morale).
func whySummary() *Summary {
	return &Summary{
		A: SideSummary{Name: "Rebels", SGPLost: Spread{Mean: 400}, Score: 0.7,
			SGPLostTo: map[string]float64{"fire": 300, "close assault": 0, "morale": 100, "strikes": 0}},
		B: SideSummary{Name: "Imperials", SGPLost: Spread{Mean: 700}, Score: 0.3,
			SGPLostTo: map[string]float64{"fire": 350, "close assault": 210, "morale": 140, "strikes": 0}},
		Units: []UnitStat{
			{Army: "a", Name: "Aurek Squad", SGP: 500, SurvivalRate: 0.9, SGPDestroyedPerSGP: 0.8},
			{Army: "a", Name: "Besh Squad", SGP: 400, SurvivalRate: 0.5, SGPDestroyedPerSGP: 0.25},
			{Army: "a", Name: "Cresh Squad", SGP: 638, SurvivalRate: 0.7, SGPDestroyedPerSGP: 0.4},
			{Army: "b", Name: "Stormtroopers", SGP: 1512, SurvivalRate: 0.4, SGPDestroyedPerSGP: 0.2646},
		},
	}
}

// The why reads the numbers: 1538 - 1512 = 26 SGPs, 26/1512 = 1.7% (2% rounded); 700 - 400
// = 300 SGPs a battle ahead; the Rebels' best and worst value by SGPs destroyed per SGP; the
// Imperials' losses 350/700 = 50% to fire, 210/700 = 30% to close assault, 140/700 = 20% to
// morale; the Rebels' 300/400 = 75% to fire, 25% to morale.
func TestWhyTellsTheNumbers(t *testing.T) {
	w := Explain(whySummary(), [2]int{1538, 1512})
	want := []string{
		"Rebels costs 1538 SGPs, 26 more than Imperials (1512 SGPs): 2% more, and it does better.",
		"Rebels loses 400 SGPs a battle on average and takes 700 from Imperials: 300 SGPs a battle ahead.",
		"In Rebels, Aurek Squad does most for its SGPs (0.80 enemy SGPs destroyed for each SGP it cost, surviving 90% of battles); Besh Squad does least (0.25, surviving 50%).",
		"In Imperials, Stormtroopers destroys 0.26 enemy SGPs for each SGP it cost.",
		"SGPs lost by Rebels: 75% to fire, 25% to morale.",
		"SGPs lost by Imperials: 50% to fire, 30% to close assault, 20% to morale.",
	}
	if len(w.Lines) != len(want) {
		t.Fatalf("why has %d lines, want %d:\n%s", len(w.Lines), len(want), strings.Join(w.Lines, "\n"))
	}
	for i := range want {
		if w.Lines[i] != want[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i, w.Lines[i], want[i])
		}
	}
	if got := w.Losses[1].Share; got != [NCauses]float64{0.5, 0.3, 0.2, 0} {
		t.Errorf("Imperials' shares %v, want 0.5 0.3 0.2 0", got)
	}
}

// Armies of equal cost say nothing of points, and equal losses are said to be even; a
// summary saved before causes were counted says so instead of showing zeros.
func TestWhyEvenArmiesAndOldSummaries(t *testing.T) {
	s := whySummary()
	s.B.SGPLost.Mean = 400.2
	s.A.SGPLostTo, s.B.SGPLostTo = nil, nil
	w := Explain(s, [2]int{1500, 1500})
	all := strings.Join(w.Lines, "\n")
	for _, want := range []string{"Each army loses about 400 SGPs a battle", "play it again to see them"} {
		if !strings.Contains(all, want) {
			t.Errorf("why lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "SGPs, ") && strings.Contains(all, " more than ") {
		t.Errorf("why speaks of points for armies of equal cost:\n%s", all)
	}
	if w.Losses[0].Known || w.Losses[1].Known {
		t.Error("causes marked known for a summary without them")
	}
}

// The SGPs lost by cause in a played matchup add up to the SGPs lost (both are means of the
// same victory points), split or not.
func TestSummaryLossesByCauseAddUp(t *testing.T) {
	field := scenario(t, "open-field")
	a, b := force(t, "testdata/full-1500.yaml"), force(t, "testdata/imperial-1500.yaml")
	var chunks []*Chunk
	for _, o := range Split(60, 25) {
		o.Seed = 9
		c, err := PlayChunk(t.Context(), field, a, b, o)
		if err != nil {
			t.Fatal(err)
		}
		chunks = append(chunks, c)
	}
	s, err := Merge(field, a, b, 9, 60, chunks)
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []SideSummary{s.A, s.B} {
		sum := 0.0
		for _, v := range side.SGPLostTo {
			sum += v
		}
		if d := sum - side.SGPLost.Mean; d > 0.001 || d < -0.001 {
			t.Errorf("%s: SGPs lost by cause add up to %g, SGPs lost %g", side.Name, sum, side.SGPLost.Mean)
		}
	}
}

// What decided comes first, and points only where they explain the result: the Rebels at
// the bridge (594 SGPs more) lost 1,883 of 2,000 battles by the turn limit, which the
// scenario gives to the Imperials (no squad off the east edge); 1,883/2,000 = 94%. The Why
// names the limit and who it favours, and says nothing of the Rebels' extra points.
func TestWhyNamesTheObjectiveAndTheTurnLimitThatDecided(t *testing.T) {
	s := whySummary()
	s.Scenario, s.Battles = "defending-the-bridge", 2000
	s.A.Score, s.B.Score = 0.072, 0.928
	s.Ends = &[NEnds][3]int{EndObjective: {144, 0, 0}, EndTurnLimit: {0, 1856, 0}}
	w := Explain(s, [2]int{2106, 1512})
	all := strings.Join(w.Lines, "\n")
	want := "1856 of 2000 battles (93%) ran to the 12-turn limit, which the scenario gives to Imperials: Imperials won 1856."
	if w.Lines[0] != want {
		t.Errorf("first line %q, want %q", w.Lines[0], want)
	}
	if strings.Contains(all, "594 more") {
		t.Errorf("the why speaks of the Rebels' extra points, which do not explain a loss by the turn limit:\n%s", all)
	}
	// 144 battles (7%) won by the objective are under a tenth: not named.
	if strings.Contains(all, "objective") {
		t.Errorf("the why names an ending of under a tenth of the battles:\n%s", all)
	}
	// On the open field the limit is decided by shares: 600 of 1,000 battles ran to it.
	s.Scenario, s.Battles = "open-field", 1000
	s.A.Score, s.B.Score = 0.7, 0.3
	s.Ends = &[NEnds][3]int{EndTurnLimit: {400, 150, 50}, EndNoneLeft: {300, 100, 0}}
	w = Explain(s, [2]int{1538, 1512})
	if got := w.Lines[0]; got != "600 of 1000 battles (60%) ran to the 12-turn limit, where the larger share of the enemy army destroyed wins: Rebels won 400, Imperials won 150, 50 drawn." {
		t.Errorf("open field: %q", got)
	}
	if got := w.Lines[1]; got != "400 of 1000 battles (40%) ended with a side left with no unit that could fight: Rebels won 300, Imperials won 100." {
		t.Errorf("open field: %q", got)
	}
	if got := w.Lines[2]; !strings.HasPrefix(got, "Rebels costs 1538 SGPs, 26 more") {
		t.Errorf("open field: the points that explain it come next, not %q", got)
	}
}
