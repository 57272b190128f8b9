package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// armyShares goes to the share links on the army's page.
func (a *app) armyShares(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"#share")
}
