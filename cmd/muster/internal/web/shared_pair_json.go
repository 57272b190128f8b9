package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) sharedPairJSON(c *echo.Context) error {
	_, m, err := a.sharedPairOf(c)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, m.Summary)
}
