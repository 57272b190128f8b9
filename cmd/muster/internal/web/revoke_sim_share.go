package web

import (
	"muster/db"

	"github.com/labstack/echo/v5"
)

func (a *app) revokeSimShare(c *echo.Context) error {
	return a.revokeResultShare(c, db.ShareSim, c.Param("id"), "/sims/")
}
