package qrs

import "fmt"

// MeleeEffect is a row of the "Other melee" chart, for the loser of a melee.
type MeleeEffect int

// The chart's results.
const (
	NoEffect MeleeEffect = iota
	Retreat1
	KnockedOut // recovers in D3 turns; captured if the only friendly figure in contact
	Continue   // continue melee normally
	Wounded    // captured if the only friendly figure in contact
	MeleeKilled
)

var meleeEffectNames = [...]string{"No effect", "Retreat 1\"", "Knocked out (recovers in D3 turns)*", "Continue melee normally", "Wounded*", "Killed"}

// String is the chart's wording.
func (e MeleeEffect) String() string { return meleeEffectNames[e] }

// The chart by score difference 1..6, as printed: unarmoured, then armoured (unless hit by
// a light sabre, when the unarmoured column applies).
var (
	unarmouredChart = [7]MeleeEffect{NoEffect, Retreat1, KnockedOut, Continue, Wounded, MeleeKilled, MeleeKilled}
	armouredChart   = [7]MeleeEffect{NoEffect, NoEffect, Retreat1, KnockedOut, Continue, Wounded, MeleeKilled}
)

// severity orders the chart's results from the least to the most harm to the loser, for a
// figure that loses to several opponents and suffers the worst. The chart's own order is
// by score difference and puts "Continue melee normally" (-3 unarmoured, -4 armoured)
// between Knocked out and Wounded; continuing to fight is no harm at all, so it ranks just
// above no effect, and a retreat below being knocked out.
var severity = [...]int{NoEffect: 0, Continue: 1, Retreat1: 2, KnockedOut: 3, Wounded: 4, MeleeKilled: 5}

// Worse reports whether e harms the loser more than other does.
func (e MeleeEffect) Worse(other MeleeEffect) bool { return severity[e] > severity[other] }

// ChartEffect reads the chart for the loser of a melee lost by diff. A difference beyond 6
// reads -6 (Killed in both columns); a draw (0) has no effect: the chart starts at -1, so
// Muster reads a draw as both figures still fighting.
func ChartEffect(diff int, armoured, bySaber bool) MeleeEffect {
	if diff <= 0 {
		return NoEffect
	}
	diff = min(diff, 6)
	if armoured && !bySaber {
		return armouredChart[diff]
	}
	return unarmouredChart[diff]
}

// Fighter is a figure in melee (not a lightsaber duel between Force users).
type Fighter struct {
	Melee   int
	Wounded bool // a wound halves the melee value
	Armour  bool
	Saber   bool // armed with a light sabre: its hits ignore armour
}

// score2 is twice the figure's score for a die, so a wounded (halved) value stays exact.
func (f Fighter) score2(die int) int {
	if f.Wounded {
		return 2*die + f.Melee
	}
	return 2 * (die + f.Melee)
}

// MeleeOutcome is one melee between a figure and one or more opponents.
type MeleeOutcome struct {
	Die, OpponentsDie int
	// Self is what the figure suffers (the worst of the comparisons it loses); Opponents
	// what each opponent suffers.
	Self      MeleeEffect
	Opponents []MeleeEffect
}

// Melee resolves the sheet's other melee: "throw a D6 for each figure ... added to the
// figure's Melee value. If a figure is fighting multiple opponents, he rolls once and
// compares his score with the highest D6 score rolled by his opponents, added to each
// opponent's melee value." The loser of each comparison reads the chart by the difference;
// a half point of difference (a wounded figure's halved value) is rounded down. A figure
// losing to several opponents suffers the worst of the results (Muster's reading).
func Melee(self Fighter, opponents []Fighter, d Dice) MeleeOutcome {
	o := MeleeOutcome{Die: d.Roll(6)}
	for range opponents {
		o.OpponentsDie = max(o.OpponentsDie, d.Roll(6))
	}
	for _, op := range opponents {
		diff2 := self.score2(o.Die) - op.score2(o.OpponentsDie)
		var mine, theirs MeleeEffect
		if diff2 < 0 {
			mine = ChartEffect(-diff2/2, self.Armour, op.Saber)
		} else {
			theirs = ChartEffect(diff2/2, op.Armour, self.Saber)
		}
		if mine.Worse(o.Self) {
			o.Self = mine
		}
		o.Opponents = append(o.Opponents, theirs)
	}
	return o
}

// Duelist is a Force user with a light sabre in a duel.
type Duelist struct {
	Melee       int
	ForcePoints int
}

// DuelOutcome is one exchange of a lightsaber duel.
type DuelOutcome struct {
	DieA, DieB int
	// Loser is "a", "b" or "" for a draw; Lost the Force points the loser loses.
	Loser string
	Lost  int
	// MaxMin: one die showed 6 and the other 1: "winner kills lower scored figure, or -8FP".
	MaxMin bool
}

// String is the outcome in the sheet's words.
func (o DuelOutcome) String() string {
	switch {
	case o.Loser == "":
		return "draw"
	case o.MaxMin:
		return fmt.Sprintf("%s killed, or loses 8 FP (max/min)", o.Loser)
	}
	return fmt.Sprintf("%s loses %d FP", o.Loser, o.Lost)
}

// Duel is one exchange of the sheet's lightsaber duel: "Each side rolls D6 and add to the
// figure's melee value, compare the results, the loser losing the difference (up to a
// maximum of 4) in Force Points. Max/Min means winner kills lower scored figure, or -8FP."
// Muster reads Max/Min as one die showing 6 and the other 1 with the totals unequal; the
// winner's player chooses between the kill and the 8 FP. Lost points are capped by what the
// loser has ("When one figure reaches '0', he is considered as a normal figure").
func Duel(a, b Duelist, d Dice) DuelOutcome {
	o := DuelOutcome{DieA: d.Roll(6), DieB: d.Roll(6)}
	diff := (o.DieA + a.Melee) - (o.DieB + b.Melee)
	loserFP := b.ForcePoints
	switch {
	case diff == 0:
		return o
	case diff > 0:
		o.Loser = "b"
	default:
		o.Loser, diff, loserFP = "a", -diff, a.ForcePoints
	}
	if (o.DieA == 6 && o.DieB == 1) || (o.DieA == 1 && o.DieB == 6) {
		o.MaxMin = true
		o.Lost = min(8, loserFP)
		return o
	}
	o.Lost = min(diff, 4, loserFP)
	return o
}
