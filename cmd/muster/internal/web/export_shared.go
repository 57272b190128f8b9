package web

import "github.com/labstack/echo/v5"

func (a *app) exportShared(c *echo.Context) error {
	_, army, err := a.loadShared(c)
	if err != nil {
		return err
	}
	return a.sendFile(c, army, c.QueryParam("format"), true)
}
