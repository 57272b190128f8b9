package roster

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"muster/rules"
	"muster/rules/textguard"
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

// CheckBounds refuses an army whose names are too long or hold what a name must not
// (textguard: a line break, a control character, a direction override), whose units are
// too many, or which holds a number out of range (the value.range rule); nil when it can
// be saved.
func CheckBounds(a *Army) error {
	if err := checkName("name", "the army's name", a.Name); err != nil {
		return err
	}
	if len(a.Units) > MaxUnits {
		return &BoundsError{"units", fmt.Sprintf("the army has %d units; an army may have at most %d", len(a.Units), MaxUnits)}
	}
	for i, u := range a.Units {
		if err := checkName(UnitField(i, "name"), fmt.Sprintf("unit %d's name", i+1), u.Name); err != nil {
			return err
		}
	}
	if err := checkCatalogNames(a.Catalog); err != nil {
		return err
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

// checkName refuses a name longer than MaxNameLen characters, or holding what a name must
// not (textguard.Problem), naming the field.
func checkName(field, what, name string) error {
	if msg := textguard.Problem(name, false); msg != "" {
		return &BoundsError{field, what + " " + msg}
	}
	if n := utf8.RuneCountInString(name); n > MaxNameLen {
		return &BoundsError{field, fmt.Sprintf("%s has %d characters; shorten it to at most %d", what, n, MaxNameLen)}
	}
	return nil
}

// checkCatalogNames holds the names of an army's own troop types, droids and creatures
// to the bounds of a unit's name: each is printed wherever the unit is (its breakdown, the
// plain-text list, the record sheets).
func checkCatalogNames(x *rules.Custom) error {
	if x == nil {
		return nil
	}
	check := func(kind string, i int, e rules.Entry) error {
		field := fmt.Sprintf("catalog.%s[%d]", kind, i)
		what := fmt.Sprintf("the catalog's %s %d", strings.TrimSuffix(kind, "s"), i+1)
		if err := checkName(field+".name", what+"'s name", e.Name); err != nil {
			return err
		}
		for j, alias := range e.Aliases {
			if err := checkName(fmt.Sprintf("%s.aliases[%d]", field, j), what+"'s alias", alias); err != nil {
				return err
			}
		}
		return nil
	}
	for i, t := range x.Troops {
		if err := check("troops", i, t.Entry); err != nil {
			return err
		}
	}
	for i, d := range x.Droids {
		if err := check("droids", i, d.Entry); err != nil {
			return err
		}
	}
	for i, c := range x.Creatures {
		if err := check("creatures", i, c.Entry); err != nil {
			return err
		}
	}
	return nil
}
