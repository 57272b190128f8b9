// Package systems is the explicit list of the game systems Muster serves beside Star Wars
// Miniatures Battles, which the rest of Muster knows by name: the skirmish quick reference
// (qrs) and d20 Star Wars Miniatures (swm). SWMB is a system.System too (SWMB, from
// costing), for its ID, its title and its report. A page or command reaches a system's army files
// through it, by their system: value; adding a system is a line here, its folder under
// rules/, its views, and its pages and commands.
package systems

import (
	"slices"

	"muster/costing"
	"muster/rules/qrs/army"
	"muster/rules/swm"
	"muster/rules/system"
)

// others are the systems beside SWMB, in the order of their IDs.
var others = []system.System{army.System{}, swm.System{}}

// SWMB is Star Wars Miniatures Battles as a system (costing.SWMB). ByID and For answer nil
// for it all the same: SWMB's own pages and commands use its richer types (costing.Result).
func SWMB() system.System { return costing.SWMB{} }

// ByID is the system of a system: value, or nil for SWMB and for a value Muster does not
// know (which the SWMB reader then names).
func ByID(id string) system.System {
	for _, s := range others {
		if s.ID() == id {
			return s
		}
	}
	return nil
}

// For is the system an army file belongs to, or nil for SWMB (see ByID).
func For(file []byte) system.System {
	return ByID(system.Detect(file))
}

// Others are the systems beside SWMB, in the order of their IDs.
func Others() []system.System { return slices.Clone(others) }

// Known lists every system: value Muster reads, SWMB's first, for messages.
func Known() []string {
	ids := []string{SWMB().ID()}
	for _, s := range others {
		ids = append(ids, s.ID())
	}
	return ids
}
