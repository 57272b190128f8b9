package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/views"
)

// swmEditCard is the form of one of the asker's cards.
func (a *app) swmEditCard(c *echo.Context) error {
	lc, err := a.ownCard(c)
	if err != nil {
		return err
	}
	if lc.err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "This card no longer reads: "+lc.err.Error()+". Delete it, or import it again from a file.")
	}
	v := views.SWMCardFormView{ID: lc.rec.ID, Factions: check.Factions(), Squad: squadParam(c), Entry: cards.EntryOf(&lc.card)}
	v.Printed, _ = cards.Builtin().Lookup(lc.card.Name)
	if c.QueryParam("saved") != "" {
		v.Saved = true
		cat, _, err := cards.Builtin().Extend([]cards.Card{lc.card})
		if err == nil {
			if full, ok := cat.Lookup(lc.card.Name); ok {
				v.Blanks = full.Blanks()
			}
		}
	}
	return render(c, http.StatusOK, views.SWMCardForm(page(c, "Card: "+lc.rec.Name, "armies"), v))
}
