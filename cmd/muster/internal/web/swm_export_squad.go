package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/swm"
)

// swmExportSquad downloads the asker's squad with their cards folded in: a file muster swm
// battle plays as the web does.
func (a *app) swmExportSquad(c *echo.Context) error {
	id := c.Param("id")
	if !validID(id) {
		return errNoArmy
	}
	rec, file, err := a.store.Get(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return errNoArmy
	}
	if err != nil {
		return err
	}
	if rec.System != swm.ID {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, rec.Name+" is not a d20 squad: only d20 squads take cards from the card library.")
	}
	out, err := a.swmPlayFile(c, file)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "This squad file no longer reads: "+err.Error()+". Edit it as text to fix it.")
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, fileName(rec.Name)+"-with-cards.yaml"))
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", out)
}
