package views

import (
	"strings"

	"muster/roster"
)

// FreeHandRules are the rules the editor's "free-hand" switch (house rules) turns from
// errors into warnings: the Troop List, creation and unit rules. Rules that mean the army
// cannot be costed (fixed ones) and a gamemaster's force limits stay as they are.
func FreeHandRules() []string {
	var ids []string
	for _, r := range roster.Rules {
		if !r.Fixed && r.Severity == roster.Error && !strings.HasPrefix(r.ID, "limits.") {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

// FreeHand reports whether an army's house rules turn every free-hand rule into a warning.
func FreeHand(a *roster.Army) bool {
	for _, id := range FreeHandRules() {
		if a.Rules[id] != roster.Warning {
			return false
		}
	}
	return true
}

// maxAttr is a number input's max, or "" (no max) in free-hand mode.
func maxAttr(free bool, n int) string {
	if free {
		return ""
	}
	return itoa(n)
}
