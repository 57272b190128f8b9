package views

import (
	"slices"
	"strconv"
)

// BattleOutcome is what one battle of a matchup came to, as the replay's picks need it: its
// index (from 0), the winner (0, 1, or -1 for a draw), each side's victory points and the
// turns it lasted.
type BattleOutcome struct {
	Index  int
	Winner int
	VP     [2]int
	Turns  int
}

// Margin is the winner's victory points less the loser's (0 for a draw); a battle won on
// the scenario's objective may have a negative margin.
func (o BattleOutcome) Margin() int {
	if o.Winner < 0 {
		return 0
	}
	return o.VP[o.Winner] - o.VP[1-o.Winner]
}

// ReplayPick is a battle worth watching for its outcome: its index and why.
type ReplayPick struct {
	Battle int
	Why    string
}

// PickBattles chooses, among a matchup's battles, the ones to watch by outcome: for each
// army (named by names) a typical win (the won battle whose margin is nearest the median
// margin of its wins) and its closest loss (the lost battle with the smallest margin);
// the longest battle (most turns); and the first draw, if any. Ties go to the lowest
// index. An army with no win or no loss has no such pick. Pure: the same outcomes, the
// same picks, in that order.
func PickBattles(outcomes []BattleOutcome, names [2]string) []ReplayPick {
	return pickBattles(outcomes, names, pickWords{"victory point", "victory points", "turn", "turns"})
}

// PickSWMBattles is PickBattles for d20 battles: their margin is the points of enemy
// figures each squad defeated (the tie-breaker's count, in VP) and their length the
// rounds (in Turns).
func PickSWMBattles(outcomes []BattleOutcome, names [2]string) []ReplayPick {
	return pickBattles(outcomes, names, pickWords{"point", "points", "round", "rounds"})
}

// pickWords are what a margin and a length are counted in, one and many.
type pickWords struct{ point, points, turn, turns string }

func pickBattles(outcomes []BattleOutcome, names [2]string, w pickWords) []ReplayPick {
	var picks []ReplayPick
	for s := range 2 {
		var wins, losses []BattleOutcome
		for _, o := range outcomes {
			switch o.Winner {
			case s:
				wins = append(wins, o)
			case 1 - s:
				losses = append(losses, o)
			}
		}
		if len(wins) > 0 {
			// Twice the median, so that an even number of wins keeps it whole.
			m := make([]int, len(wins))
			for k, o := range wins {
				m[k] = o.Margin()
			}
			slices.Sort(m)
			median2 := m[(len(m)-1)/2] + m[len(m)/2]
			best := wins[0]
			for _, o := range wins[1:] {
				if d, bd := absInt(2*o.Margin()-median2), absInt(2*best.Margin()-median2); d < bd || d == bd && o.Index < best.Index {
					best = o
				}
			}
			picks = append(picks, ReplayPick{best.Index, "a typical win for " + names[s] + " (" + w.by(best.Margin(), "behind") +
				"; the median of its " + plural(len(wins), "win", "wins") + " is " + half(median2) + ")"})
		}
		if len(losses) > 0 {
			best := losses[0]
			for _, o := range losses[1:] {
				if o.Margin() < best.Margin() || o.Margin() == best.Margin() && o.Index < best.Index {
					best = o
				}
			}
			picks = append(picks, ReplayPick{best.Index, "the closest loss for " + names[s] + " (" + w.by(best.Margin(), "ahead") + ")"})
		}
	}
	if len(outcomes) > 0 {
		best := outcomes[0]
		for _, o := range outcomes[1:] {
			if o.Turns > best.Turns || o.Turns == best.Turns && o.Index < best.Index {
				best = o
			}
		}
		picks = append(picks, ReplayPick{best.Index, "the longest battle (" + plural(best.Turns, w.turn, w.turns) + ")"})
	}
	draws, first := 0, -1
	for _, o := range outcomes {
		if o.Winner < 0 {
			if draws == 0 || o.Index < first {
				first = o.Index
			}
			draws++
		}
	}
	if draws > 0 {
		why := "a draw"
		if draws > 1 {
			why = "the first of " + strconv.Itoa(draws) + " draws"
		}
		picks = append(picks, ReplayPick{first, why})
	}
	return picks
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// by is a margin in words, "by 120 victory points", or for a negative one (a battle won on
// the objective by the side that lost more) "20 victory points behind" (the winner's view)
// or "ahead" (the loser's).
func (w pickWords) by(margin int, negative string) string {
	if margin < 0 {
		return plural(-margin, w.point, w.points) + " " + negative
	}
	return "by " + plural(margin, w.point, w.points)
}

// half is n/2 written as a number of victory points ("115", "112.5").
func half(n int) string {
	s := strconv.Itoa(n / 2)
	if n%2 != 0 {
		if n < 0 && n/2 == 0 {
			s = "-0"
		}
		s += ".5"
	}
	return s
}
