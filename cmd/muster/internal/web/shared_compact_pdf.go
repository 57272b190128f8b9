package web

import "github.com/labstack/echo/v5"

func (a *app) sharedCompactPDF(c *echo.Context) error {
	army, paper, err := a.sharedPrint(c)
	if err != nil {
		return err
	}
	return a.compactPDF(c, army, paper, "/share/"+c.Param("token")+"/roster")
}
