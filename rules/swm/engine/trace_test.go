package engine

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTraceIsTheSameBattle: a battle played with its trace is the battle played without
// it (the same result and log), and the trace's frames agree with the log and the result:
// the setup's frame and one a activation, the figures standing where the log's moves say.
func TestTraceIsTheSameBattle(t *testing.T) {
	for _, sc := range Scenarios() {
		a, b := load(t, "../testdata/salvage-rebel.yaml"), load(t, "../testdata/salvage-imperial.yaml")
		for i := range uint64(3) {
			m, _ := Scenario(sc)
			plain, err := Play(m, a, b, rand.New(rand.NewPCG(7, i)), true)
			if err != nil {
				t.Fatal(err)
			}
			m, _ = Scenario(sc)
			traced, tr, err := PlayTrace(m, a, b, rand.New(rand.NewPCG(7, i)))
			if err != nil {
				t.Fatal(err)
			}
			pj, _ := json.Marshal(plain)
			tj, _ := json.Marshal(traced)
			if string(pj) != string(tj) {
				t.Fatalf("%s battle %d: traced, the battle differs:\n%s\n%s", sc, i, pj, tj)
			}
			var lines []string
			for _, f := range tr.Frames {
				lines = append(lines, f.Log...)
			}
			if !slices.Equal(lines, plain.Log) {
				t.Errorf("%s battle %d: the frames' logs are not the battle's log", sc, i)
			}
			if tr.Frames[0].Actor != -1 || tr.Frames[0].Round != 0 {
				t.Errorf("%s battle %d: the first frame is not the setup: %+v", sc, i, tr.Frames[0])
			}
			if tr.Winner != plain.Winner || tr.Outcome != plain.Log[len(plain.Log)-1] {
				t.Errorf("%s battle %d: the trace's outcome %d %q is not the result's", sc, i, tr.Winner, tr.Outcome)
			}
			last := tr.Frames[len(tr.Frames)-1]
			if last.Round != plain.Rounds {
				t.Errorf("%s battle %d: the last frame is in round %d, the battle lasted %d", sc, i, last.Round, plain.Rounds)
			}
			var left [2]int
			for k, s := range last.Figures {
				if !s.Defeated {
					left[tr.Figures[k].Side]++
				}
			}
			if left != plain.Left {
				t.Errorf("%s battle %d: the last frame leaves %v standing, the result %v", sc, i, left, plain.Left)
			}
			// Every move ends where the figure stands at its frame's end, unless it moved
			// again or fell after.
			for k, f := range tr.Frames {
				for _, e := range f.Events {
					if e.Kind == Move && len(e.Path) < 2 {
						t.Errorf("%s battle %d frame %d: a move of %d squares", sc, i, k, len(e.Path))
					}
				}
				if k > 0 && f.Actor >= 0 {
					prev := tr.Frames[k-1].Figures[f.Actor].Pos
					at := prev
					for _, e := range f.Events {
						if e.Kind == Move && e.Who == f.Actor {
							if e.Path[0] != at {
								t.Errorf("%s battle %d frame %d: a move starts at %v, the figure stood at %v", sc, i, k, e.Path[0], at)
							}
							at = e.Path[len(e.Path)-1]
						}
					}
					if s := f.Figures[f.Actor]; !s.Defeated && s.Pos != at {
						t.Errorf("%s battle %d frame %d: the actor stands at %v, its moves end at %v", sc, i, k, s.Pos, at)
					}
				}
			}
		}
	}
}

// TraceBattle plays battle i of a run again as Simulate played it, and a panic in it comes
// back as the battle's *BattleError, not a fallen process.
func TestTraceBattleIsTheRunsBattleAndRecovers(t *testing.T) {
	a, b := load(t, "../testdata/salvage-rebel.yaml"), load(t, "../testdata/salvage-imperial.yaml")
	salvage := func() *Map { m, _ := Scenario("salvage"); return m }
	r, tr, err := TraceBattle(salvage, a, b, 7, 2)
	if err != nil || tr == nil {
		t.Fatal(err)
	}
	want, err := Play(salvage(), a, b, rand.New(rand.NewPCG(7, 2)), true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Log, want.Log) {
		t.Error("TraceBattle's battle 2 is not the run's battle 2")
	}
	_, _, err = TraceBattle(func() *Map { panic("a fault") }, a, b, 7, 2)
	var be *BattleError
	if !errors.As(err, &be) || be.Index != 2 || be.Seed != 7 {
		t.Errorf("a panic came back as %v", err)
	}
}
