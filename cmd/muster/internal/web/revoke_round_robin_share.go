package web

import (
	"muster/db"

	"github.com/labstack/echo/v5"
)

func (a *app) revokeRoundRobinShare(c *echo.Context) error {
	return a.revokeResultShare(c, db.ShareRoundRobin, c.Param("job"), "/roundrobin/")
}
