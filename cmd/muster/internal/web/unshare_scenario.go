package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// unshareScenario revokes a scenario's link.
func (a *app) unshareScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	if err := a.store.UnshareScenario(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios#my-scenarios")
}
