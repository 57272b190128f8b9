package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) armyCompact(c *echo.Context) error {
	rec, army, paper, err := a.sheetsOf(c)
	if err != nil {
		return err
	}
	page, err := a.renderCompact(c.Request().Context(), army, paper, "/armies/"+rec.ID, false)
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, page)
}
