package roster

import (
	"maps"
	"slices"
	"strings"
	"sync"
)

// Free-hand mode is the editor's switch for house rules: it turns the Troop List, creation
// and unit rules from errors into warnings, so that a player may build what the lists do not
// allow and still see what the book would say. Rules that mean the army cannot be costed
// (fixed ones) and a gamemaster's force limits stay as they are.

// FreeHandRules are the rules free-hand mode dials to warnings.
func FreeHandRules() []string { return slices.Clone(freeHandRules()) }

// freeHandRules is FreeHandRules worked out once, shared: the editor asks FreeHand for
// every unit it draws.
var freeHandRules = sync.OnceValue(func() []string {
	var ids []string
	for _, r := range Rules {
		if !r.Fixed && r.Severity == Error && !strings.HasPrefix(r.ID, "limits.") {
			ids = append(ids, r.ID)
		}
	}
	return ids
})

// FreeHand reports whether an army's house rules turn every free-hand rule into a warning.
func (a *Army) FreeHand() bool {
	for _, id := range freeHandRules() {
		if a.Rules[id] != Warning {
			return false
		}
	}
	return true
}

// SetFreeHand turns free-hand mode on (every free-hand rule dialled to a warning) or off
// (the warnings it set removed; other dials kept). The army's dials are replaced, not
// changed in place, so that a copy sharing them is left as it was.
func (a *Army) SetFreeHand(on bool) {
	if on == a.FreeHand() {
		return
	}
	dials := maps.Clone(a.Rules)
	if dials == nil {
		dials = Dials{}
	}
	for _, id := range freeHandRules() {
		if on {
			dials[id] = Warning
		} else if dials[id] == Warning {
			delete(dials, id)
		}
	}
	if len(dials) == 0 {
		dials = nil
	}
	a.Rules = dials
}
