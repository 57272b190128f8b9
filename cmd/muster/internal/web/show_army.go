package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) showArmy(c *echo.Context) error {
	rec, army, err := a.loadArmyShared(c)
	if err != nil {
		return err
	}
	v, hist, err := a.armyView(c.Request().Context(), rec, army)
	if err != nil {
		return err
	}
	if v.Shares, err = a.shareRows(c, rec); err != nil {
		return err
	}
	if d, ok, err := a.draftOf(c, rec); err != nil {
		return err
	} else if ok {
		v.Unsaved = unsavedView(rec, d)
	}
	p := page(c, army.Name, "armies")
	p.Flash = armyPageFlash(c, rec.Version)
	return render(c, http.StatusOK, views.ArmyPage(p, v, hist))
}
