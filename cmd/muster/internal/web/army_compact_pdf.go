package web

import "github.com/labstack/echo/v5"

func (a *app) armyCompactPDF(c *echo.Context) error {
	rec, army, paper, err := a.sheetsOf(c)
	if err != nil {
		return err
	}
	return a.compactPDF(c, army, paper, "/armies/"+rec.ID+"/roster")
}
