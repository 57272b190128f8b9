package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

// designScenario is the designer of one of the asker's scenarios.
func (a *app) designScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	v := designView(rec, nil, nil)
	v.Saved = c.QueryParam("saved") != ""
	return render(c, http.StatusOK, views.ScenarioDesignPage(page(c, "Scenario: "+rec.Name, "sim"), v))
}
