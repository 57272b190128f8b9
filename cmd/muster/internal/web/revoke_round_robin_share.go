package web

import (
	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) revokeRoundRobinShare(c *echo.Context) error {
	return a.revokeResultShare(c, db.ShareRoundRobin, c.Param("job"), "/roundrobin/")
}
