package web

import "github.com/labstack/echo/v5"

func (a *app) sharedSim(c *echo.Context) error {
	_, m, err := a.sharedSimOf(c)
	if err != nil {
		return err
	}
	return a.renderSharedSim(c, m, "/share/sim/"+c.Param("token"), "", "")
}
