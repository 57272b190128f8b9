package views

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"muster/rules/battle"
)

// SimForm is the matchup form: two saved armies, a scenario, how many battles, a seed.
type SimForm struct {
	Armies    []ArmyRow
	Scenarios []Choice
	A, B      string
	Scenario  string
	// Battles is as typed: a refused form shows it again as it was.
	Battles string
	Seed    string
	Errors  map[string]string
	Recent  []SimRow
	// Flash says what just happened (a matchup cancelled).
	Flash string
	// Running is the asker's matchup queued or playing, if any: a second waits for it.
	Running *RunningMatchup
}

// RunningMatchup is the asker's matchup queued or playing, the one that keeps them from
// asking for another (one at a time): its page, and its cancel button.
type RunningMatchup struct {
	ID, Title string
	Queued    bool // not started yet
}

// Choice is an option of a select, with a note shown under it.
type Choice struct {
	Value, Label, Note string
}

// SimRow is a saved matchup in the list.
type SimRow struct {
	ID, A, B, Scenario string
	Base               string // where results are: "/sims" or a game's "/gm/{token}/sims"
	Battles            int
	AWin, BWin         float64
	Created            time.Time
	// Interrupted: a restart stopped it before it was done (A and B are then army ids).
	Interrupted bool
}

// SimRunView is a matchup being played.
type SimRunView struct {
	ID, Title   string
	Total, Done int
	Stopped     bool
	Error       string
	Queued      int // matchups waiting before this one; 0 when playing
	// Heading says what is played: "Playing a matchup", a what-if or a round robin.
	Heading string
	// Over: the run has ended (played, cancelled or failed); nothing is left to cancel.
	Over bool
}

// SimView is a saved matchup's results.
type SimView struct {
	ID, Scenario, ScenarioID string
	// Base is the result's own address (its JSON is Base + "/json"); Back and BackLabel lead
	// to the game night a matchup belongs to.
	Base, Back, BackLabel string
	// Again is "play again": the same armies (or lists) and scenario; nil for players.
	Again            *SimAgain
	Battles          int
	Seed, SampleSeed string
	Elapsed          time.Duration
	Created          time.Time
	ArmyA, ArmyB     string
	// Broken names the armies that broke their rules as they were played, each with a link
	// to fix it.
	Broken       []Link
	A, B         SimSide
	Draws        int
	DrawRate     float64
	DrawCI       [2]float64
	TurnCounts   []int
	TurnMean     float64
	Units        []SimUnit
	NotSimulated []string
	SampleLog    string
	// Why is the result in words and its chart (views/why.templ); the battles are
	// replayed on the map at Base + "/replay".
	Why WhyView
	// ShareBase is where its owner makes and revokes share links (the result's own
	// address; "" on a page nobody may share from), Shares the links made; Shared: the page
	// is opened through a share link, read-only.
	ShareBase string
	Shares    []ShareRow
	Shared    bool
}

// SimSide is one army's record.
type SimSide struct {
	Name          string
	Wins          int
	Rate          float64
	CI            [2]float64
	Score         float64 // expected score: a win 1, a draw a half
	ScoreCI       [2]float64
	Lost          float64
	P10, P50, P90 float64
	Total         int
	Hist          Hist
}

// SimUnit is one unit's record.
type SimUnit struct {
	Army, Name string
	SGP        int
	Survival   float64
	PerSGP     float64
}

// Hist is a histogram: Counts[i] values fell in [Edges[i], Edges[i+1]).
type Hist struct {
	Edges  []int `json:"edges"`
	Counts []int `json:"counts"`
}

// Histogram bins values from 0 to top (an army's SGPs) in ten equal bins of whole SGPs
// (the last bin includes top).
func Histogram(values []int, top int) Hist {
	const bins = 10
	top = max(top, 1)
	w := (top + bins - 1) / bins
	h := Hist{Counts: make([]int, bins)}
	for i := 0; i <= bins; i++ {
		h.Edges = append(h.Edges, i*w)
	}
	for _, v := range values {
		h.Counts[min(max(v/w, 0), bins-1)]++
	}
	return h
}

// Bar is one rectangle of a chart, in the SVG's user units, with its label.
type Bar struct {
	X, Y, W, H string
	Label      string // under the bar
	Value      string // above the bar
	Title      string // tooltip
}

const (
	chartW, chartH = 600.0, 180.0
	chartBase      = 150.0 // the baseline's y
)

// ChartSize is the histograms' viewBox.
func ChartSize() string { return "0 0 600 180" }

