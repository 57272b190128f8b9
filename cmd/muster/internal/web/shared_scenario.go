package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

// sharedScenario shows a scenario through its share link: read-only, its latest version.
func (a *app) sharedScenario(c *echo.Context) error {
	rec, sc, err := a.sharedScenarioRec(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	v := readOnlyScenario(sc)
	v.Token = rec.Share
	return render(c, http.StatusOK, views.SharedScenarioPage(page(c, sc.Name, ""), v))
}
