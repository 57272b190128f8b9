package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/rules/battle"
	"muster/views"
)

func (a *app) simForm(c *echo.Context) error {
	f := views.SimForm{Battles: "1000", Scenario: battle.DefaultScenario, A: c.QueryParam("a"), B: c.QueryParam("b")}
	// A cancelled matchup comes back with its picks (cancelledURL); anything odd in them is
	// left at the defaults, the form shows what it will play.
	if sc := c.QueryParam("scenario"); sc != "" && len(sc) <= 80 {
		f.Scenario = sc
	}
	if _, msg := form.Count("Battles", c.QueryParam("battles"), 1, simMaxBattles); msg == "" {
		f.Battles = c.QueryParam("battles")
	}
	if sd := c.QueryParam("seed"); len(sd) <= 24 {
		if _, err := strconv.ParseUint(sd, 10, 64); err == nil {
			f.Seed = sd
		}
	}
	if c.QueryParam("cancelled") != "" {
		f.Flash = "Matchup cancelled: no result was saved. Your picks are below, to play it again or change them."
	}
	return a.renderSimForm(c, http.StatusOK, f)
}
