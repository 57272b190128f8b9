package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) home(c *echo.Context) error {
	list, err := a.store.List(c.Request().Context(), ownerID(c))
	if err != nil {
		return err
	}
	rows := make([]views.ArmyRow, 0, len(list))
	for _, r := range list {
		rows = append(rows, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit,
			Valid: r.Valid, Errors: r.Errors, Versions: r.Versions, Updated: r.Updated, System: r.System})
	}
	deleted := c.QueryParam("deleted")
	if !validID(deleted) {
		deleted = ""
	}
	return render(c, http.StatusOK, views.Home(page(c, "Armies", "armies"), rows, deleted))
}
