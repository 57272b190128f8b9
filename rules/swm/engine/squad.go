package engine

// The squads a battle fields, from costed squad files.

import (
	"fmt"
	"strings"

	"muster/rules/swm/cards"
	"muster/rules/swm/check"
)

// Squad is one side: its name and figures (a card and what its defeat scores).
type Squad struct {
	Name    string
	Figures []Figure
}

// Figure is one character to field.
type Figure struct {
	Unit int
	Card *cards.Card
	Cost int
}

// FromCosted fields a costed squad, one figure per count. It refuses a squad whose cards a
// battle cannot play yet, naming each unit and the values its card lacks.
func FromCosted(c *check.Costed) (Squad, error) {
	s := Squad{Name: c.Army.Name}
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
