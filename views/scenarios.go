package views

import (
	"strconv"
	"time"

	"muster/rules/battle/design"
	"muster/views/replay"
)

// ScenariosView is the player's scenarios page: theirs, the built-in ones to copy, import.
type ScenariosView struct {
	Mine     []ScenarioRow
	Builtins []ScenarioRow
	// Error is why an import was refused; Import the file as sent, to correct.
	Error, Import string
}

// ScenarioRow is a scenario in a list. Problem says why a stored file no longer reads;
// Versions is how many it has (the player's own).
type ScenarioRow struct {
	ID, Name, Description, Share, Problem string
	Versions                              int
}

// ScenarioDesignView is the designer: the form's rows, their refusals, the map.
type ScenarioDesignView struct {
	ID     string
	Form   design.Form
	Errors design.Errors
	// TerrainTypes and BarrierTypes are the types a row may take; Fills the map's colour
	// of each terrain type (JSON, for the script); Map the table as last saved.
	TerrainTypes, BarrierTypes []design.Type
	Fills                      string
	Map                        string
	Share                      string
	// Version is the version the form was drawn from, posted back with it so that a save
	// made after another tab saved is refused (0: none, as a script's form); Versions how
	// many the scenario has, Updated when the latest was saved.
	Version, Versions int
	Updated           time.Time
	// Saved says the form was just saved (as Version); Restored, the version just
	// restored as Version.
	Saved    bool
	Restored int
	// Stale says the save was refused as drawn from an older version than the latest.
	Stale bool
}

// SharedScenarioView is a scenario shown through its share link: read-only.
type SharedScenarioView struct {
	Token, Name, Description, Map, Victory string
	Width, Height, Turns                   string
	Sides                                  [2]SharedSide
}

// SharedSide is a side of a shared scenario: its name, edge and Orders of the Day.
type SharedSide struct {
	Name, Edge, Orders string
	Hidden             bool
}

// VictoryKinds are the victory conditions the engine judges, for the designer's menu.
var VictoryKinds = []Choice{
	{Value: "points", Label: "Most victory points (the objective's holder breaks a tie)"},
	{Value: "share", Label: "The larger share of the enemy destroyed (the objective's holder breaks a tie)"},
	{Value: "escape", Label: "Escape: every squad of a side gets a soldier into the victory zones"},
	{Value: "exit", Label: "Exit: a squad of a side leaves the table through the victory zones"},
	{Value: "carry", Label: "Carry the objective off through one's own victory zone"},
}

// Edges are the table's edges.
var Edges = []string{"south", "north", "west", "east"}

// Covers are a custom area's covers; "" (none given, as a file may leave it) is no cover.
var Covers = []string{"", "none", "light", "medium", "heavy"}

// Foliages are a swamp's woods.
var Foliages = []string{"", "light woods", "medium woods", "heavy woods"}

// Shapes are an area's shapes.
var Shapes = []Choice{{Value: "rect", Label: "rectangle"}, {Value: "circle", Label: "circle"}, {Value: "poly", Label: "polygon"}}

// RowKey is the template row's key: the script replaces it with the new row's number.
const RowKey = "__N__"

func scID(name string) string { return "sc-" + name }

func scErrID(name string) string { return "sc-" + name + "-error" }

func describedBy(v ScenarioDesignView, name string) string {
	if v.Errors[name] != "" {
		return scErrID(name)
	}
	return ""
}

func sideKey(i int) string { return strconv.Itoa(i) }

func rowNumber(key string) string {
	if n, err := strconv.Atoi(key); err == nil {
		return strconv.Itoa(n + 1)
	}
	return "new"
}

func sideColours() string {
	return `["` + replay.SideColours[0] + `","` + replay.SideColours[1] + `"]`
}

// ScenarioHistoryView is a scenario's history page: its versions, newest first.
type ScenarioHistoryView struct {
	ID, Name string
	Latest   int // the latest version's number: the one restore forms are drawn from
	Rows     []ScenarioVersionRow
}

// ScenarioVersionRow is one saved version of a scenario.
type ScenarioVersionRow struct {
	Number           int
	Name, Note, Size string
	Saved            time.Time
}

// ScenarioVersionView is one saved version of a scenario, read-only: its table and facts
// (Scenario nil, Problem saying why, when its file no longer reads), with its export and
// restore.
type ScenarioVersionView struct {
	ID      string
	Latest  int
	Version ScenarioVersionRow
	// Current is the scenario's name now, for the way back to it.
	Current  string
	Scenario *SharedScenarioView
	Problem  string
}

// SizeWords is a file's size as a player reads it: bytes, or kB with one decimal.
func SizeWords(n int) string {
	if n < 1000 {
		return plural(n, "byte", "bytes")
	}
	return strconv.FormatFloat(float64(n)/1000, 'f', 1, 64) + " kB"
}

func scenarioVersionURL(id string, number int) string {
	return "/scenarios/" + id + "/history/" + strconv.Itoa(number)
}
