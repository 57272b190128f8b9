package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/views"
)

// swmCreateCard saves a new card from the form (a pack card's blanks, or a new card).
func (a *app) swmCreateCard(c *echo.Context) error {
	e, err := entryFromForm(c)
	if err != nil {
		return err
	}
	v := views.SWMCardFormView{Factions: check.Factions(), Squad: squadParam(c), Entry: e}
	if name := c.FormValue("pack"); name != "" {
		printed, ok := cards.Builtin().Lookup(name)
		if !ok {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, "The Battle of Hoth pack has no card named "+strconv.Quote(name)+".")
		}
		v.Printed = printed
		// The form of a card already in the library (a second tab) saves over it.
		if rec, err := a.store.SWMCardByName(c.Request().Context(), ownerID(c), cards.Normalize(printed.Name)); err == nil {
			v.ID = rec.ID
		}
	}
	return a.swmStoreCard(c, v)
}
