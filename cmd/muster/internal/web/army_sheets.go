package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
)

// armySheets is the print view: the army roster and a record sheet per unit, one a page,
// for the browser's Print.
func (a *app) armySheets(c *echo.Context) error {
	rec, army, paper, err := a.sheetsOf(c)
	if err != nil {
		return err
	}
	page, err := pdf.Sheets(c.Request().Context(), a.catalogFor(army), army, a.evaluate(army), paper, "/armies/"+rec.ID, false)
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, page)
}
