package views

import (
	"reflect"
	"testing"
)

// The picks, on hand-made outcomes: a typical win is the win nearest the median margin of
// the army's wins (an even number of wins: the mean of the middle two), the closest loss the
// smallest margin, the longest the most turns, ties to the lowest index, and the first draw.
func TestPickBattles(t *testing.T) {
	win := func(i, s, m, turns int) BattleOutcome {
		o := BattleOutcome{Index: i, Winner: s, Turns: turns}
		o.VP[s], o.VP[1-s] = 500+m, 500
		return o
	}
	out := []BattleOutcome{
		win(0, 0, 100, 4),
		win(1, 0, 300, 6), // A's wins' margins 100, 300, 200, 900: median 250, 300 and 200 as near: index 1
		win(2, 0, 200, 6),
		win(3, 1, 50, 3), // B's wins: 50, -20 (won on the objective), 400: median 50
		win(4, 0, 900, 2),
		win(5, 1, -20, 6),
		{Index: 6, Winner: -1, VP: [2]int{10, 10}, Turns: 5},
		win(7, 1, 400, 5),
		{Index: 8, Winner: -1, Turns: 6},
	}
	want := []ReplayPick{
		{1, "a typical win for A (by 300 victory points; the median of its 4 wins is 250)"},
		{5, "the closest loss for A (20 victory points ahead)"},
		{3, "a typical win for B (by 50 victory points; the median of its 3 wins is 50)"},
		{0, "the closest loss for B (by 100 victory points)"},
		{1, "the longest battle (6 turns)"},
		{6, "the first of 2 draws"},
	}
	if got := PickBattles(out, [2]string{"A", "B"}); !reflect.DeepEqual(got, want) {
		t.Errorf("picks:\n got %v\nwant %v", got, want)
	}

	// A half median (30 and 31: the two as near, the lower index), one draw; B never won,
	// A never lost.
	out = []BattleOutcome{win(0, 0, 30, 2), win(1, 0, 31, 1), {Index: 2, Winner: -1, Turns: 2}}
	want = []ReplayPick{
		{0, "a typical win for A (by 30 victory points; the median of its 2 wins is 30.5)"},
		{0, "the closest loss for B (by 30 victory points)"},
		{0, "the longest battle (2 turns)"},
		{2, "a draw"},
	}
	if got := PickBattles(out, [2]string{"A", "B"}); !reflect.DeepEqual(got, want) {
		t.Errorf("picks:\n got %v\nwant %v", got, want)
	}
	// A tie on the closest loss: the lower index.
	out = []BattleOutcome{win(0, 0, 40, 2), win(1, 0, 31, 3), win(2, 0, 31, 3)}
	if got := PickBattles(out, [2]string{"A", "B"}); got[1] != (ReplayPick{1, "the closest loss for B (by 31 victory points)"}) || got[2].Battle != 1 {
		t.Errorf("ties: %v", got)
	}
	if got := PickBattles(nil, [2]string{"A", "B"}); got != nil {
		t.Errorf("no battles, picks %v", got)
	}
	if half(61) != "30.5" || half(-1) != "-0.5" || half(-3) != "-1.5" || half(62) != "31" {
		t.Error("half:", half(61), half(-1), half(-3), half(62))
	}
}
