package battle

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"muster/rules"
	"muster/rules/combat"
)

// The built-in scenarios are data files, one per scenario, embedded from scenarios/.
//
//go:embed scenarios/*.json
var scenarioFS embed.FS

// DefaultScenario is the scenario a battle is fought on when none is named.
const DefaultScenario = "open-field"

// Scenario is a battlefield and its rules as a data file: the table, terrain areas and
// barriers typed by the Terrain Effects Chart, each side's deployment, reinforcements and
// rally point, the objectives, the victory condition and the turn limit.
type Scenario struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Source      string `json:"source"`
	Description string `json:"description"`
	// Width and Height are the table's size in inches (X runs west to east, Y south to
	// north).
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	// Turns is the turn limit.
	Turns      int           `json:"turns"`
	Terrain    []TerrainSpec `json:"terrain"`
	Barriers   []BarrierSpec `json:"barriers"`
	Sides      [2]SideSpec   `json:"sides"`
	Objectives []Objective   `json:"objectives,omitempty"`
	Victory    Victory       `json:"victory"`
	// Approximations lists how the scenario departs from the book's description and map;
	// they are added to every result's not-simulated list.
	Approximations []string `json:"approximations,omitempty"`
	// Darkness, when given, makes the battle a night one (Chapter Fifteen, "Darkness";
	// darkness.go).
	Darkness *Darkness `json:"darkness,omitempty"`
}

// Darkness is a night battle's visibility in inches; 0 rolls it, 2D, for each battle.
type Darkness struct {
	Visibility float64 `json:"visibility,omitempty"`
}

// TerrainSpec is one terrain area: a Terrain Effects Chart terrain type (Type, such as
// "medium woods" or "easy hill") or "custom" with its effects given, over a rectangle
// [x0, y0, x1, y1], a circle [x, y, r] or a convex polygon.
type TerrainSpec struct {
	Type   string       `json:"type"`
	Name   string       `json:"name,omitempty"`
	Rect   []float64    `json:"rect,omitempty"`
	Circle []float64    `json:"circle,omitempty"`
	Poly   [][2]float64 `json:"poly,omitempty"`
	// Foliage is a swamp's woods equivalent: "light woods", "medium woods" or "heavy woods".
	Foliage string `json:"foliage,omitempty"`
	// High marks a hill over two meters high, which blocks lines of sight across it.
	High bool `json:"high,omitempty"`
	// For "custom" areas: the cover it gives ("none", "light", "medium", "heavy"), what each
	// inch costs to move through (1 for clear), whether it is impassable and blocks sight.
	Cover      string  `json:"cover,omitempty"`
	Move       float64 `json:"move,omitempty"`
	Impassable bool    `json:"impassable,omitempty"`
	BlocksLOS  bool    `json:"blocks_los,omitempty"`
}

// BarrierSpec is a linear barrier from one point to another: a Terrain Effects Chart
// barrier type, or "custom" (a cliff: impassable, no effect on sight).
type BarrierSpec struct {
	Type       string     `json:"type"`
	Name       string     `json:"name,omitempty"`
	From       [2]float64 `json:"from"`
	To         [2]float64 `json:"to"`
	Impassable bool       `json:"impassable,omitempty"`
	BlocksLOS  bool       `json:"blocks_los,omitempty"`
}

// Zone is a rectangle [x0, y0, x1, y1] on (or just off) the table.
type Zone [4]float64

func (z Zone) contains(p Point) bool {
	return p.X >= fmin(z[0], z[2]) && p.X <= fmax(z[0], z[2]) && p.Y >= fmin(z[1], z[3]) && p.Y <= fmax(z[1], z[3])
}

func (z Zone) center() Point { return Point{X: (z[0] + z[2]) / 2, Y: (z[1] + z[3]) / 2} }

