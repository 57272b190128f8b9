package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// shareScenario gives one of the asker's scenarios a read-only link.
func (a *app) shareScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	if _, err := a.store.ShareScenario(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios#my-scenarios")
}
