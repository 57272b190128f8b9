// Package system is what the app and the command line need from every game system Muster
// serves (Star Wars Miniatures Battles, WotC's d20 Star Wars Miniatures, the skirmish quick
// reference), and nothing more: read an army file by its system: field, cost and check it.
// SWMB answers through it too (costing.SWMB) but keeps its own richer types (costing,
// roster) for its pages; the newer systems answer through this interface, so that SWMB
// code never imports them and they never import it.
package system

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"

	"muster/rules/yamlguard"
)

// The severities a problem can have, the same words as SWMB's.
const (
	Error   = "error"
	Warning = "warning"
	Info    = "info"
)

// Problem is one thing wrong with (or worth knowing about) an army, written for the player.
// The JSON shape matches SWMB's roster.Problem, so `muster check --json` reads the same.
type Problem struct {
	Rule     string `json:"rule,omitempty"`
	Severity string `json:"severity"`
	Unit     int    `json:"unit"` // index into units; -1 for the army as a whole
	Field    string `json:"field"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

func (p Problem) String() string {
	s := fmt.Sprintf("%s: %s: %s", p.Severity, p.Field, p.Message)
	if p.Hint != "" {
		s += " (" + p.Hint + ")"
	}
	return s
}

// Line is one line of a unit's cost, as the system's sheet shows it.
type Line struct {
	Label  string `json:"label"`
	Points int    `json:"points"`
	Note   string `json:"note,omitempty"`
}

// Unit is one unit (a card, a group) with its cost.
type Unit struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Count int    `json:"count"`
	Cost  int    `json:"cost"`
	Lines []Line `json:"lines,omitempty"`
}

// Report is an army costed and checked: the shape of `muster cost --json` and
// `muster check --json` for every system (total and problems as for SWMB).
type Report struct {
	Name     string    `json:"name"`
	System   string    `json:"system"`
	Faction  string    `json:"faction,omitempty"`
	Limit    int       `json:"limit,omitempty"`
	Total    int       `json:"total"`
	Units    []Unit    `json:"units"`
	Problems []Problem `json:"problems"`
}

// HasErrors reports whether any problem is an error.
func (r *Report) HasErrors() bool {
	for _, p := range r.Problems {
		if p.Severity == Error {
			return true
		}
	}
	return false
}

// System is one game system as the app and the command line reach it.
type System interface {
	// ID is the army file's system: value ("swm", "qrs").
	ID() string
	// Title is the game's name for people.
	Title() string
	// Evaluate reads an army file (YAML or JSON) and costs and checks it. An error means
	// the file cannot be read at all; its message names the line and column or the field
	// and what would fix it, in the player's words.
	Evaluate(file []byte) (*Report, error)
}

// SWMB is the system: value of Star Wars Miniatures Battles files (and of files without one).
const SWMB = "swmb"

// systemLine finds a top-level system: key as a file writes it, in YAML (at the start of a
// line) or JSON ("system": "swm"), in a file the YAML library cannot read.
var systemLine = regexp.MustCompile(`(?m)(?:^system|"system")[ \t]*:[ \t]*["']?([A-Za-z0-9_-]+)`)

// detectLimits are the widest of the systems' readers' own (roster.MaxDepth, MaxNodes):
// a file within them is one the YAML library reads in bounded time and memory.
var detectLimits = yamlguard.Limits{MaxDepth: 32, MaxNodes: 20000,
	File: "an army file", Files: "army files", Depth: "about six", Nodes: "a few hundred"}

// Detect returns an army file's system: value, lower case, or SWMB when the file has none.
// A file the YAML library cannot read (a key written twice, a tab) is still its own
// system's to report, in that system's words: its system: line is looked for as text, so
// that a d20 squad with a slip is not told it lacks "system: swm". A file past the guard's
// limits is SWMB's to refuse, naming the line and column.
func Detect(file []byte) string {
	var head struct {
		System string `yaml:"system"`
	}
	file = yamlguard.TrimBOM(file)
	// The YAML library decodes the whole document to find one field: a file of
	// "[[[[..." or of aliases took it minutes and gigabytes (18 GB for 800 KB of nested
	// brackets posted to /api/armies) before any system's reader, with its guard, saw it.
	if yamlguard.Check(file, detectLimits) != nil {
		return SWMB
	}
	// Only the top-level field is wanted.
	dec := yaml.NewDecoder(bytes.NewReader(file))
	if err := dec.Decode(&head); err != nil {
		if m := systemLine.FindSubmatch(file); m != nil {
			return strings.ToLower(string(m[1]))
		}
		return SWMB
	}
	s := strings.ToLower(strings.TrimSpace(head.System))
	if s == "" {
		return SWMB
	}
	return s
}
