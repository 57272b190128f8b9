// Package army reads d20 Star Wars Miniatures squad files (system: swm, format 1): the
// faction, the era, the points limit, the cards taken and a cards: block that adds or
// completes stat cards. Reading checks only the file's shape; the squad-building rules are
// package check's.
package army

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"muster/rules/swm/cards"
	"muster/rules/yamlguard"
)

// Bounds on a squad file. A 100-point squad is a dozen cards; these leave room for any
// honest file and refuse the rest before the YAML library sees it.
const (
	MaxFileSize = 256 << 10
	MaxUnits    = 200
	MaxCount    = 100
	MaxCards    = 200
	MaxName     = 100
	MaxLimit    = 10000
	// DefaultLimit is the standard scenario's points (rulebook, Squad Construction: "up
	// to 100 points").
	DefaultLimit = 100
)

// Army is one squad file.
type Army struct {
	Format  int          `yaml:"format" json:"format"`
	System  string       `yaml:"system" json:"system"`
	Name    string       `yaml:"name" json:"name"`
	Faction string       `yaml:"faction" json:"faction"`
	Era     string       `yaml:"era,omitempty" json:"era,omitempty"`
	Limit   int          `yaml:"limit,omitempty" json:"limit,omitempty"`
	Units   []Unit       `yaml:"units" json:"units"`
	Cards   []cards.Card `yaml:"cards,omitempty" json:"cards,omitempty"`
	// Library is the squad owner's card library (the web app's): it completes what the
	// file's cards: block leaves blank and adds the cards the owner entered. Never written
	// to the file.
	Library []cards.Card `yaml:"-" json:"-"`
}

// Unit is a card taken Count times.
type Unit struct {
	Card  string `yaml:"card" json:"card"`
	Count int    `yaml:"count,omitempty" json:"count,omitempty"`
}

// ParseError says why a squad file cannot be read, and where.
type ParseError struct {
	Line, Column int
	Msg          string
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return e.Msg
}

// Read parses a squad file (YAML or JSON) and checks its shape. The limit defaults to 100
// and each count to 1.
func Read(data []byte) (*Army, error) {
	data = yamlguard.TrimBOM(data)
	if len(data) > MaxFileSize {
		return nil, &ParseError{Msg: fmt.Sprintf("the file is %d bytes; a squad file may be at most %d (256 KiB)", len(data), MaxFileSize)}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &ParseError{Msg: "the file is empty; a squad file starts with \"format: 1\" and \"system: swm\""}
	}
	if err := guard(data); err != nil {
		return nil, err
	}
	var a Army
	if err := unmarshal(data, &a); err != nil {
		return nil, err
	}
	if err := a.normalize(); err != nil {
		return nil, err
	}
	return &a, nil
}

// unmarshal decodes strictly (unknown fields are errors); a panic in the library is a file
// Muster cannot read, not a crash.
func unmarshal(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &ParseError{Msg: "the file is not YAML Muster can read; check its indentation and punctuation"}
		}
	}()
	if err := yaml.UnmarshalWithOptions(data, v, yaml.DisallowUnknownField()); err != nil {
		var ye yaml.Error
		if errors.As(err, &ye) {
			pe := &ParseError{Msg: ye.GetMessage()}
			if tk := ye.GetToken(); tk != nil && tk.Position != nil {
				pe.Line, pe.Column = tk.Position.Line, tk.Position.Column
			}
			pe.Msg = yamlguard.TypeWordsAt(pe.Msg, data, pe.Line, pe.Column)
			if strings.Contains(pe.Msg, "unknown field") {
				pe.Msg += "; " + fieldsHint(data, pe.Line, pe.Column)
				// "{card: General Veers, Hologram}" reads "Hologram" as a field: three of the
				// pack's names have a comma. Field names are lower case, card names are not.
				if f := unknownField(pe.Msg); f != strings.ToLower(f) {
					pe.Msg += fmt.Sprintf("; if %q is the end of a card's name, put the whole name in quotes, as card: \"Darth Vader, Imperial Commander\"", f)
				}
			}
			return pe
		}
		return &ParseError{Msg: yamlguard.TypeWords(err.Error())}
	}
	// "count: 1.5" is cut to one figure by the library without a word: refuse it where it
	// stands, as the other systems' readers do.
	if f, _ := yamlguard.WholeNumbers(data, v, yamlguard.FractionTokens(data)); f != nil {
		pe := &ParseError{Line: f.Line, Column: f.Column, Msg: fmt.Sprintf("write a whole number here, not %s", f.Value)}
		if f.Key != "" {
			pe.Msg = f.Key + ": " + pe.Msg
		}
		return pe
	}
	return nil
}

// The fields of each part of a squad file, for the message about a field Muster does not
// know.
const (
	fileFields = "a squad file has format, system, name, faction, era, limit, units and cards"
	unitFields = "a unit under units: has card and count"
	cardFields = "a card under cards: has name, given_name, faction, cost, hp, defense, attack, damage, speed, size, unique, abilities, abilities_complete, rapport ([{name_contains, reduction}]), force, force_powers, commander ({has, text, effects: [{stat, bonus, name_contains, followers_only, range}]}), set, number and sources"
)

