package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/battle"
	"muster/rules/battle/design"
)

// newScenario saves a blank table as a new scenario of the asker's and opens the designer.
func (a *app) newScenario(c *echo.Context) error {
	return a.openNewScenario(c, design.Blank("my-scenario", "My scenario"), "a blank table")
}

// openNewScenario saves sc as a new scenario of the asker's and opens it in the designer
// (note: what made it, its version 1's note).
func (a *app) openNewScenario(c *echo.Context, sc *battle.Scenario, note string) error {
	file, err := design.Marshal(sc)
	if err != nil {
		return err
	}
	rec, msg, err := a.storeNewScenario(c, file, note)
	if err != nil {
		return err
	}
	if msg != "" {
		return echo.NewHTTPError(http.StatusConflict, msg)
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios/"+rec.ID)
}
