package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

// designScenario is the designer of one of the asker's scenarios, on its latest version.
func (a *app) designScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	v := designView(rec, nil, nil)
	v.Saved = c.QueryParam("saved") != ""
	if n, ok := form.Version(c.QueryParam("restored")); ok {
		v.Restored = n // the flash only: a mistyped address shows none
	}
	return render(c, http.StatusOK, views.ScenarioDesignPage(page(c, "Scenario: "+rec.Name, "sim"), v))
}
