package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) revokeToken(c *echo.Context) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	if err := a.store.RevokeToken(c.Request().Context(), o.ID, c.Param("id")); errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such token.")
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/account#tokens")
}
