package engine

import "strings"

// The maps Muster plays. The pack's double-sided map is not in the rulebook's text, so the
// two scenario maps are approximations drawn from the scenario descriptions (docs/swm.md
// lists what is assumed); the open map is a plain field.

// OpenMap is a 20 x 30 field with no terrain; the squads set up within 4 squares of the
// narrow edges, as in the Quick Start game (Starting Positions).
func OpenMap() *Map {
	m := NewMap("open", 20, 30)
	m.Note = "an open 20 x 30 field; setup within 4 squares of the narrow edges (Quick Start, Starting Positions)"
	for y := 0; y < 4; y++ {
		for x := 0; x < m.W; x++ {
			m.Zones[0] = append(m.Zones[0], Point{x, m.H - 1 - y})
			m.Zones[1] = append(m.Zones[1], Point{x, y})
		}
	}
	return m
}

// salvageRows approximates the Echo Base Salvage Mission: an abandoned outpost (walls with
// a door on each side), crates (low objects) and trenches (difficult terrain) between the
// two setup areas.
var salvageRows = []string{
	"bbbbbbbbbbbbbbbbbbbb",
	"bbbbbbbbbbbbbbbbbbbb",
	"bbbbbbbbbbbbbbbbbbbb",
	"....................",
	"..oo............oo..",
	"....................",
	"~~~~~~~......~~~~~~~",
	"....................",
	"......###D####......",
	"......#......#......",
	"..o...#..oo..#...o..",
	"..o...D......D...o..",
	"......#..oo..#......",
	"......####D###......",
	"....................",
	"~~~~~~~......~~~~~~~",
	"....................",
	"..oo............oo..",
	"....................",
	"aaaaaaaaaaaaaaaaaaaa",
	"aaaaaaaaaaaaaaaaaaaa",
	"aaaaaaaaaaaaaaaaaaaa",
}

// assaultRows approximates the Assault on Echo Base: the Rebels hold trenches and an
// outpost in front of the base tunnels; the Imperials come across the snowfield with rocks
// for cover. The outpost's doors are two squares wide, so that Large figures (the
// tauntaun riders, the Snowspeeder) are not shut in: Muster does not play squeezing.
var assaultRows = []string{
	"bbbbbbbbbbbbbbbbbbbb",
	"bbbbbbbbbbbbbbbbbbbb",
	"bbbbbbbbbbbbbbbbbbbb",
	"bbbbbbbbbbbbbbbbbbbb",
	"....................",
	"...oo.........oo....",
	"....................",
	"........oo..........",
	"..##............##..",
	"....................",
	"~~~~~~~~~..~~~~~~~~~",
	"..o..o..o..o..o..o..",
	"....................",
	"....####DD####......",
	"....#........#......",
	"aaaaDaaaaaaaaDaaaaaa",
	"aaaaDaaaaaaaaDaaaaaa",
	"aaaa##########aaaaaa",
	"aaaaaaaaaaaaaaaaaaaa",
	"#########aa#########",
}

// Scenario is a map with its name.
func Scenario(name string) (*Map, bool) {
	switch strings.ToLower(name) {
	case "", "open":
		return OpenMap(), true
	case "salvage", "echo base salvage mission":
		m, err := Parse("salvage", "an approximation of the Echo Base Salvage Mission map: the outpost, crates and trenches are drawn from the scenario's description, not the printed map", salvageRows)
		if err != nil {
			panic(err)
		}
		return m, true
	case "assault", "assault on echo base":
		m, err := Parse("assault", "an approximation of the Assault on Echo Base map: trenches, an outpost with doors and the tunnel mouth are drawn from the scenario's description, not the printed map", assaultRows)
		if err != nil {
			panic(err)
		}
		return m, true
	}
	return nil, false
}

// Scenarios lists the names Scenario takes.
func Scenarios() []string { return []string{"open", "salvage", "assault"} }

// ScenarioTitle is how a picker names a scenario for a player with the rulebook open: the
// scenario's own title, and whether its map is the book's or Muster's drawing of it (the
// printed battle map is not in the rulebook's text). An unknown name is itself.
func ScenarioTitle(name string) string {
	switch strings.ToLower(name) {
	case "open":
		return "Open field (the Quick Start's setup; 20 x 30 squares, no terrain)"
	case "salvage":
		return "Echo Base Salvage Mission (map drawn from the scenario's description)"
	case "assault":
		return "Assault on Echo Base (map drawn from the scenario's description)"
	}
	return name
}
