package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) fairForm(c *echo.Context) error {
	q := c.QueryParams()
	sc := q.Get("scenario")
	if sc == "" {
		sc = fairDefaultScenario
	}
	v, err := a.fairView(c, sc, q)
	if err != nil {
		return err
	}
	p := page(c, "Is this fair?", "sim")
	if q.Get("cancelled") != "" {
		p.Flash = "Fairness test cancelled: nothing was saved."
	}
	return render(c, http.StatusOK, views.FairPage(p, v))
}