// SideSpec is one side's place in the scenario. The first army given plays Sides[0].
type SideSpec struct {
	// Name is the side's role ("Rebels", "Imperials"); the army's own name is shown beside.
	Name string `json:"name"`
	// Edge is the side's home table edge: north, south, east or west. Broken squads flee to
	// it (or to Rally), and it is the edge the side faces away from.
	Edge string `json:"edge"`
	// Deploy is where the units set up at the start go.
	Deploy Zone `json:"deploy"`
	// Zones, when given, place the set-up units one per zone, in order (the book's "one
	// squad within 11" of each blast door").
	Zones []Zone `json:"zones,omitempty"`
	// Setup is how many of the army's units set up at the start; absent means all of them.
	// The rest are reinforcements, in the army file's order.
	Setup *int `json:"setup,omitempty"`
	// Rally are the side's rally points, when they are not the home edge: broken squads flee
	// to the nearest (Chapter Five, "Rally Points").
	Rally [][2]float64 `json:"rally,omitempty"`
	// Reinforce is how the units not set up arrive.
	Reinforce *Reinforce `json:"reinforce,omitempty"`
	// Hidden: the side's units are hidden until spotted (Chapter Nine; hidden.go).
	Hidden bool `json:"hidden,omitempty"`
	// Orders are the side's Orders of the Day (Chapter Ten): the briefing its player reads
	// before the battle. The engine does not read them.
	Orders string `json:"orders,omitempty"`
	// Limits are the side's force limits (a gamemaster's, as roster.Limits reads them) and
	// TroopList the Troop List its forces are drawn from (imperial, rebel): what "Is this
	// fair?" (rules/battle/fair, ScenarioSide) builds lists within. The battle itself does
	// not read them, so the engine keeps them as written (it knows nothing of armies).
	Limits    json.RawMessage `json:"limits,omitempty"`
	TroopList string          `json:"troop_list,omitempty"`
}

// Reinforce is a side's reinforcement rule.
type Reinforce struct {
	// Phase is when the roll is made: "movement" (at the start of the Movement Phase; the
	// unit enters in that phase) or "special" (in the Special Actions Phase; the unit enters
	// in the next Movement Phase).
	Phase string `json:"phase"`
	// FromTurn is the first turn reinforcements may arrive.
	FromTurn int `json:"from_turn"`
	// Rolls are the die rolls needed, by turn: each applies from its turn on. None means
	// reinforcements come without a roll.
	Rolls []RollNeed `json:"rolls,omitempty"`
	// Then, when "one_per_turn", means that once the first has arrived the others follow
	// one a turn without a roll; otherwise every unit needs its own roll.
	Then string `json:"then,omitempty"`
	// PerTurn is how many units arrive at a time (default 1).
	PerTurn int `json:"per_turn,omitempty"`
	// Entries are where units enter; with more than one, a die picks (Die: [lo, hi]).
	Entries []Entry `json:"entries"`
}

// RollNeed is the least die roll that brings reinforcements from a turn on.
type RollNeed struct {
	Turn int `json:"turn"`
	Need int `json:"need"`
}

// Entry is where reinforcements enter the table; Die picks it when there are several.
type Entry struct {
	Name string `json:"name"`
	Zone Zone   `json:"zone"`
	Die  [2]int `json:"die,omitempty"`
}

// Objective is a place on the table that matters to the victory condition: a hill to hold,
// a downed droid to find and carry off.
type Objective struct {
	Name   string     `json:"name"`
	At     [2]float64 `json:"at"`
	Radius float64    `json:"radius,omitempty"`
	// Hidden objectives are found by a search test of Search (difficulty) in the Special
	// Actions Phase, by a soldier who came within SearchRange inches with a line of sight.
	Hidden      bool    `json:"hidden,omitempty"`
	Search      int     `json:"search,omitempty"`
	SearchRange float64 `json:"search_range,omitempty"`
	// Carry objectives are picked up and carried (at half the Walk Rate).
	Carry bool `json:"carry,omitempty"`
}

// Victory is how a battle is won.
type Victory struct {
	// Kind: "points" (most victory points when the battle ends; the side holding the
	// objective breaks a tie), "share" (as points, but each side's victory points as a
	// share of the SGPs the enemy could lose), "escape" (Side wins when every one of its squads has gotten a
	// soldier into one of Zones), "exit" (Side wins when one of its squads leaves the table
	// through Zones), "carry" (a side wins by carrying the objective off the table edge in
	// its own Zones[side]).
	Kind  string `json:"kind"`
	Side  int    `json:"side,omitempty"`
	Zones []Zone `json:"zones,omitempty"`
	Text  string `json:"text"`
}

// ScenarioInfo names a built-in scenario for menus.
type ScenarioInfo struct {
	ID, Name, Description string
}

var builtins = sync.OnceValues(func() (map[string]*Field, error) {
	names, err := fs.Glob(scenarioFS, "scenarios/*.json")
	if err != nil {
		return nil, err
	}
	out := map[string]*Field{}
	for _, n := range names {
		b, err := fs.ReadFile(scenarioFS, n)
		if err != nil {
			return nil, err
		}
		f, err := ParseScenario(b)
		if err != nil {
			return nil, fmt.Errorf("battle: %s: %w", path.Base(n), err)
		}
		if want := strings.TrimSuffix(path.Base(n), ".json"); f.Scenario.ID != want {
			return nil, fmt.Errorf("battle: %s: id %q should be %q", path.Base(n), f.Scenario.ID, want)
		}
		out[f.Scenario.ID] = f
	}
	return out, nil
})

