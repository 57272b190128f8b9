package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) catalogue(c *echo.Context) error {
	kind := c.Param("kind")
	if kind == "" {
		kind = "troops"
	}
	if !views.CatalogueKnows(kind) {
		return echo.NewHTTPError(http.StatusNotFound, "The catalogue has no section "+kind+".")
	}
	return render(c, http.StatusOK, views.Catalogue(page(c, "Catalogue", "catalogue"), a.cat, kind))
}
