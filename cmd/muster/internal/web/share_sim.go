package web

import (
	"muster/db"

	"github.com/labstack/echo/v5"
)

func (a *app) shareSim(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	return a.makeResultShare(c, db.ShareSim, m.ID, "/sims/"+m.ID)
}
