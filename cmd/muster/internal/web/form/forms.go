package form

import (
	"regexp"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"
)

// Errors are a form's problems: the field's name in the form, and what to write instead.
type Errors map[string]string

// Texts longer than these are refused (characters, not bytes).
const (
	MaxName     = 100  // an army's, a game's, a list's
	MaxPlayer   = 60   // a player's name on a game night
	MaxScenario = 4000 // a game's scenario text
	MaxNotes    = 8000 // a game's notes for the players
	MaxID       = 64   // an id posted back (an army's)
	MaxSeed     = 24   // a seed as typed
	maxLimit    = 7    // digits of an army's limit
)

func tooLong(s string, n int) bool { return utf8.RuneCountInString(s) > n }

var digits = regexp.MustCompile(`^[0-9]+$`)

// NewArmy is the create form: a name, a side, an optional limit in SGPs.
type NewArmy struct{ Name, Side, Limit string }

// Check says what is wrong in the create form.
func (f NewArmy) Check() Errors {
	e := Errors{}
	if f.Name == "" || tooLong(f.Name, MaxName) {
		e["name"] = "Give the army a name (at most 100 characters)."
	}
	if !slices.Contains([]string{"rebel", "imperial", "neutral"}, f.Side) {
		e["side"] = "Choose rebel, imperial or neutral."
	}
	if f.Limit != "" && (!digits.MatchString(f.Limit) || len(f.Limit) > maxLimit) {
		e["limit"] = "The limit is a whole number of Squad Generation Points, or empty for none."
	}
	return e
}

// Matchup is the matchup form's armies and seed (its battles are read by Count, its
// scenario looked up by name).
type Matchup struct{ A, B, Seed string }

// Check says what is wrong in the matchup form's armies and seed.
func (f Matchup) Check() Errors {
	e := Errors{}
	if f.A == "" || f.B == "" || tooLong(f.A, MaxID) || tooLong(f.B, MaxID) {
		e["armies"] = "Choose two saved armies."
	}
	if tooLong(f.Seed, MaxSeed) {
		e["seed"] = SeedMessage
	}
	return e
}

// SeedMessage is what a seed that does not read is told.
const SeedMessage = "The seed is a whole number from 0 to 18446744073709551615, or empty for a new one."

// Game is a game night's details.
type Game struct{ Name, Date, Scenario, Notes string }

// Check says what is wrong in a game's details.
func (f Game) Check() Errors {
	e := Errors{}
	if f.Name == "" || tooLong(f.Name, MaxName) {
		e["name"] = "Give the game a name (at most 100 characters)."
	}
	if f.Date != "" {
		if _, err := time.Parse("2006-01-02", f.Date); err != nil {
			e["date"] = "Write the date as YYYY-MM-DD, or leave it empty."
		}
	}
	if tooLong(f.Scenario, MaxScenario) {
		e["scenario"] = "The scenario may be at most 4000 characters."
	}
	if tooLong(f.Notes, MaxNotes) {
		e["notes"] = "The notes may be at most 8000 characters."
	}
	return e
}

// StartList is a player's new list on a game night: who plays it, and its name.
type StartList struct{ Player, Name string }

// Check says what is wrong in a new list's form.
func (f StartList) Check() Errors {
	e := Errors{}
	if f.Player == "" || tooLong(f.Player, MaxPlayer) {
		e["player"] = "Write your name (at most 60 characters): the gamemaster sees it beside your list."
	}
	if tooLong(f.Name, MaxName) {
		e["name"] = "A list's name is at most 100 characters."
	}
	return e
}

// Version reads a version number to restore: a whole number, 1 or more.
func Version(typed string) (int, bool) {
	n, err := strconv.Atoi(typed)
	return n, err == nil && n >= 1
}

// ExportFormat: an export is yaml, json or text ("" the default, yaml).
func ExportFormat(s string) bool { return slices.Contains([]string{"", "yaml", "json", "text"}, s) }

// Paper: the sheets print on a4 or letter ("" the default, A4).
func Paper(s string) bool { return slices.Contains([]string{"", "a4", "letter"}, s) }

// RotateWhich: the link to replace is the gamemaster's or the players'.
func RotateWhich(s string) bool { return s == "gm" || s == "player" }

// MaxVersion bounds a version number asked for in a query.
const MaxVersion = 1000000

// Compare is the compare page's query: two army ids (either may be missing) and their
// versions (0: the head).
type Compare struct {
	A, B   string
	AV, BV int
}

// Check reports whether the compare query can be asked.
func (f Compare) Check() bool {
	return !tooLong(f.A, MaxID) && !tooLong(f.B, MaxID) && f.AV >= 0 && f.AV <= MaxVersion && f.BV >= 0 && f.BV <= MaxVersion
}

// MaxScenarioFile is the most bytes of a scenario file (db.MaxScenarioFile).
const MaxScenarioFile = 256 << 10

// ScenarioUpload is an imported scenario file.
type ScenarioUpload struct{ Data []byte }

// Check refuses an empty or too large file.
func (f ScenarioUpload) Check() Errors {
	e := Errors{}
	switch {
	case len(f.Data) == 0:
		e["file"] = "Choose a scenario file (.json) or paste one."
	case len(f.Data) > MaxScenarioFile:
		e["file"] = "The file is larger than 256 KB: a scenario file is far smaller."
	}
	return e
}

// ScenarioDesign is the designer's texts: each within its length.
type ScenarioDesign struct {
	Name, ID, Description, Source, Victory string
	Orders                                 [2]string
}

// Check says which text is too long.
func (f ScenarioDesign) Check() Errors {
	e := Errors{}
	if tooLong(f.Name, MaxName) {
		e["name"] = "Name: at most 100 characters."
	}
	if tooLong(f.ID, MaxID) {
		e["id"] = "Id: at most 64 characters."
	}
	for k, s := range map[string]string{"description": f.Description, "source": f.Source, "victory.text": f.Victory,
		"side.0.orders": f.Orders[0], "side.1.orders": f.Orders[1]} {
		if tooLong(s, MaxNotes) {
			e[k] = "At most 8000 characters."
		}
	}
	return e
}
