package battle

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestGivingUpOnFormationsChangesNoBattle: makeRoom lets layout give up on a formation that
// cannot beat the best found (roomFloor) and works the last one out again in full when
// place will read it; before that it looks for a formation that fits whole with each
// given up on at its first place blocked (fullLayouts turns both off). Battles where units crowd (the book's forces on the Bridge's road,
// eight squads a side on the open field) must play the same with and without giving up,
// log and result byte for byte.
func TestGivingUpOnFormationsChangesNoBattle(t *testing.T) {
	type matchup struct {
		sc   string
		a, c *Force
	}
	ms := []matchup{
		{"defending-the-bridge", force(t, "rules/data/forces/defending-the-bridge-rebel.yaml"), force(t, "rules/data/forces/defending-the-bridge-imperial.yaml")},
		{"open-field", squadsArmy(t, "rebel", 8), squadsArmy(t, "imperial", 8)},
		{"like-rats-in-a-trap", force(t, "testdata/rats-rebels.yaml"), force(t, "testdata/rats-imperials.yaml")},
	}
	battles := uint64(12)
	if testing.Short() {
		battles = 3
	}
	for _, m := range ms {
		field := scenario(t, m.sc)
		play := func(full bool, seed uint64) string {
			bt := New(field, m.a, m.c)
			bt.fullLayouts = full
			var log strings.Builder
			r := bt.Play(seed, &log)
			j, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			return log.String() + string(j)
		}
		for i := range battles {
			seed := BattleSeed(28, i)
			if got, want := play(false, seed), play(true, seed); got != want {
				t.Fatalf("%s, seed %d: the battle differs when layout may give up", m.sc, seed)
			}
		}
	}
}

// TestGivingUpOnFormationsPlacesTheSame: a unit placed into a crowd (every other unit laid
// out around one spot, at random) stands where it would if layout never gave up: the
// places of its figures and its anchor, on many crowds, including those where makeRoom
// keeps the point it was given and place reads the last formation tried.
func TestGivingUpOnFormationsPlacesTheSame(t *testing.T) {
	field := scenario(t, "open-field")
	a, c := squadsArmy(t, "rebel", 8), squadsArmy(t, "imperial", 8)
	rng := rand.New(rand.NewPCG(28, 5))
	kept := 0
	for trial := range 600 {
		centre := Point{X: 20 + rng.Float64()*32, Y: 12 + rng.Float64()*24}
		spots := make([]Point, 15)
		facings := make([]float64, 16)
		spread := 2 + rng.Float64()*20
		for i := range spots {
			spots[i] = add(centre, Point{X: (rng.Float64() - 0.5) * spread, Y: (rng.Float64() - 0.5) * spread})
		}
		for i := range facings {
			facings[i] = rng.Float64() * 2 * math.Pi
		}
		at := add(centre, Point{X: (rng.Float64() - 0.5) * 4, Y: (rng.Float64() - 0.5) * 4})
		var pos [2][]Point
		var anchor [2]Point
		for k, full := range []bool{false, true} {
			b := ready(t, field, a, c, uint64(trial))
			for i, p := range spots {
				b.place(i, p, facings[i])
			}
			b.fullLayouts = full
			b.place(15, at, facings[15])
			anchor[k] = b.units[15].anchor
			for _, fi := range b.units[15].members {
				pos[k] = append(pos[k], b.figs[fi].pos)
			}
		}
		if anchor[0] != anchor[1] || !slices.Equal(pos[0], pos[1]) {
			t.Fatalf("crowd %d: placed at %v %v giving up, at %v %v not", trial, anchor[0], pos[0], anchor[1], pos[1])
		}
		if anchor[0] == at {
			kept++
		}
	}
	if kept == 0 {
		t.Error("makeRoom never kept the point it was given: the test misses that case")
	}
}
