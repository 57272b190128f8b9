package engine

import (
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"
)

// cardPool is every card the catalogue holds, as the test squads complete them (the
// Assault on Echo Base's two squads between them field all 14 cards of the pack, with
// house numbers where the rulebook prints none): one figure of each, its side's.
func cardPool(t *testing.T) [2][]Figure {
	var pool [2][]Figure
	for s, path := range []string{"../testdata/assault-rebel.yaml", "../testdata/assault-imperial.yaml"} {
		seen := map[string]bool{}
		for _, f := range load(t, path).Figures {
			if !seen[f.Card.Name] {
				seen[f.Card.Name] = true
				pool[s] = append(pool[s], f)
			}
		}
	}
	if len(pool[0])+len(pool[1]) != 14 {
		t.Fatalf("the pool holds %d cards, not the pack's 14", len(pool[0])+len(pool[1]))
	}
	return pool
}

// drawSquad draws 1 to 8 figures of a faction's cards, a Unique character at most once
// (glossary, Unique, L621).
func drawSquad(rng *rand.Rand, name string, cards []Figure) Squad {
	s := Squad{Name: name}
	taken := map[string]bool{}
	for range 1 + rng.IntN(8) {
		f := cards[rng.IntN(len(cards))]
		if u, _ := f.Card.IsUnique(); u {
			if taken[f.Card.Given()] {
				continue
			}
			taken[f.Card.Given()] = true
		}
		f.Unit = len(s.Figures)
		s.Figures = append(s.Figures, f)
	}
	return s
}

func names(s Squad) string {
	var out []string
	for _, f := range s.Figures {
		out = append(out, f.Card.Name)
	}
	return strings.Join(out, ", ")
}

// TestAnySquadsPlayByTheBookkeeping plays battles between squads drawn at random from every
// card of the pack, a Rebel squad against an Imperial one (either first), on every map,
// audited (audit.go): whatever a player fields, a battle ends without a panic within its
// round limit, with everyone where the rules let them stand, activating as the rules let
// them, attacking only legal targets, and a result that adds up. The draws are seeded; a
// failure names the draw, the seed, the map and the squads.
func TestAnySquadsPlayByTheBookkeeping(t *testing.T) {
	pool := cardPool(t)
	draws := 200
	if testing.Short() {
		draws = 30
	}
	rng := rand.New(rand.NewPCG(5, 3))
	played := 0
	for d := range draws {
		sc := Scenarios()[d%len(Scenarios())]
		first := rng.IntN(2)
		var sq [2]Squad
		sq[first] = drawSquad(rng, "Rebels", pool[0])
		sq[1-first] = drawSquad(rng, "Imperials", pool[1])
		seed := uint64(d)
		what := fmt.Sprintf("draw %d (seed %d) on %s: [A] %s against [B] %s", d, seed, sc, names(sq[0]), names(sq[1]))
		a := &audit{}
		a.start(what)
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s: panic: %v\n%s", what, r, debug.Stack())
				}
			}()
			m, _ := Scenario(sc)
			if _, err := play(m, sq[0], sq[1], rand.New(rand.NewPCG(seed, 0)), false, a); err != nil {
				if !strings.Contains(err.Error(), "no room left") {
					t.Errorf("%s: %v", what, err)
				}
				return
			}
			played++
		}()
		if len(a.fails) > 0 {
			t.Errorf("%s", strings.Join(a.fails, "\n"))
		}
	}
	if played < draws*9/10 {
		t.Errorf("only %d of %d draws were played", played, draws)
	}
}
