package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/db"
)

func (a *app) restoreArmy(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	n, ok := form.Version(c.FormValue("version"))
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, "Choose a version to restore.")
	}
	base, ok := postedBase(c, "base")
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, notOnAVersion("restored", "army", c.FormValue("base")))
	}
	if _, err := a.store.Restore(c.Request().Context(), ownerID(c), rec.ID, base, n); err != nil {
		if msg := staleChange(err, "army", "restored"); msg != "" {
			return echo.NewHTTPError(http.StatusConflict, msg)
		}
		if errors.Is(err, db.ErrNotFound) {
			return echo.NewHTTPError(http.StatusNotFound, "That version does not exist.")
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?restored=1")
}
