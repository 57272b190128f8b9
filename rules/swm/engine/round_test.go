package engine

import (
	"regexp"
	"strings"
	"testing"
)

var turnLine = regexp.MustCompile(`^ \[([AB])\] .*'s turn`)

// order lists which squad took each turn in the log.
func order(b *Battle) string {
	var s strings.Builder
	for _, l := range b.lines {
		if m := turnLine.FindStringSubmatch(l); m != nil {
			s.WriteString(m[1])
		}
	}
	return s.String()
}

// Rounds and Phases (p. 4): the first player moves 1 character, then another; the second
// player the same; and so on until all have moved, each once. A player with no one left to
// activate passes and the other goes on two at a time (the spec's reading).
func TestRoundsPhasesOfTwoActivations(t *testing.T) {
	tough := house("Test Wall", 5, 1000, 30, 0, 1)
	for _, tc := range []struct {
		a, b  int
		first int
		want  string
	}{
		{3, 3, 0, "AABBAB"},
		{3, 3, 1, "BBAABA"},
		{1, 4, 0, "ABBBB"},
		{2, 5, 1, "BBAABBB"},
	} {
		sa, sb := Squad{Name: "A"}, Squad{Name: "B"}
		for range tc.a {
			sa.Figures = append(sa.Figures, Figure{Card: tough, Cost: 5})
		}
		for range tc.b {
			sb.Figures = append(sb.Figures, Figure{Card: tough, Cost: 5})
		}
		b := newBattle(t, field(t, openRows...), sa, sb)
		b.lines = nil
		b.playRound(tc.first)
		if got := order(b); got != tc.want {
			t.Errorf("%d against %d, %c first: %s, want %s", tc.a, tc.b, 'A'+tc.first, got, tc.want)
		}
		for _, c := range b.chars {
			if !c.Activated {
				t.Errorf("%s did not activate", c.Label)
			}
		}
	}
}
