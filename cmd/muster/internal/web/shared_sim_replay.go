package web

import "github.com/labstack/echo/v5"

func (a *app) sharedSimReplay(c *echo.Context) error {
	l, m, err := a.sharedSimOf(c)
	if err != nil {
		return err
	}
	return a.replayFor(c, l.Owner, m, "/share/sim/"+c.Param("token"), "Back to the matchup")
}
