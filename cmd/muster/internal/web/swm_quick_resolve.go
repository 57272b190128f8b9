package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) swmQuickResolve(c *echo.Context) error {
	v, err := a.swmView(c, c.QueryParam)
	if err != nil {
		return err
	}
	p := page(c, "Quick-resolve d20 squads", "sim")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Quick-resolve cancelled: nothing was saved. Your picks are below, to play again."
	}
	if v.A != "" || v.B != "" {
		// The squads chosen are checked as the form opens: what they lack is said before
		// any battle is queued.
		if _, _, err := a.swmChecked(c, &v); err != nil {
			return err
		}
	}
	return render(c, http.StatusOK, views.SWMBattle(p, v))
}
