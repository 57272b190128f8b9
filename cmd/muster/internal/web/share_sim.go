package web

import (
	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) shareSim(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	return a.makeResultShare(c, db.ShareSim, m.ID, "/sims/"+m.ID)
}
