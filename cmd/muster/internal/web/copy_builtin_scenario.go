package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/battle"
)

// copyBuiltinScenario saves a built-in scenario's file as a new scenario of the asker's, to
// change: the same fields, so that until changed it plays the built-in's battles.
func (a *app) copyBuiltinScenario(c *echo.Context) error {
	f, err := battle.LoadScenario(c.Param("name"))
	if err != nil || c.Param("name") == "" {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such built-in scenario.")
	}
	return a.openNewScenario(c, f.Scenario, "copied from the built-in "+f.Scenario.Name)
}
