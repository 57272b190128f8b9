package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// simJSON answers the saved summary: the shape of `muster sim --json`.
func (a *app) simJSON(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, m.Summary)
}
