package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) roundRobinForm(c *echo.Context) error {
	src, err := a.roundRobinSource(c)
	if err != nil {
		return err
	}
	p := page(c, "Round robin", src.nav)
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Round robin cancelled: nothing was saved. Tick the armies again to ask for another."
	}
	v, err := a.roundRobinView(c, src)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.RoundRobinPage(p, v))
}
