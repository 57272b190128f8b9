package battle

import (
	"fmt"
	"math"
	"strings"
)

// Why is a matchup's result told in words from its numbers: how the battles ended (the
// scenario's objective, its turn limit, a side with nothing left) and who won them so, the
// armies' difference in Squad Generation Points where it explains the result, what each
// army lost and destroyed, the units that did most and least for their SGPs, and how the
// losses came. Losses holds each army's SGPs lost per
// battle by cause, for the chart.
type Why struct {
	Lines  []string
	Losses [2]CauseLosses
}

// CauseLosses is one army's SGPs lost per battle, on average, by cause.
type CauseLosses struct {
	Army  string
	Total float64          // SGPs lost per battle
	SGP   [NCauses]float64 // by cause, in CauseNames order
	Share [NCauses]float64 // the causes' shares of their sum (0 when nothing was lost)
	Known bool             // the summary counted causes
	Names [NCauses]string  // CauseNames, for templates
}

// Explain tells a summary in words. totals are the armies' SGPs; the summary's units must
// carry their SGPs (UnitStat.SGP).
func Explain(s *Summary, totals [2]int) Why {
	var w Why
	names := [2]string{s.A.Name, s.B.Name}
	sides := [2]*SideSummary{&s.A, &s.B}

	// What decided the battles, then the armies' SGPs where they explain the result.
	decided := w.endings(s, names)
	if d := totals[0] - totals[1]; d != 0 && !decided {
		big, small := 0, 1
		if d < 0 {
			big, small, d = 1, 0, -d
		}
		// Only where the points explain the result: the army that bought more does better.
		if sides[big].Score > sides[small].Score {
			w.Lines = append(w.Lines, fmt.Sprintf("%s costs %d SGPs, %d more than %s (%d SGPs): %s more, and it does better.",
				names[big], totals[big], d, names[small], totals[small], pct(float64(d)/float64(totals[small]))))
		}
	}

	// What each lost and destroyed.
	la, lb := s.A.SGPLost.Mean, s.B.SGPLost.Mean
	switch {
	case math.Abs(la-lb) < 0.5:
		w.Lines = append(w.Lines, fmt.Sprintf("Each army loses about %s SGPs a battle: the losses are even.", sgp(la)))
	default:
		win, lose, wl, ll := 0, 1, la, lb
		if lb < la {
			win, lose, wl, ll = 1, 0, lb, la
		}
		w.Lines = append(w.Lines, fmt.Sprintf("%s loses %s SGPs a battle on average and takes %s from %s: %s SGPs a battle ahead.",
			names[win], sgp(wl), sgp(ll), names[lose], sgp(ll-wl)))
	}

	// The units that did most and least for their SGPs.
	for k, army := range [2]string{"a", "b"} {
		best, worst := -1, -1
		for i, u := range s.Units {
			if u.Army != army || u.SGP <= 0 {
				continue
			}
			if best < 0 || u.SGPDestroyedPerSGP > s.Units[best].SGPDestroyedPerSGP {
				best = i
			}
			if worst < 0 || u.SGPDestroyedPerSGP < s.Units[worst].SGPDestroyedPerSGP {
				worst = i
			}
		}
		switch {
		case best < 0:
		case best == worst:
			u := s.Units[best]
			w.Lines = append(w.Lines, fmt.Sprintf("In %s, %s destroys %s enemy SGPs for each SGP it cost.", names[k], u.Name, ratio(u.SGPDestroyedPerSGP)))
		default:
			b, l := s.Units[best], s.Units[worst]
			w.Lines = append(w.Lines, fmt.Sprintf("In %s, %s does most for its SGPs (%s enemy SGPs destroyed for each SGP it cost, surviving %s of battles); %s does least (%s, surviving %s).",
				names[k], b.Name, ratio(b.SGPDestroyedPerSGP), pct(b.SurvivalRate), l.Name, ratio(l.SGPDestroyedPerSGP), pct(l.SurvivalRate)))
		}
	}

	// How the losses came.
	for k := range 2 {
		cl := CauseLosses{Army: names[k], Total: sides[k].SGPLost.Mean, Names: CauseNames}
		if sides[k].SGPLostTo == nil {
			w.Losses[k] = cl
			continue
		}
		cl.Known = true
		sum := 0.0
		for ci, name := range CauseNames {
			cl.SGP[ci] = sides[k].SGPLostTo[name]
			sum += cl.SGP[ci]
		}
		if sum > 0 {
			for ci := range NCauses {
				cl.Share[ci] = cl.SGP[ci] / sum
			}
		}
		w.Losses[k] = cl
		if sum == 0 {
			w.Lines = append(w.Lines, fmt.Sprintf("%s loses no unit in any battle.", names[k]))
			continue
		}
		var parts []string
		for _, ci := range byShare(cl.Share) {
			if cl.Share[ci] > 0 {
				parts = append(parts, pct(cl.Share[ci])+" to "+CauseNames[ci])
			}
		}
		w.Lines = append(w.Lines, fmt.Sprintf("SGPs lost by %s: %s.", names[k], strings.Join(parts, ", ")))
	}
	if !w.Losses[0].Known {
		w.Lines = append(w.Lines, "This matchup was played before Muster counted how losses came: play it again to see them.")
	}
	return w
}

