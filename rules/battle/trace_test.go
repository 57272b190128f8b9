package battle

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// traceCases are matchups whose battles the trace tests replay: the reference matchup, the
// full kit (grenades, flames, artillery, Force powers) and a scenario with reinforcements,
// a rally point and barriers.
var traceCases = []struct {
	name, scenario, a, b string
}{
	{"reference", "open-field", "testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml"},
	{"full kit", "open-field", "testdata/full-1500.yaml", "testdata/imperial-1500.yaml"},
	{"rats in a trap", "like-rats-in-a-trap", "testdata/rats-rebels.yaml", "testdata/rats-imperials.yaml"},
}

// A traced battle is the battle Play gives for the seed: same result, same log.
func TestTraceLeavesTheBattleUnchanged(t *testing.T) {
	for _, tc := range traceCases {
		bt := New(scenario(t, tc.scenario), force(t, tc.a), force(t, tc.b))
		for seed := range uint64(8) {
			var plain, traced bytes.Buffer
			r := *bt.Play(seed, &plain)
			r.Units = append([]UnitResult(nil), r.Units...)
			r2, _ := bt.PlayTrace(seed, &traced)
			if plain.String() != traced.String() {
				t.Fatalf("%s seed %d: the traced battle's log differs from the untraced one", tc.name, seed)
			}
			if r.Winner != r2.Winner || r.Turns != r2.Turns || r.VP != r2.VP {
				t.Fatalf("%s seed %d: traced result %d/%d/%v, untraced %d/%d/%v", tc.name, seed, r2.Winner, r2.Turns, r2.VP, r.Winner, r.Turns, r.VP)
			}
		}
	}
}

// Every figure a unit lost (incapacitated, fled or escaped) appears once among the trace's
// casualties: the start figures less those left at the end, as the result counts them.
func TestTraceCasualtiesEqualTheResult(t *testing.T) {
	for _, tc := range traceCases {
		bt := New(scenario(t, tc.scenario), force(t, tc.a), force(t, tc.b))
		for seed := range uint64(12) {
			r, tr := bt.PlayTrace(seed, nil)
			gone := make([]int, len(r.Units))
			for _, fr := range tr.Frames {
				for _, c := range fr.Casualties {
					if c.What != "wounded" {
						gone[c.Unit]++
					}
				}
			}
			for ui, u := range r.Units {
				if u.Kind == "hero" && u.Fate == FateNotArrived {
					continue
				}
				if want := u.Start - u.Left; gone[ui] != want {
					t.Errorf("%s seed %d: %s lost %d figures by the trace, %d by the result (%d of %d left, %s)",
						tc.name, seed, u.Name, gone[ui], want, u.Left, u.Start, u.Fate)
				}
			}
		}
	}
}

// Every figure on the table stands within it (a unit entering stands at the edge), and
// every frame is a phase of the sequence of play in order: the set-up, then Movement, Fire
// combat, Close assault, Morale and Special actions each turn (a battle won in a Movement
// Phase ends there).
func TestTraceFramesFollowTheSequenceOfPlay(t *testing.T) {
	phases := []string{"Movement", "Fire combat", "Close assault", "Morale", "Special actions"}
	for _, tc := range traceCases {
		bt := New(scenario(t, tc.scenario), force(t, tc.a), force(t, tc.b))
		for seed := range uint64(6) {
			var log bytes.Buffer
			r, tr := bt.PlayTrace(seed, &log)
			if tr.Frames[0].Turn != 0 || tr.Frames[0].Phase != "Set-up" {
				t.Fatalf("%s seed %d: first frame %d %q, want the set-up", tc.name, seed, tr.Frames[0].Turn, tr.Frames[0].Phase)
			}
			for k, fr := range tr.Frames[1:] {
				if turn, ph := 1+k/5, phases[k%5]; fr.Turn != turn || fr.Phase != ph {
					t.Fatalf("%s seed %d: frame %d is turn %d %q, want turn %d %q", tc.name, seed, k+1, fr.Turn, fr.Phase, turn, ph)
				}
				for i, f := range fr.Figs {
					if f.On && !f.Out && (f.At.X < -baseRadius || f.At.Y < -baseRadius || f.At.X > tr.Map.W+baseRadius || f.At.Y > tr.Map.H+baseRadius) {
						t.Errorf("%s seed %d turn %d %s: figure %d of %s at (%g, %g), off the %gx%g table",
							tc.name, seed, fr.Turn, fr.Phase, i, tr.Units[f.Unit].Name, f.At.X, f.At.Y, tr.Map.W, tr.Map.H)
					}
				}
				if !strings.Contains(fr.Log, "Turn ") && fr.Phase == "Movement" {
					t.Errorf("%s seed %d: turn %d's Movement frame does not start the turn's log", tc.name, seed, fr.Turn)
				}
			}
			// The last frame is in the log's last turn (Result.Turns counts one more when
			// a battle ends before the turn limit: see docs/replay.md).
			last := tr.Frames[len(tr.Frames)-1]
			heading := fmt.Sprintf("\nTurn %d\n", last.Turn)
			if !strings.Contains(log.String(), heading) || strings.Contains(log.String(), fmt.Sprintf("\nTurn %d\n", last.Turn+1)) {
				t.Errorf("%s seed %d: last frame in turn %d, not the log's last turn", tc.name, seed, last.Turn)
			}
			if last.Turn > r.Turns {
				t.Errorf("%s seed %d: last frame in turn %d, after the battle's %d turns", tc.name, seed, last.Turn, r.Turns)
			}
		}
	}
}

