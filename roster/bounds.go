package roster

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The limits every saved army keeps to, wherever it comes from (the editor, an import, the
// API, a game night's list): a store of armies must not grow without bound, and a number
// out of range (a negative count) would store a negative total.
const (
	MaxNameLen = 100 // characters in an army's or a unit's name
	MaxUnits   = 200 // units in an army
)

// BoundsError is an army refused for holding more than Muster keeps, naming the field and
// what would fix it.
type BoundsError struct {
	Field, Message string
}

func (e *BoundsError) Error() string { return e.Field + ": " + e.Message }

// CheckBounds refuses an army whose names are too long, whose units are too many, or
// which holds a number out of range (the value.range rule); nil when it can be saved.
func CheckBounds(a *Army) error {
	if n := utf8.RuneCountInString(a.Name); n > MaxNameLen {
		return &BoundsError{"name", fmt.Sprintf("the army's name has %d characters; shorten it to at most %d", n, MaxNameLen)}
	}
	if len(a.Units) > MaxUnits {
		return &BoundsError{"units", fmt.Sprintf("the army has %d units; an army may have at most %d", len(a.Units), MaxUnits)}
	}
	for i, u := range a.Units {
		if n := utf8.RuneCountInString(u.Name); n > MaxNameLen {
			return &BoundsError{UnitField(i, "name"), fmt.Sprintf("unit %d's name has %d characters; shorten it to at most %d", i+1, n, MaxNameLen)}
		}
	}
	ck := &checker{army: a}
	ck.bounds()
	for _, p := range ck.problems {
		if p.Rule == "value.range" {
			msg := p.Message
			if p.Hint != "" {
				msg += ": " + p.Hint
			}
			if p.Unit >= 0 {
				msg = fmt.Sprintf("unit %d: %s", p.Unit+1, msg)
			}
			return &BoundsError{p.Field, strings.TrimSpace(msg)}
		}
	}
	return nil
}
