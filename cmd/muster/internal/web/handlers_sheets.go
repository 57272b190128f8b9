package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/roster"
	"muster/views"
)

// sheetsPaper reads ?paper=a4|letter (A4 when absent).
func (a *app) sheetsPaper(c *echo.Context) (string, error) {
	paper := c.QueryParam("paper")
	if !form.Paper(paper) {
		return "", echo.NewHTTPError(http.StatusBadRequest, "Choose the paper the sheets print on: paper=a4 or paper=letter.")
	}
	if paper == "" {
		return views.PaperA4, nil
	}
	return paper, nil
}

// sheetsOf reads what both sheet routes need: the saved army (not a deleted one) and the
// paper asked for.
func (a *app) sheetsOf(c *echo.Context) (db.Army, *roster.Army, string, error) {
	rec, army, err := a.loadArmyShared(c)
	if err != nil {
		return rec, nil, "", err
	}
	paper, err := a.sheetsPaper(c)
	return rec, army, paper, err
}

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
