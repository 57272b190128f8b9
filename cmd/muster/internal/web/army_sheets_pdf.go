package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
)

// armySheetsPDF prints the same sheets to PDF with headless Chromium; where Chromium is not
// installed it says so, and the print view still works.
func (a *app) armySheetsPDF(c *echo.Context) error {
	rec, army, paper, err := a.sheetsOf(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := pdf.Sheets(ctx, a.catalogFor(army), army, a.evaluate(army), paper, "", true)
	if err != nil {
		return err
	}
	doc, err := pdf.Print(ctx, page, paper)
	if errors.Is(err, pdf.ErrNoChromium) {
		return echo.NewHTTPError(http.StatusServiceUnavailable, "PDFs are made with Chromium, which is not installed on this server. "+
			"The print view at /armies/"+rec.ID+"/sheets has the same sheets: print it from your browser (Ctrl+P, or Save as PDF).")
	}
	if err != nil {
		a.log.Error("sheets: PDF failed", "army", rec.ID, "err", err)
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The PDF could not be made just now. "+
			"The print view at /armies/"+rec.ID+"/sheets has the same sheets: print it from your browser (Ctrl+P, or Save as PDF).")
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename=%q`, fileName(army.Name)+"-sheets.pdf"))
	return c.Blob(http.StatusOK, "application/pdf", doc)
}
