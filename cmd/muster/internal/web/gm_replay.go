package web

import "github.com/labstack/echo/v5"

func (a *app) gmReplay(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	return a.gameReplay(c, g, "/gm/"+c.Param("token"))
}
