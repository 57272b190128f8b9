package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) qrsSoloDelete(c *echo.Context) error {
	err := a.store.DeleteSolo(c.Request().Context(), ownerID(c), c.Param("id"))
	if errors.Is(err, db.ErrNotFound) {
		return errNoSoloGame
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/qrs/solo")
}
