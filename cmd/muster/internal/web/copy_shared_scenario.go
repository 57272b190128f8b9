package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// copySharedScenario copies a shared scenario into the asker's (their own: opened).
func (a *app) copySharedScenario(c *echo.Context) error {
	rec, _, err := a.sharedScenarioRec(c)
	if err != nil {
		return err
	}
	if rec.Owner == ownerID(c) {
		return c.Redirect(http.StatusSeeOther, "/scenarios/"+rec.ID)
	}
	mine, msg, err := a.storeNewScenario(c, rec.Body, "copied from a share link")
	if err != nil {
		return err
	}
	if msg != "" {
		return echo.NewHTTPError(http.StatusConflict, msg)
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios/"+mine.ID)
}
