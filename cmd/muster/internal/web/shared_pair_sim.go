package web

import "github.com/labstack/echo/v5"

func (a *app) sharedPairSim(c *echo.Context) error {
	_, m, err := a.sharedPairOf(c)
	if err != nil {
		return err
	}
	rr := "/share/roundrobin/" + c.Param("token")
	return a.renderSharedSim(c, m, rr+"/sims/"+m.ID, rr, "Back to the round robin")
}
