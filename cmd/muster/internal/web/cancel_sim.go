package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) cancelSim(c *echo.Context) error {
	if !validID(c.Param("job")) {
		return echo.NewHTTPError(http.StatusNotFound, "That matchup is no longer running.")
	}
	m, err := a.store.OwnerMatchup(c.Request().Context(), ownerID(c), c.Param("job"))
	if err != nil {
		return runError(err, "That matchup is no longer running.")
	}
	// The chunks queued see it cancelled and stop; the one playing ends its few battles.
	if _, err := a.store.CancelMatchup(c.Request().Context(), ownerID(c), c.Param("job")); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, cancelledURL(c, m))
}
