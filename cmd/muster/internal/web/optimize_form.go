package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

func (a *app) optimizeForm(c *echo.Context) error {
	st, err := a.loadOptimize(c)
	if err != nil {
		return err
	}
	v := st.view
	// A cancelled search comes back with its picks (cancelledURL).
	for _, o := range c.QueryParams()["opponent"] {
		v.Chosen[o] = true
	}
	if _, msg := form.Count("", c.QueryParam("battles"), optimizeMinBattles, optimizeMaxBattles); msg == "" {
		v.Battles = c.QueryParam("battles")
	}
	if _, msg := form.Count("", c.QueryParam("budget"), optimizeMinBudget, optimizeMaxBudget); msg == "" {
		v.Budget = c.QueryParam("budget")
	}
	if s := c.QueryParam("scenario"); s != "" {
		v.Scenario = s
	}
	p := page(c, "What should "+st.army.Name+" bring?", "armies")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Search cancelled: nothing was saved. Your picks are below, to ask again."
	}
	return render(c, http.StatusOK, views.OptimizePage(p, v))
}
