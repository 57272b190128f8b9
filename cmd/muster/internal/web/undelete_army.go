package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) undeleteArmy(c *echo.Context) error {
	rec, _, err := a.loadRecordOrDeleted(c)
	if err != nil {
		return err
	}
	if err := a.store.Undelete(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID)
}
