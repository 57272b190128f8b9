package web

import (
	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) simReplay(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	version := func(id string, n int) (db.Version, error) {
		return a.store.Version(c.Request().Context(), ownerID(c), id, n)
	}
	return a.showReplay(c, m, version, "/sims/"+m.ID, "Back to the matchup", "sim")
}