// Scenarios lists the built-in scenarios, the default first, then by name.
func Scenarios() []ScenarioInfo {
	m, err := builtins()
	if err != nil {
		panic(err) // the embedded data is checked by the package's tests
	}
	var out []ScenarioInfo
	for _, f := range m {
		out = append(out, ScenarioInfo{ID: f.Scenario.ID, Name: f.Scenario.Name, Description: f.Scenario.Description})
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i].ID == DefaultScenario) != (out[j].ID == DefaultScenario) {
			return out[i].ID == DefaultScenario
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// LoadScenario returns a built-in scenario by id ("open-field", "like-rats-in-a-trap",
// "defending-the-bridge", "crystal-forest-of-goratak", "open-field-at-night") or by name, ignoring case; "" is the
// default. The Field is shared and read-only.
func LoadScenario(name string) (*Field, error) {
	m, err := builtins()
	if err != nil {
		return nil, err
	}
	if name == "" {
		name = DefaultScenario
	}
	key := rules.Normalize(name)
	for _, f := range m {
		if rules.Normalize(f.Scenario.ID) == key || rules.Normalize(f.Scenario.Name) == key {
			return f, nil
		}
	}
	var ids []string
	for _, s := range Scenarios() {
		ids = append(ids, s.ID)
	}
	return nil, fmt.Errorf("no scenario %q; the built-in scenarios are %s", name, strings.Join(ids, ", "))
}

// ParseScenario reads a scenario file and compiles its battlefield. A file the engine
// cannot play is refused with a *ScenarioError naming the field and the place.
func ParseScenario(b []byte) (*Field, error) {
	var s Scenario
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, err
	}
	f, err := compile(&s, rules.DefaultTables())
	if err != nil {
		return nil, err
	}
	// The table's bounds are checked here and not in compile, which also lays the fields a
	// battle adds (tanglefoot) and must keep doing so as it always has.
	if err := checkOnTable(&s); err != nil {
		return nil, err
	}
	return f, nil
}

// ScenarioError is a scenario file's mistake. Path is the field in the file, its lists
// counted from 0 ("terrain.2", "sides.1.deploy", "victory.kind": what an editor of the
// file's fields marks), Msg says what is wrong and where in words, its lists counted from
// 1 with the thing's name ("terrain 3 (the north woods): ...").
type ScenarioError struct {
	Path, Msg string
}

func (e *ScenarioError) Error() string { return e.Msg }