func fnum(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// bars lays counts out as bars across the chart, scaled to the largest.
func bars(counts []int, label func(i int) string, title func(i int) string) []Bar {
	peak := 1
	for _, c := range counts {
		peak = max(peak, c)
	}
	n := float64(max(len(counts), 1))
	slot := (chartW - 20) / n
	var out []Bar
	for i, c := range counts {
		h := (chartBase - 20) * float64(c) / float64(peak)
		x := 10 + float64(i)*slot + slot*0.1
		b := Bar{X: fnum(x), Y: fnum(chartBase - h), W: fnum(slot * 0.8), H: fnum(h), Label: label(i), Title: title(i)}
		if c > 0 {
			b.Value = strconv.Itoa(c)
		}
		out = append(out, b)
	}
	return out
}

// TurnBars are the histogram of battles by turns played (from turn 1).
func (v SimView) TurnBars() []Bar {
	var counts []int
	if len(v.TurnCounts) > 1 {
		counts = v.TurnCounts[1:]
	}
	return bars(counts, func(i int) string { return strconv.Itoa(i + 1) },
		func(i int) string {
			return plural(counts[i], "battle", "battles") + " ended in turn " + strconv.Itoa(i+1)
		})
}

// LostBars are the histogram of an army's SGPs lost per battle.
func LostBars(h Hist) []Bar {
	return bars(h.Counts, func(i int) string {
		if i%2 == 1 && len(h.Counts) > 6 {
			return ""
		}
		return strconv.Itoa(h.Edges[i])
	}, func(i int) string {
		return plural(h.Counts[i], "battle", "battles") + " lost " + strconv.Itoa(h.Edges[i]) + " to " + strconv.Itoa(h.Edges[i+1]-1) + " SGPs"
	})
}

// Slice is one part of the win/draw/loss bar: where it starts and how wide it is, in
// percent of the bar, and its interval's ends.
type Slice struct {
	X, W       string
	LoX, HiX   string
	Class      string
	Label      string
	HasWhisker bool
}

// Outcome is the win/draw/loss bar: the first army's wins from the left, then draws, then
// the second army's wins; each army's 95% interval as a whisker.
func (v SimView) Outcome() []Slice {
	pct := func(x float64) string { return fnum(100 * x) }
	a, d := v.A.Rate, v.DrawRate
	b := math.Max(0, 1-a-d)
	return []Slice{
		{X: "0", W: pct(a), LoX: pct(v.A.CI[0]), HiX: pct(v.A.CI[1]), Class: "win-a", Label: v.A.Name + " wins", HasWhisker: true},
		{X: pct(a), W: pct(d), Class: "draw", Label: "draws"},
		{X: pct(a + d), W: pct(b), LoX: pct(1 - v.B.CI[1]), HiX: pct(1 - v.B.CI[0]), Class: "win-b", Label: v.B.Name + " wins", HasWhisker: true},
	}
}

// Pct is a proportion as a percentage with one decimal.
func Pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// Interval is a 95% interval as "41.2% to 45.0%".
func Interval(ci [2]float64) string { return Pct(ci[0]) + " to " + Pct(ci[1]) }

// ArmyLabel names army "a" or "b" by the side's name.
func (v SimView) ArmyLabel(army string) string {
	if army == "a" {
		return v.A.Name
	}
	return v.B.Name
}

// Replay is the command that plays the sample battle again.
func (v SimView) Replay() string {
	return "muster battle --scenario " + v.ScenarioID + " --seed " + v.SampleSeed + " A.yaml B.yaml"
}

// Seconds is a duration in seconds with two decimals.
func Seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 2, 64) + " s" }

// Ratio formats a ratio with two decimals.
func Ratio(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// Mean0 formats a mean with no decimals.
func Mean0(x float64) string { return strconv.FormatFloat(x, 'f', 0, 64) }

// SimAgain is the form that plays a matchup again.
type SimAgain struct {
	Action, A, B, Scenario string
	Battles                int
}

// SizeNote says how far apart the two armies' sizes are when it is large (a tenth of the
// larger or more): a lopsided matchup is mostly explained by it.
func (v SimView) SizeNote() string {
	a, b := v.A.Total, v.B.Total
	if a <= 0 || b <= 0 {
		return ""
	}
	big, small, bigName := a, b, v.A.Name
	if b > a {
		big, small, bigName = b, a, v.B.Name
	}
	diff := big - small
	if diff*10 < big {
		return ""
	}
	return fmt.Sprintf("%s fields %d SGPs more than its opponent (%d against %d, %d%% more): much of the result comes from that.",
		bigName, diff, big, small, diff*100/small)
}

// Link is a sentence and where it leads.
type Link struct {
	Text, URL string
}

// splitNotSimulated parts a result's "Not simulated" lines into those about its armies and
// battlefield and those every battle lists (battle.GeneralNotSimulated), each in order.
func splitNotSimulated(lines []string) (own, general []string) {
	for _, l := range lines {
		if battle.GeneralNotSimulated(l) {
			general = append(general, l)
		} else {
			own = append(own, l)
		}
	}
	return own, general
}
