package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

func (a *app) showSim(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	v, title, err := simView(m)
	if err != nil {
		return err
	}
	v.Base = "/sims/" + m.ID
	v.Again = &views.SimAgain{Action: "/sim", A: m.ArmyA, B: m.ArmyB, Scenario: m.Scenario, Battles: m.Battles}
	v.Broken = a.brokenArmies(c.Request().Context(), ownerID(c), m)
	v.ShareBase = v.Base
	if v.Shares, err = a.resultShareRows(c, db.ShareSim, m.ID); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.SimPage(page(c, title, "sim"), v))
}
