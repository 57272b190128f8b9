package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
)

// sharedSheetsPDF is the PDF of a shared army's sheets.
func (a *app) sharedSheetsPDF(c *echo.Context) error {
	army, paper, err := a.sharedPrint(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := pdf.Sheets(ctx, a.catalogFor(army), army, a.evaluate(army), paper, "", true)
	if err != nil {
		return err
	}
	doc, err := pdf.Print(ctx, page, paper)
	if err != nil {
		if !errors.Is(err, pdf.ErrNoChromium) {
			a.log.Error("sheets: PDF failed", "err", err)
		}
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The PDF cannot be made on this server just now. "+
			"The print view has the same sheets: print it from your browser (Ctrl+P, or Save as PDF).")
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename=%q`, fileName(army.Name)+"-sheets.pdf"))
	return c.Blob(http.StatusOK, "application/pdf", doc)
}
