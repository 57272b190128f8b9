package web

import (
	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) revokeSimShare(c *echo.Context) error {
	return a.revokeResultShare(c, db.ShareSim, c.Param("id"), "/sims/")
}
