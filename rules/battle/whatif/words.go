package whatif

import (
	"fmt"
	"math"
)

// Words says a change in expected score (a win 1, a draw a half) and its interval as a
// player reads it: points up or down, and whether the interval rules out no change at all,
// or rules out a change that matters (Margin).
func Words(delta float64, ci [2]float64) string {
	pts := func(x float64) string { return fmt.Sprintf("%.1f", math.Abs(100*x)) }
	var s string
	switch {
	case delta > 0:
		s = "scores " + pts(delta) + " points more"
	case delta < 0:
		s = "scores " + pts(delta) + " points less"
	default:
		s = "scores the same"
	}
	s += fmt.Sprintf(" (95%%: %+.1f to %+.1f)", 100*ci[0], 100*ci[1])
	switch {
	case ci[0] > 0:
		s += ", surely better"
	case ci[1] < 0:
		s += ", surely worse"
	case Negligible(ci):
		s += fmt.Sprintf(", too small to matter (under %.0f points either way)", 100*Margin)
	default:
		s += ", could be chance"
	}
	return s
}
