package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) deleteArmy(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	if err := a.store.Delete(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/?deleted="+rec.ID)
}
