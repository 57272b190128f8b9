package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/swm/army"
	"muster/rules/swm/cards"
)

// swmExportCards is the library as a file (the cards: entries a squad file reads).
func (a *app) swmExportCards(c *echo.Context) error {
	list, err := a.swmLibraryCards(c.Request().Context(), ownerID(c))
	if err != nil {
		return err
	}
	var out []cards.Card
	for _, lc := range list {
		if lc.err == nil {
			out = append(out, lc.card)
		}
	}
	if len(out) == 0 {
		return echo.NewHTTPError(http.StatusNotFound, "Your card library is empty: there is nothing to export yet.")
	}
	body, err := army.WriteLibrary(out)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="muster-d20-cards.yaml"`)
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", body)
}
