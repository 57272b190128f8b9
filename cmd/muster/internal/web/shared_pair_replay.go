package web

import "github.com/labstack/echo/v5"

func (a *app) sharedPairReplay(c *echo.Context) error {
	l, m, err := a.sharedPairOf(c)
	if err != nil {
		return err
	}
	return a.replayFor(c, l.Owner, m, "/share/roundrobin/"+c.Param("token")+"/sims/"+m.ID, "Back to the matchup")
}
