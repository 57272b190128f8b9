package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) sharedRoundRobin(c *echo.Context) error {
	_, req, res, err := a.sharedRoundRobinOf(c)
	if err != nil {
		return err
	}
	v := roundRobinPlayed(req, res, "/share/roundrobin/"+c.Param("token")+"/sims", "")
	v.Shared, v.Lead = true, "A round robin of "+plural(len(req.Entrants), "army", "armies")+", as they were when it was played."
	return render(c, http.StatusOK, views.RoundRobinPage(page(c, "Round robin", ""), v))
}
