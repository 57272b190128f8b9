package web

import (
	"github.com/labstack/echo/v5"

	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/views"
)

// swmSaveCard saves the form over one of the asker's cards.
func (a *app) swmSaveCard(c *echo.Context) error {
	lc, err := a.ownCard(c)
	if err != nil {
		return err
	}
	e, err := entryFromForm(c)
	if err != nil {
		return err
	}
	v := views.SWMCardFormView{ID: lc.rec.ID, Factions: check.Factions(), Squad: squadParam(c), Entry: e}
	v.Printed, _ = cards.Builtin().Lookup(lc.rec.Name)
	return a.swmStoreCard(c, v)
}
