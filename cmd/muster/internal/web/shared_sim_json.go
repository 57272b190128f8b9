package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) sharedSimJSON(c *echo.Context) error {
	_, m, err := a.sharedSimOf(c)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, m.Summary)
}
