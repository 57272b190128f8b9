// Package army reads system: qrs army files (groups of figures built from the troop profiles,
// with a profiles: block to override or add profiles) and checks them, giving the totals the
// skirmish quick reference compares: each group's Firepower and Defence.
package army

import (
	"fmt"
	"strings"

	"muster/rules/qrs"
)

// ID is the army file's system: value.
const ID = "qrs"

// Bounds on what a file may hold, so a hostile file cannot make Muster do unbounded work.
const (
	MaxGroups        = 200
	MaxEntries       = 50  // figure entries in one group
	MaxCount         = 100 // figures in one entry
	MaxProfiles      = 200
	MaxAliases       = 10
	MaxStat          = 100 // firepower, defence, deflect
	MaxSmallStat     = 20  // melee, initiative
	MaxForcePoints   = 50
	MaxFiguresInArmy = 2000
)

// File is a system: qrs army file as written.
type File struct {
	Format   int           `yaml:"format" json:"format"`
	System   string        `yaml:"system" json:"system"`
	Name     string        `yaml:"name" json:"name"`
	Side     string        `yaml:"side,omitempty" json:"side,omitempty"`
	Faction  string        `yaml:"faction,omitempty" json:"faction,omitempty"`
	Notes    string        `yaml:"notes,omitempty" json:"notes,omitempty"`
	Groups   []GroupEntry  `yaml:"groups" json:"groups"`
	Profiles []qrs.Profile `yaml:"profiles,omitempty" json:"profiles,omitempty"`
}

// GroupEntry is one group as written: figures built from profiles.
type GroupEntry struct {
	Name    string        `yaml:"name" json:"name"`
	Figures []FigureEntry `yaml:"figures" json:"figures"`
}

// FigureEntry is count figures of one profile, or one named figure (a hero).
type FigureEntry struct {
	Profile string `yaml:"profile" json:"profile"`
	Name    string `yaml:"name,omitempty" json:"name,omitempty"`
	Count   int    `yaml:"count,omitempty" json:"count,omitempty"`
	Armour  *bool  `yaml:"armour,omitempty" json:"armour,omitempty"`
}

// Sides an army may be on.
var Sides = []string{"rebel", "imperial", "neutral"}

// Read parses an army file and checks its structure (format, system, sizes). The checks that
// concern the game (unknown profiles, odd numbers) are Evaluate's, reported as problems, so
// one mistake does not hide the totals of the other groups.
func Read(data []byte) (*File, error) {
	var f File
	if err := qrs.Decode(data, &f, "an army file"); err != nil {
		return nil, err
	}
	switch {
	case f.Format == 0:
		return nil, &qrs.ReadError{Msg: "format: missing; an army file starts with \"format: 1\""}
	case f.Format != 1:
		return nil, &qrs.ReadError{Msg: fmt.Sprintf("format: %d is not a format Muster reads; write \"format: 1\"", f.Format)}
	case strings.ToLower(strings.TrimSpace(f.System)) != ID:
		return nil, &qrs.ReadError{Msg: fmt.Sprintf("system: %q is not the skirmish quick reference; write \"system: qrs\"", f.System)}
	case len(f.Groups) > MaxGroups:
		return nil, &qrs.ReadError{Msg: fmt.Sprintf("groups: %d groups; an army file may hold at most %d", len(f.Groups), MaxGroups)}
	case len(f.Profiles) > MaxProfiles:
		return nil, &qrs.ReadError{Msg: fmt.Sprintf("profiles: %d profiles; an army file may hold at most %d", len(f.Profiles), MaxProfiles)}
	}
	figures := 0
	for i, g := range f.Groups {
		if len(g.Figures) > MaxEntries {
			return nil, &qrs.ReadError{Msg: fmt.Sprintf("groups[%d].figures: %d entries; a group may list at most %d (use count:)", i, len(g.Figures), MaxEntries)}
		}
		for j, fe := range g.Figures {
			// A count out of range is refused, as the other systems' files are (a d20 squad's
			// count, an SWMB army's numbers): the file is not saved with a number Muster
			// cannot play (issue 30).
			if fe.Count < 0 || fe.Count > MaxCount {
				return nil, &qrs.ReadError{Msg: fmt.Sprintf("groups[%d].figures[%d].count: %d; write how many figures, from 1 to %d", i, j, fe.Count, MaxCount)}
			}
			figures += max(1, fe.Count)
		}
	}
	if figures > MaxFiguresInArmy {
		return nil, &qrs.ReadError{Msg: fmt.Sprintf("the army has %d figures; Muster reads at most %d", figures, MaxFiguresInArmy)}
	}
	f.System = ID
	return &f, nil
}
