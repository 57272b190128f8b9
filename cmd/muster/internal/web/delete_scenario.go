package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

// deleteScenario removes one of the asker's scenarios; matchups played on it keep their
// copy of its file.
func (a *app) deleteScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	if err := a.store.DeleteScenario(c.Request().Context(), ownerID(c), rec.ID); errors.Is(err, db.ErrNotFound) {
		return errNoScenario
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios")
}
