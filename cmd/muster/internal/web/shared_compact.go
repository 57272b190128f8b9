package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) sharedCompact(c *echo.Context) error {
	army, paper, err := a.sharedPrint(c)
	if err != nil {
		return err
	}
	page, err := a.renderCompact(c.Request().Context(), army, paper, "/share/"+c.Param("token"), false)
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, page)
}
