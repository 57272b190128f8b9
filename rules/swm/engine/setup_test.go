package engine

import (
	"fmt"
	"testing"
)

// Each squad sets up in its own side's area, and the Dark Side squad first, whichever file
// comes first. Both scenarios: "The Rebel forces set up anywhere within the red-shaded area
// ... The Imperial forces set up anywhere within the blue-shaded area" (L537, L569); the
// red area is the one holding the outpost on the assault map (the Rebels hold it, L565),
// Muster's 'a' squares, the blue one the 'b' squares. "The Dark Side squad sets up first,
// then the Light Side squad" (Assemble Your Squad, L321). The open field's areas are the
// Quick Start's two narrow edges, the same rule for who takes which. Before, the first file
// took the 'a' area and the second set up first: with the Imperial squad's file first,
// Vader's team set up inside the Rebel outpost, and the Rebels set up first.
func TestSquadsSetUpInTheirOwnSidesAreaDarkSideFirst(t *testing.T) {
	for _, scenario := range []struct{ name, imperial, rebel string }{
		{"assault", "../testdata/assault-imperial.yaml", "../testdata/assault-rebel.yaml"},
		{"salvage", "../testdata/salvage-imperial.yaml", "../testdata/salvage-rebel.yaml"},
		{"open", "../testdata/assault-imperial.yaml", "../testdata/assault-rebel.yaml"},
	} {
		imperial, rebel := load(t, scenario.imperial), load(t, scenario.rebel)
		for _, order := range []struct {
			name string
			a, b Squad
			imp  int // the Imperial squad's place: 0 first file, 1 second
		}{{"Imperial file first", imperial, rebel, 0}, {"Rebel file first", rebel, imperial, 1}} {
			t.Run(fmt.Sprintf("%s, %s", scenario.name, order.name), func(t *testing.T) {
				m, _ := Scenario(scenario.name)
				b := newBattle(t, m, order.a, order.b)
				// The red area ('a', Zones[0]) is the Rebels', the blue ('b', Zones[1]) the Imperials'.
				for _, c := range b.chars {
					want, whose := m.Zones[0], "the Rebels' (red) area"
					if c.Side == order.imp {
						want, whose = m.Zones[1], "the Imperials' (blue) area"
					}
					for _, q := range c.squares() {
						if !inZone(want, q) {
							t.Errorf("%s stands on %v, outside %s", c.Label, q, whose)
						}
					}
				}
				// b.chars is the order of setting up: every Imperial figure before any Rebel.
				n := len(order.a.Figures)
				if order.imp == 1 {
					n = len(order.b.Figures)
				}
				for i, c := range b.chars {
					if imp := c.Side == order.imp; imp != (i < n) {
						t.Errorf("set-up place %d is %s: want the %d Imperial figures first, then the Rebels", i+1, c.Label, n)
						break
					}
				}
				// The figures keep their own squad's label: [A] the first file's, [B] the second's.
				for _, c := range b.chars {
					sq := []Squad{order.a, order.b}[c.Side]
					if c.Label[:3] != "["+string(rune('A'+c.Side))+"]" || !hasCard(sq, c.Name) {
						t.Errorf("%s (squad %d) is not a figure of %s", c.Label, c.Side, sq.Name)
					}
				}
			})
		}
	}
}

func hasCard(s Squad, name string) bool {
	for _, f := range s.Figures {
		if f.Card.Name == name {
			return true
		}
	}
	return false
}

// Which area each squad takes, by its side of the Force (Map.Zones[0] the Light Side's):
// a Dark Side squad the Dark Side's area whether its file comes first or second, a squad of
// no known side the area its opponent leaves, two of one side (or none known) file order.
func TestZonesFollowTheSides(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want [2]int
	}{
		{"light", "dark", [2]int{0, 1}}, {"dark", "light", [2]int{1, 0}},
		{"dark", "", [2]int{1, 0}}, {"", "light", [2]int{1, 0}},
		{"light", "", [2]int{0, 1}}, {"", "dark", [2]int{0, 1}},
		{"light", "light", [2]int{0, 1}}, {"dark", "dark", [2]int{0, 1}}, {"", "", [2]int{0, 1}},
	} {
		if got := zones(Squad{Side: c.a}, Squad{Side: c.b}); got != c.want {
			t.Errorf("%q against %q: areas %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func inZone(z []Point, p Point) bool {
	for _, q := range z {
		if q == p {
			return true
		}
	}
	return false
}