func scenarioErr(path, format string, args ...any) error {
	return &ScenarioError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

// place names a terrain area, barrier or objective of a file: "terrain 3 (the north woods)".
func place(list string, i int, name, typ string) string {
	switch {
	case name != "":
		return fmt.Sprintf("%s %d (%s)", list, i+1, name)
	case typ != "":
		return fmt.Sprintf("%s %d (%s)", list, i+1, typ)
	}
	return fmt.Sprintf("%s %d", list, i+1)
}

// checkOnTable refuses terrain, barriers and objectives off the table and deployment zones
// wholly off it: the engine would play them, but nobody means them (a typing slip).
func checkOnTable(s *Scenario) error {
	off := func(x, y float64) string {
		switch {
		case x < 0:
			return "runs past the table's west edge (x below 0)"
		case x > s.Width:
			return fmt.Sprintf("runs past the table's %g\" width", s.Width)
		case y < 0:
			return "runs past the table's south edge (y below 0)"
		case y > s.Height:
			return fmt.Sprintf("runs past the table's %g\" height", s.Height)
		}
		return ""
	}
	for i, ts := range s.Terrain {
		var pts [][2]float64
		shape := "rect"
		switch {
		case len(ts.Rect) == 4:
			pts = [][2]float64{{ts.Rect[0], ts.Rect[1]}, {ts.Rect[2], ts.Rect[3]}}
		case len(ts.Circle) == 3:
			shape = "circle"
			c := ts.Circle
			pts = [][2]float64{{c[0] - c[2], c[1] - c[2]}, {c[0] + c[2], c[1] + c[2]}}
		default:
			shape = "poly"
			pts = ts.Poly
		}
		for _, p := range pts {
			if m := off(p[0], p[1]); m != "" {
				return scenarioErr(fmt.Sprintf("terrain.%d", i), "%s: %s %s", place("terrain", i, ts.Name, ts.Type), shape, m)
			}
		}
	}
	for i, bs := range s.Barriers {
		for _, p := range [][2]float64{bs.From, bs.To} {
			if m := off(p[0], p[1]); m != "" {
				return scenarioErr(fmt.Sprintf("barriers.%d", i), "%s: the barrier %s", place("barrier", i, bs.Name, bs.Type), m)
			}
		}
	}
	for i, o := range s.Objectives {
		if m := off(o.At[0], o.At[1]); m != "" {
			return scenarioErr(fmt.Sprintf("objectives.%d", i), "%s: it %s", place("objective", i, o.Name, ""), m)
		}
	}
	for i, sd := range s.Sides {
		z := sd.Deploy
		if fmax(z[0], z[2]) < 0 || fmin(z[0], z[2]) > s.Width || fmax(z[1], z[3]) < 0 || fmin(z[1], z[3]) > s.Height {
			return scenarioErr(fmt.Sprintf("sides.%d.deploy", i), "side %d (%s): the deployment zone is off the table", i+1, sd.Name)
		}
	}
	return nil
}

// coverOf turns a fire modifier into the kind of cover it is.
func coverOf(mod int) combat.Cover {
	switch {
	case mod >= 3:
		return combat.HeavyCover
	case mod == 2:
		return combat.MediumCover
	case mod == 1:
		return combat.LightCover
	}
	return combat.Open
}

func compile(s *Scenario, t *rules.Tables) (*Field, error) {
	if s.ID == "" {
		return nil, scenarioErr("id", "id: a scenario needs an id (a short name for the command line, as open-field)")
	}
	if s.Name == "" {
		return nil, scenarioErr("name", "name: a scenario needs a name")
	}
	if s.Width <= 0 || s.Width > 200 {
		return nil, scenarioErr("width", "table %gx%g: give a width between 1 and 200 inches", s.Width, s.Height)
	}
	if s.Height <= 0 || s.Height > 200 {
		return nil, scenarioErr("height", "table %gx%g: give a height between 1 and 200 inches", s.Width, s.Height)
	}
	if s.Turns <= 0 || s.Turns > 50 {
		return nil, scenarioErr("turns", "turns %d: give a turn limit between 1 and 50", s.Turns)
	}
	f := &Field{Scenario: s, W: s.Width, H: s.Height}
	for i, ts := range s.Terrain {
		a, err := compileArea(ts, t)
		if err != nil {
			return nil, scenarioErr(fmt.Sprintf("terrain.%d", i), "%s: %v", place("terrain", i, ts.Name, ts.Type), err)
		}
		f.areas = append(f.areas, a)
	}
	if len(f.areas) > 64 {
		return nil, scenarioErr("terrain", "%d terrain areas: at most 64", len(f.areas))
	}
	for i, bs := range s.Barriers {
		b, err := compileBarrier(bs, t)
		if err != nil {
			return nil, scenarioErr(fmt.Sprintf("barriers.%d", i), "%s: %v", place("barrier", i, bs.Name, bs.Type), err)
		}
		f.barriers = append(f.barriers, b)
	}
	for i, sd := range s.Sides {
		if _, ok := edgeNormal(sd.Edge); !ok {
			return nil, scenarioErr(fmt.Sprintf("sides.%d.edge", i), "side %d (%s): edge %q: write north, south, east or west", i+1, sd.Name, sd.Edge)
		}
		if r := sd.Reinforce; r != nil {
			if r.Phase != "movement" && r.Phase != "special" {
				return nil, scenarioErr(fmt.Sprintf("sides.%d.reinforce", i), "side %d (%s): reinforce.phase %q: write movement or special", i+1, sd.Name, r.Phase)
			}
			if len(r.Entries) == 0 {
				return nil, scenarioErr(fmt.Sprintf("sides.%d.reinforce", i), "side %d (%s): reinforce: no entries (where the reinforcements come on)", i+1, sd.Name)
			}
		}
	}
	switch s.Victory.Kind {
	case "points", "share", "escape", "exit", "carry":
	default:
		return nil, scenarioErr("victory.kind", "victory.kind %q: write points, share, escape, exit or carry", s.Victory.Kind)
	}
	if s.Victory.Kind == "carry" {
		if len(s.Victory.Zones) != 2 || f.carryObjective() < 0 {
			return nil, scenarioErr("victory.zones", "victory: a carry victory needs a carried objective and one zone per side")
		}
	}
	if (s.Victory.Kind == "escape" || s.Victory.Kind == "exit") && len(s.Victory.Zones) == 0 {
		return nil, scenarioErr("victory.zones", "victory: a %s victory needs zones", s.Victory.Kind)
	}
	f.index()
	return f, nil
}

func compileArea(ts TerrainSpec, t *rules.Tables) (area, error) {
	var pts []Point
	switch {
	case len(ts.Rect) == 4:
		x0, y0, x1, y1 := fmin(ts.Rect[0], ts.Rect[2]), fmin(ts.Rect[1], ts.Rect[3]), fmax(ts.Rect[0], ts.Rect[2]), fmax(ts.Rect[1], ts.Rect[3])
		pts = []Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
	case len(ts.Circle) == 3:
		pts = circlePoly(Point{X: ts.Circle[0], Y: ts.Circle[1]}, ts.Circle[2])
	case len(ts.Poly) >= 3:
		for _, p := range ts.Poly {
			pts = append(pts, Point{X: p[0], Y: p[1]})
		}
	default:
		return area{}, errors.New("give a rect [x0, y0, x1, y1], a circle [x, y, r] or a poly")
	}
	a := area{name: ts.Name, kind: ts.Type, poly: newPoly(pts), mult: 1}
	if !a.poly.convex() {
		return area{}, errors.New("the polygon is not convex: split it into convex pieces")
	}
	if a.name == "" {
		a.name = ts.Type
	}
	if ts.Type == "custom" {
		c, err := combat.ParseCover(ts.Cover)
		if err != nil {
			return area{}, err
		}
		a.cover = c
		if ts.Move > 0 {
			a.mult = ts.Move
		}
		a.veryRough = a.mult >= 4
		a.impassable, a.blocks = ts.Impassable, ts.BlocksLOS
		return a, nil
	}
	row, ok := t.Terrain.Find(ts.Type)
	if !ok || row.Kind != "terrain" {
		return area{}, fmt.Errorf("%q is not a terrain type of the Terrain Effects Chart", ts.Type)
	}
	a.mult = float64(max(row.MoveMultiplier, 1))
	a.veryRough = row.Class == "very rough"
	a.cover = coverOf(row.FireModifier)
	switch row.LOSRule {
	case rules.LOSLimit:
		a.losLimit = float64(row.LOSInches)
	case rules.LOSAsWoods:
		fol, ok := t.Terrain.Find(ts.Foliage)
		if !ok || fol.LOSRule != rules.LOSLimit {
			return area{}, fmt.Errorf("foliage %q: a swamp's foliage is light woods, medium woods or heavy woods", ts.Foliage)
		}
		a.cover = coverOf(fol.FireModifier)
		a.losLimit = float64(fol.LOSInches)
	}
	if strings.HasSuffix(ts.Type, "hill") {
		a.hill = true
		a.blocks = ts.High
	}
	return a, nil
}

func compileBarrier(bs BarrierSpec, t *rules.Tables) (barrier, error) {
	b := barrier{name: bs.Name, a: Point{X: bs.From[0], Y: bs.From[1]}, b: Point{X: bs.To[0], Y: bs.To[1]}}
	if b.a == b.b {
		return barrier{}, errors.New("a barrier needs two different points")
	}
	b.bb = segBox(b.a, b.b)
	if b.name == "" {
		b.name = bs.Type
	}
	if bs.Type == "custom" {
		if !bs.Impassable {
			return barrier{}, errors.New("a custom barrier is impassable (a cliff, a force field)")
		}
		b.cross = -1
		if bs.BlocksLOS {
			b.los = losBlocks
		}
		return b, nil
	}
	row, ok := t.Terrain.Find(bs.Type)
	if !ok || row.Kind != "barrier" {
		return barrier{}, fmt.Errorf("%q is not a barrier type of the Terrain Effects Chart", bs.Type)
	}
	b.cross = float64(row.CrossCost)
	b.cover = coverOf(row.FireModifier)
	b.difficult = row.Class == "difficult"
	switch row.LOSRule {
	case rules.LOSUpToWall:
		b.los = losBlocks
	case rules.LOSBeyond:
		b.los = losBeyond
	}
	if strings.HasPrefix(bs.Type, "low wall") || strings.HasSuffix(bs.Type, "trench") {
		b.hidesProne = true
	}
	b.halts = strings.Contains(bs.Type, "wall") || bs.Type == "door" || bs.Type == "window"
	return b, nil
}

// edgeNormal is the inward direction from a table edge.
func edgeNormal(edge string) (Point, bool) {
	switch edge {
	case "south":
		return Point{Y: 1}, true
	case "north":
		return Point{Y: -1}, true
	case "west":
		return Point{X: 1}, true
	case "east":
		return Point{X: -1}, true
	}
	return Point{}, false
}

// carryObjective is the index of the objective carried to win, or -1.
func (f *Field) carryObjective() int {
	for i, o := range f.Scenario.Objectives {
		if o.Carry {
			return i
		}
	}
	return -1
}
