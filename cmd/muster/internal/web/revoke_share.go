package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) revokeShare(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	tok := c.Param("token")
	if !validID(tok) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such share link.")
	}
	if err := a.store.RevokeShare(c.Request().Context(), ownerID(c), rec.ID, tok); errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such share link.")
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?revoked=1#share")
}
