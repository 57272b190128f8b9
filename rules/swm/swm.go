// Package swm is WotC's d20 Star Wars Miniatures (the Battle of Hoth scenario pack) as
// Muster's second game system: the cards (swm/cards), squad files (swm/army), the
// squad-building checks (swm/check), exact attack odds (swm/odds) and the battle engine
// (swm/engine). This file is what the app and the command line reach (system.System).
package swm

import (
	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/rules/system"
)

// ID is the army file's system: value.
const ID = "swm"

// System is d20 Star Wars Miniatures for the app and the command line.
type System struct{}

// ID implements system.System.
func (System) ID() string { return ID }

// Title implements system.System.
func (System) Title() string { return "Star Wars Miniatures (d20, Battle of Hoth)" }

// Evaluate reads, costs and checks a squad file.
func (System) Evaluate(file []byte) (*system.Report, error) {
	a, err := army.Read(file)
	if err != nil {
		return nil, err
	}
	c, err := check.Evaluate(a)
	if err != nil {
		return nil, err
	}
	return c.Report(), nil
}

// EvaluateWith reads, costs and checks a squad file with its owner's card library, which
// completes what the file's cards: block leaves blank (army.Army.Library).
func EvaluateWith(file []byte, library []cards.Card) (*system.Report, error) {
	a, err := army.Read(file)
	if err != nil {
		return nil, err
	}
	a.Library = library
	c, err := check.Evaluate(a)
	if err != nil {
		return nil, err
	}
	return c.Report(), nil
}

var _ system.System = System{}