// The frames hold the whole log, each line once and in order, and each volley the log
// tells is a fire line of its frame.
func TestTraceFramesHoldTheLog(t *testing.T) {
	for _, tc := range traceCases {
		bt := New(scenario(t, tc.scenario), force(t, tc.a), force(t, tc.b))
		var log bytes.Buffer
		_, tr := bt.PlayTrace(3, &log)
		var all strings.Builder
		for _, fr := range tr.Frames {
			all.WriteString(fr.Log)
			if n := strings.Count(fr.Log, " shots at ") + strings.Count(fr.Log, " shot at "); n != len(fr.Fire) {
				t.Errorf("%s turn %d %s: the log tells %d volleys, the trace has %d fire lines", tc.name, fr.Turn, fr.Phase, n, len(fr.Fire))
			}
			for _, f := range fr.Fire {
				if line := tr.Units[f.From].Name + " fires at " + tr.Units[f.To].Name; !strings.Contains(fr.Log, line) {
					t.Errorf("%s turn %d %s: fire line %q is not in the phase's log", tc.name, fr.Turn, fr.Phase, line)
				}
			}
		}
		if !strings.HasPrefix(log.String(), all.String()) || !strings.HasSuffix(log.String(), tr.Result) {
			t.Errorf("%s: the frames' log and the result are not the battle's log", tc.name)
		}
	}
}

// Victory points are the SGPs of the enemy's lost units, so the SGPs lost to each cause add
// up to the other side's victory points.
func TestLossCausesAddUpToVictoryPoints(t *testing.T) {
	for _, tc := range traceCases {
		bt := New(scenario(t, tc.scenario), force(t, tc.a), force(t, tc.b))
		for seed := range uint64(40) {
			r := bt.Play(seed, nil)
			var lost [2]int
			for _, u := range r.Units {
				if u.Lost != (u.LostTo != "") {
					t.Fatalf("%s seed %d: %s lost %v but lost to %q", tc.name, seed, u.Name, u.Lost, u.LostTo)
				}
				if u.Lost {
					if causeIndex(u.LostTo) < 0 {
						t.Fatalf("%s seed %d: %s lost to %q, not a cause", tc.name, seed, u.Name, u.LostTo)
					}
					// Fleeing and routing are morale's; a unit whose last soldiers fled in
					// a Morale Phase was lost to morale too.
					if (u.Fate == FateFled || u.Fate == FateRouting) && u.LostTo != "morale" {
						t.Errorf("%s seed %d: %s %s, lost to %q", tc.name, seed, u.Name, u.Fate, u.LostTo)
					}
					lost[u.Side] += u.SGP
				}
			}
			if lost[0] != r.VP[1] || lost[1] != r.VP[0] {
				t.Errorf("%s seed %d: SGPs lost by cause %v, victory points %v", tc.name, seed, lost, r.VP)
			}
		}
	}
}