// unknownField is the field the YAML library's message names: unknown field "x".
func unknownField(msg string) string {
	_, rest, ok := strings.Cut(msg, `unknown field "`)
	if !ok {
		return ""
	}
	f, _, _ := strings.Cut(rest, `"`)
	return f
}

// fieldsHint names the fields of the part of the file where an unknown field stands: the
// top level, a unit or a card (the nearest key at the start of a line above it says which).
// A file whose parts cannot be told (JSON on one line) hears all three.
func fieldsHint(data []byte, line, col int) string {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return fileFields + "; " + unitFields + "; " + cardFields
	}
	if col == 1 {
		return fileFields
	}
	for i := line - 1; i >= 0; i-- {
		l := strings.TrimRight(lines[i], "\r")
		if i < line-1 && (l == "" || l[0] == ' ' || l[0] == '\t' || l[0] == '-' || l[0] == '#') {
			continue
		}
		key := strings.Trim(strings.TrimSpace(strings.SplitN(l, ":", 2)[0]), `"{ `)
		switch key {
		case "units":
			return unitFields
		case "cards":
			return cardFields
		}
		if i < line-1 {
			break
		}
	}
	return fileFields + "; " + unitFields + "; " + cardFields
}

func (a *Army) normalize() error {
	switch {
	case a.Format == 0:
		return &ParseError{Msg: "format: missing; a squad file starts with \"format: 1\""}
	case a.Format != 1:
		return &ParseError{Msg: fmt.Sprintf("format: %d is not a format Muster reads; write \"format: 1\"", a.Format)}
	}
	if s := strings.ToLower(strings.TrimSpace(a.System)); s != "swm" {
		return &ParseError{Msg: fmt.Sprintf("system: %q; a d20 Star Wars Miniatures squad says \"system: swm\"", a.System)}
	}
	a.System = "swm"
	if len(a.Name) > MaxName {
		return &ParseError{Msg: fmt.Sprintf("name: %d characters; at most %d", len(a.Name), MaxName)}
	}
	if strings.TrimSpace(a.Faction) == "" {
		return &ParseError{Msg: "faction: missing; write the squad's faction, such as Rebel Alliance or Empire"}
	}
	if len(a.Faction) > MaxName || len(a.Era) > MaxName {
		return &ParseError{Msg: fmt.Sprintf("faction and era are at most %d characters", MaxName)}
	}
	switch {
	case a.Limit == 0:
		a.Limit = DefaultLimit
	case a.Limit < 0 || a.Limit > MaxLimit:
		return &ParseError{Msg: fmt.Sprintf("limit: %d; write the scenario's points, from 1 to %d (100 in a standard scenario)", a.Limit, MaxLimit)}
	}
	// An empty list is a squad being built (the web editor starts one so): check reports
	// it; a file with no units: at all is refused.
	if a.Units == nil {
		return &ParseError{Msg: "units: missing; list the squad's cards, such as \"units: [{card: Hoth Trooper, count: 3}]\""}
	}
	if len(a.Units) > MaxUnits {
		return &ParseError{Msg: fmt.Sprintf("units: %d entries; a squad file may list at most %d", len(a.Units), MaxUnits)}
	}
	for i := range a.Units {
		u := &a.Units[i]
		u.Card = strings.TrimSpace(u.Card)
		if u.Card == "" {
			return &ParseError{Msg: fmt.Sprintf("units[%d].card: missing; name the stat card", i)}
		}
		if len(u.Card) > MaxName {
			return &ParseError{Msg: fmt.Sprintf("units[%d].card: %d characters; a card name is at most %d", i, len(u.Card), MaxName)}
		}
		switch {
		case u.Count == 0:
			u.Count = 1
		case u.Count < 0 || u.Count > MaxCount:
			return &ParseError{Msg: fmt.Sprintf("units[%d].count: %d; write how many of the card, from 1 to %d", i, u.Count, MaxCount)}
		}
	}
	if len(a.Cards) > MaxCards {
		return &ParseError{Msg: fmt.Sprintf("cards: %d entries; at most %d", len(a.Cards), MaxCards)}
	}
	return nil
}

// Figures is the number of characters the squad fields.
func (a *Army) Figures() int {
	n := 0
	for _, u := range a.Units {
		n += u.Count
	}
	return n
}

// Catalog is the built-in cards with the file's cards: block, then the owner's library:
// the file's values stand, the library fills in what is still blank (a library value that
// differs from the file's is a conflict marked Library).
func (a *Army) Catalog() (*cards.Catalog, []cards.Conflict, error) {
	cat, conflicts, err := cards.Builtin().Extend(a.Cards)
	if err != nil || len(a.Library) == 0 {
		return cat, conflicts, err
	}
	cat, more, err := cat.Extend(a.Library)
	if err != nil {
		return nil, nil, fmt.Errorf("your card library: %w", err)
	}
	for i := range more {
		more[i].Library = true
	}
	return cat, append(conflicts, more...), nil
}
