package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) sharedArmy(c *echo.Context) error {
	rec, army, err := a.loadShared(c)
	if err != nil {
		return err
	}
	v := views.ArmyView{ID: rec.ID, Army: army, Result: a.evaluate(army), Catalog: a.catalogFor(army), Shared: true,
		Version: rec.Version, Versions: rec.Versions, Updated: rec.Updated}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return render(c, http.StatusOK, views.SharedArmy(page(c, army.Name, ""), v, c.Param("token")))
}