// endings says how the battles ended, each way that ended a tenth of them or more, and who
// won them so; decided reports that the scenario's objective or its turn limit (in a
// scenario that gives the limit to a side) settled most battles, where the armies' points
// explain nothing.
func (w *Why) endings(s *Summary, names [2]string) (decided bool) {
	if s.Ends == nil || s.Battles == 0 {
		return false
	}
	f, err := LoadScenario(s.Scenario)
	if err != nil {
		return false
	}
	sc := f.Scenario
	onPoints := sc.Victory.Kind == "points" || sc.Victory.Kind == "share"
	n := s.Battles
	byScenario := 0
	for e := range NEnds {
		k := s.Ends[e]
		m := k[0] + k[1] + k[2]
		if m == 0 || 10*m < n {
			continue
		}
		var how string
		switch e {
		case EndObjective:
			how = "were decided by the scenario's objective (" + lowerFirst(sc.Victory.Text) + ")"
			byScenario += m
		case EndTurnLimit:
			how = fmt.Sprintf("ran to the %d-turn limit", sc.Turns)
			switch {
			case onPoints && sc.Victory.Kind == "share":
				how += ", where the larger share of the enemy army destroyed wins"
			case onPoints:
				how += ", where more victory points win"
			case sc.Victory.Kind == "carry":
				how += ", a draw by the scenario"
				byScenario += m
			default:
				how += ", which the scenario gives to " + names[1-sc.Victory.Side]
				byScenario += m
			}
		case EndNoneLeft:
			how = "ended with a side left with no unit that could fight"
		}
		w.Lines = append(w.Lines, fmt.Sprintf("%d of %d battles (%s) %s: %s.", m, n, pct(float64(m)/float64(n)), how, whoWon(k, names)))
	}
	return 2*byScenario > n
}

// whoWon says who won a count of battles (a's wins, b's, draws).
func whoWon(k [3]int, names [2]string) string {
	var parts []string
	for i, name := range names {
		if k[i] > 0 {
			parts = append(parts, fmt.Sprintf("%s won %d", name, k[i]))
		}
	}
	if k[2] > 0 {
		parts = append(parts, fmt.Sprintf("%d drawn", k[2]))
	}
	return strings.Join(parts, ", ")
}

// lowerFirst lowers a sentence's first letter, to quote it inside another.
func lowerFirst(s string) string {
	s = strings.TrimSuffix(s, ".")
	if s == "" || s[0] < 'A' || s[0] > 'Z' {
		return s
	}
	return string(s[0]-'A'+'a') + s[1:]
}

// byShare lists the causes by decreasing share, in CauseNames order on ties.
func byShare(share [NCauses]float64) []int {
	idx := make([]int, NCauses)
	for i := range idx {
		idx[i] = i
	}
	for i := 1; i < len(idx); i++ {
		for j := i; j > 0 && share[idx[j]] > share[idx[j-1]]; j-- {
			idx[j], idx[j-1] = idx[j-1], idx[j]
		}
	}
	return idx
}

func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

func sgp(x float64) string { return fmt.Sprintf("%.0f", x) }

func ratio(x float64) string { return fmt.Sprintf("%.2f", x) }
