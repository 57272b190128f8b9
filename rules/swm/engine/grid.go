package engine

import "fmt"

// Terrain is what a square holds (rulebook, Terrain, pp. 23-26). Walls are edges on the
// printed map; Muster's maps make them whole squares (a pillar is a wall square in the book
// too), and doors are squares that act as walls until opened.
type Terrain uint8

// The kinds of square.
const (
	Open      Terrain = iota
	Low               // low objects: double movement, cover
	Difficult         // difficult terrain (and trenches in this pack): double movement, no cover
	Pit               // no entry without Flight; ending a turn there defeats the character
	Wall              // blocks movement and line of sight
	Door              // a wall until a character ends a turn next to it
)

// Point is a square: X across, Y down.
type Point struct{ X, Y int }

// Map is a battle map: terrain by square and the two squads' setup zones.
type Map struct {
	Name string
	// Note says how the map was made (the printed maps are not in the rulebook's text).
	Note  string
	W, H  int
	cells []Terrain
	// Zones are the setup areas: [0] the Light Side's (the scenarios' Rebel forces, the
	// red-shaded area), [1] the Dark Side's (the Imperial forces, blue). Squads whose sides
	// are not known, or the same, take them in file order (setup.go).
	Zones [2][]Point
}

// NewMap is an open map of w x h squares.
func NewMap(name string, w, h int) *Map {
	return &Map{Name: name, W: w, H: h, cells: make([]Terrain, w*h)}
}

// Parse reads a map drawn as text, one row a line: '.' open, 'o' low objects, '~'
// difficult terrain or trench, 'P' pit, '#' wall, 'D' door, 'a' and 'b' open squares of
// the Light Side's and the Dark Side's setup zones.
func Parse(name, note string, rows []string) (*Map, error) {
	m := NewMap(name, len(rows[0]), len(rows))
	m.Note = note
	for y, row := range rows {
		if len(row) != m.W {
			return nil, fmt.Errorf("map %s: row %d is %d squares, not %d", name, y+1, len(row), m.W)
		}
		for x, c := range row {
			t := Open
			switch c {
			case '.':
			case 'o':
				t = Low
			case '~':
				t = Difficult
			case 'P':
				t = Pit
			case '#':
				t = Wall
			case 'D':
				t = Door
			case 'a':
				m.Zones[0] = append(m.Zones[0], Point{x, y})
			case 'b':
				m.Zones[1] = append(m.Zones[1], Point{x, y})
			default:
				return nil, fmt.Errorf("map %s: row %d has %q", name, y+1, c)
			}
			m.cells[y*m.W+x] = t
		}
	}
	return m, nil
}

// At is the terrain of a square; outside the map is a wall.
func (m *Map) At(p Point) Terrain {
	if p.X < 0 || p.Y < 0 || p.X >= m.W || p.Y >= m.H {
		return Wall
	}
	return m.cells[p.Y*m.W+p.X]
}

func (m *Map) in(p Point) bool { return p.X >= 0 && p.Y >= 0 && p.X < m.W && p.Y < m.H }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X+1, p.Y+1) }
