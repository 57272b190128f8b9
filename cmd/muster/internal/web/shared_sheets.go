package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
)

// sharedSheets is the print view of a shared army.
func (a *app) sharedSheets(c *echo.Context) error {
	army, paper, err := a.sharedPrint(c)
	if err != nil {
		return err
	}
	page, err := pdf.Sheets(c.Request().Context(), a.catalogFor(army), army, a.evaluate(army), paper, "/share/"+c.Param("token"), false)
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, page)
}
