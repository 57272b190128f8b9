package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

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
