package battle

import (
	"fmt"
	"math"
	"strings"
)

// Why is a matchup's result told in words from its numbers: the armies' difference in
// Squad Generation Points, what each army lost and destroyed, the units that did most and
// least for their SGPs, and how the losses came. Losses holds each army's SGPs lost per
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

	// The armies' SGPs.
	d := totals[0] - totals[1]
	switch {
	case d == 0:
		w.Lines = append(w.Lines, fmt.Sprintf("Both armies cost %d Squad Generation Points: neither bought more.", totals[0]))
	default:
		big, small := 0, 1
		if d < 0 {
			big, small, d = 1, 0, -d
		}
		w.Lines = append(w.Lines, fmt.Sprintf("%s costs %d SGPs, %d more than %s (%d SGPs): %s more.",
			names[big], totals[big], d, names[small], totals[small], pct(float64(d)/float64(totals[small]))))
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
