package battle

import (
	"context"
	"testing"

	"muster/roster"
	"muster/rules"
)

// An army that puts nothing on the table does not draw with one that stands there: the
// side alone with units that can fight holds the field and wins, as either side and on
// every scenario judged on points or shares. (It drew every battle before, so a list of
// nothing scored a half against any army and the list optimizer could not climb from it.)
func TestASideWithNothingOnTheTableLoses(t *testing.T) {
	empty, err := NewForce(rules.Default(), &roster.Army{Format: 1, System: "swmb", Name: "Nobody", Side: rules.Rebel})
	if err != nil {
		t.Fatal(err)
	}
	line := force(t, "testdata/imperial-1500.yaml")
	for _, name := range []string{"open-field", "open-field-at-night"} {
		field := scenario(t, name)
		for _, emptyFirst := range []bool{true, false} {
			a, b := empty, line
			if !emptyFirst {
				a, b = line, empty
			}
			s, err := Simulate(context.Background(), field, a, b, SimOptions{Battles: 20, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			winsOfLine := s.B.Wins
			if !emptyFirst {
				winsOfLine = s.A.Wins
			}
			if winsOfLine != 20 || s.Draws != 0 {
				t.Errorf("%s, the empty army first %v: the line won %d of 20, %d draws; want all 20 won", name, emptyFirst, winsOfLine, s.Draws)
			}
		}
	}
}
