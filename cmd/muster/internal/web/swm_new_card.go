package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/views"
)

// swmNewCard is the form for a pack card's blanks (?pack=NAME) or a new card.
func (a *app) swmNewCard(c *echo.Context) error {
	v := views.SWMCardFormView{Factions: check.Factions(), Squad: squadParam(c), Entry: cards.Entry{Values: map[string]string{}, Numbers: map[string]string{}}}
	if name := c.QueryParam("pack"); name != "" {
		printed, ok := cards.Builtin().Lookup(name)
		if !ok {
			return echo.NewHTTPError(http.StatusNotFound, "The Battle of Hoth pack has no card named "+strconv.Quote(name)+".")
		}
		// A card the library has already is changed, not added twice.
		if rec, err := a.store.SWMCardByName(c.Request().Context(), ownerID(c), cards.Normalize(printed.Name)); err == nil {
			return c.Redirect(http.StatusSeeOther, cardURL(rec.ID, v.Squad, false))
		} else if !errors.Is(err, db.ErrNotFound) {
			return err
		}
		v.Printed = printed
		v.Entry = cards.EntryOf(printed)
	}
	return render(c, http.StatusOK, views.SWMCardForm(page(c, "Card: "+formTitle(v), "armies"), v))
}
