package web

import (
	"fmt"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/battle"
	"muster/rules/battle/design"
	"muster/views"
)

// A game night's battlefield (issue 33): the gamemaster attaches a built-in scenario or one of
// their own to the game; the game keeps its file as it was then, shows the players what the
// book gives the players (the description, the victory conditions, each side its own Orders
// of the Day) and the gamemaster the whole, and plays the game's quick-resolve and fairness
// test on it.

// keptBattlefield is the game form's choice "the game's battlefield as it is".
const keptBattlefield = "kept"

// gameBattlefield is the scenario a game form or the game's page names the game's own
// battlefield by, in the quick-resolve's and fairness test's lists.
const gameBattlefield = "game"

// battlefieldChoices are the game form's battlefields: the game's own as it is (when it has
// one), the built-in scenarios and the asker's own.
func (a *app) battlefieldChoices(c *echo.Context, kept []byte) ([]views.Choice, error) {
	var out []views.Choice
	if len(kept) > 0 {
		name := "the game's"
		if f, err := battle.ParseScenario(kept); err == nil {
			name = f.Scenario.Name
		}
		out = append(out, views.Choice{Value: keptBattlefield, Label: name + " (as attached)"})
	}
	more, err := a.scenarioChoices(c)
	return append(out, more...), err
}

// battlefieldFile is the scenario file a game form's choice attaches ("": none; kept: the
// game's as it is), or why it cannot.
func (a *app) battlefieldFile(c *echo.Context, choice string, kept []byte) ([]byte, string) {
	switch choice {
	case "":
		return nil, ""
	case keptBattlefield:
		return kept, ""
	}
	field, file, err := a.matchupScenario(c, choice)
	if err != nil {
		return nil, "Battlefield: " + err.Error() + "."
	}
	if file == nil { // a built-in, written out as the designer's files are
		if file, err = design.Marshal(field.Scenario); err != nil {
			return nil, "Battlefield: " + err.Error() + "."
		}
	}
	return file, ""
}

// battlefieldInfo is what the game's pages show of its battlefield (nil: none attached, or a
// file that no longer reads, which the game form then offers to replace). The scenario's
// sides are the game's as the fairness test pairs them (gameSidesFor: by Troop List, then
// in order).
func battlefieldInfo(g db.Game) *views.Battlefield {
	if len(g.Battlefield) == 0 {
		return nil
	}
	f, err := battle.ParseScenario(g.Battlefield)
	if err != nil {
		return nil
	}
	sc := f.Scenario
	b := &views.Battlefield{Name: sc.Name, Description: sc.Description,
		Table: fmt.Sprintf("A table %g\" by %g\", %d turns.", sc.Width, sc.Height, sc.Turns)}
	b.Victory = sc.Victory.Text
	sides, err := gameSidesFor(f, g.Sides)
	for s, sd := range sc.Sides {
		bs := views.BattlefieldSide{Name: sd.Name, Orders: sd.Orders, Hidden: sd.Hidden}
		if err == nil && s < len(sides) {
			bs.GameSide = sides[s].Side
		}
		b.Sides = append(b.Sides, bs)
	}
	return b
}

// gameScenario is the scenario a game's form names: the game's battlefield (gameBattlefield),
// with its file, or one matchupScenario reads.
func (a *app) gameScenario(c *echo.Context, g db.Game, name string) (*battle.Field, []byte, error) {
	if name != gameBattlefield {
		return a.matchupScenario(c, name)
	}
	if len(g.Battlefield) == 0 {
		return nil, nil, fmt.Errorf("this game has no battlefield attached: choose one in the game's details, or pick a scenario")
	}
	f, err := battle.ParseScenario(g.Battlefield)
	if err != nil {
		return nil, nil, fmt.Errorf("the game's battlefield is not one Muster can play: %w", err)
	}
	return f, g.Battlefield, nil
}
