package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) qrsSoloShow(c *echo.Context) error {
	g, st, err := a.qrsLoadSolo(c)
	if err != nil {
		return err
	}
	return a.renderSoloGame(c, http.StatusOK, g, st, "")
}
