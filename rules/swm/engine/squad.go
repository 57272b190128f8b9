package engine

// The squads a battle fields, from costed squad files.

import (
	"fmt"
	"strings"

	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/rules/system"
)

// Squad is one side: its name and figures (a card and what its defeat scores).
type Squad struct {
	Name    string
	Figures []Figure
	// Side is the squad's side of the Force, "light" or "dark" ("" not known): it says which
	// setup area the squad takes and whether it sets up first (setup.go).
	Side string
}

// Figure is one character to field.
type Figure struct {
	Unit int
	Card *cards.Card
	Cost int
}

// FromCosted fields a costed squad, one figure per count. It refuses a squad that breaks
// the squad-building rules (a *RulesError with its errors), so that the command line and the
// web play the same squads, and a squad whose cards a battle cannot play yet (an
// *IncompleteError naming each unit and the values its card lacks).
func FromCosted(c *check.Costed) (Squad, error) {
	var broken []string
	for _, p := range c.Problems {
		if p.Severity == system.Error {
			broken = append(broken, p.Message)
		}
	}
	if len(broken) > 0 {
		return Squad{}, &RulesError{Squad: c.Army.Name, Errors: broken}
	}
	// The era says the side; a squad that names none is known by its faction where every
	// era agrees (the Rebel Alliance is always light).
	s := Squad{Name: c.Army.Name, Side: c.Side}
	if s.Side == "" {
		s.Side = check.FactionSide(c.Army.Faction)
	}
	var missing []string
	for i, u := range c.Units {
		if u.Card == nil {
			missing = append(missing, fmt.Sprintf("%s: Muster knows no such card", check.Label(i, c.Army.Units[i].Card)))
			continue
		}
		if m := u.Card.Missing(); len(m) > 0 {
			missing = append(missing, fmt.Sprintf("%s: not known: %s", check.Label(i, u.Card.Name), strings.Join(m, ", ")))
			continue
		}
		for range u.Count {
			s.Figures = append(s.Figures, Figure{Unit: i, Card: u.Card, Cost: u.Each})
		}
	}
	if len(missing) > 0 {
		return Squad{}, &IncompleteError{Squad: c.Army.Name, Missing: missing}
	}
	if len(s.Figures) == 0 {
		return Squad{}, fmt.Errorf("%s has no figures to field", c.Army.Name)
	}
	return s, nil
}

// IncompleteError names the cards a battle cannot play and what each lacks.
type IncompleteError struct {
	Squad   string
	Missing []string
}

func (e *IncompleteError) Error() string {
	return fmt.Sprintf("%s cannot play a battle until its cards are complete (copy the values from the physical cards into the file's cards: block):\n  %s",
		e.Squad, strings.Join(e.Missing, "\n  "))
}

// RulesError is a squad that breaks the squad-building rules (`muster check` shows the
// errors): it does not take the field.
type RulesError struct {
	Squad  string
	Errors []string
}

func (e *RulesError) Error() string {
	return fmt.Sprintf("%s breaks the squad-building rules; fix it first (muster check shows the errors):\n  %s",
		e.Squad, strings.Join(e.Errors, "\n  "))
}
