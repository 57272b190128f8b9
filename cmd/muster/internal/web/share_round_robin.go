package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) shareRoundRobin(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindRoundRobin)
	if err != nil {
		return err
	}
	if req, _, err := roundRobinOf(m); err != nil || req.Game != "" {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such result.")
	}
	return a.makeResultShare(c, db.ShareRoundRobin, m.ID, "/roundrobin/"+m.ID)
}
