package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/swm/cards"
	"muster/views"
)

// swmConfirmDeleteCard asks before deleting: the squads using the card lose its values.
func (a *app) swmConfirmDeleteCard(c *echo.Context) error {
	lc, err := a.ownCard(c)
	if err != nil {
		return err
	}
	_, pack := cards.Builtin().Lookup(lc.rec.Name)
	return render(c, http.StatusOK, views.SWMCardDelete(page(c, "Delete "+lc.rec.Name, "armies"), lc.rec.ID, lc.rec.Name, pack))
}
