package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/battle"
	"muster/views"
)

func (a *app) scenariosPage(c *echo.Context) error {
	v, err := a.scenariosView(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.ScenariosPage(page(c, "Your scenarios", "sim"), v))
}

func (a *app) scenariosView(c *echo.Context) (views.ScenariosView, error) {
	var v views.ScenariosView
	recs, err := a.store.Scenarios(c.Request().Context(), ownerID(c))
	if err != nil {
		return v, err
	}
	for _, r := range recs {
		row := views.ScenarioRow{ID: r.ID, Name: r.Name, Share: r.Share, Versions: r.Version}
		if _, err := battle.ParseScenario(r.Body); err != nil {
			row.Problem = err.Error()
		}
		v.Mine = append(v.Mine, row)
	}
	for _, s := range battle.Scenarios() {
		v.Builtins = append(v.Builtins, views.ScenarioRow{ID: s.ID, Name: s.Name, Description: s.Description})
	}
	return v, nil
}
