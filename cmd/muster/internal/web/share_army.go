package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) shareArmy(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	if _, err := a.store.Share(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?shared=1#share")
}
