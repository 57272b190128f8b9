package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/roster"
)

// saveArmy stores the posted form as a new version, after applying the button pressed:
// save, add a unit, duplicate, remove or move one.
func (a *app) saveArmy(c *echo.Context) error {
	rec, stored, err := a.loadArmy(c)
	if err != nil {
		return err
	}
	form, err := formArmy(c)
	if err != nil {
		var fe *formError
		if !errors.As(err, &fe) {
			return err
		}
		return a.refuseArmyForm(c, rec, stored, form, http.StatusUnprocessableEntity, fe.words(form))
	}
	base, bad, ok := formBase(c, "army", rec.Version)
	if !ok {
		return a.refuseArmyForm(c, rec, stored, form, http.StatusConflict, bad)
	}
	freeHand := c.FormValue("freehand") == "on"
	if err := roster.CheckBounds(merge(stored, form, freeHand)); err != nil {
		return a.refuseArmyForm(c, rec, stored, form, http.StatusUnprocessableEntity, boundsWords(err))
	}
	army := merge(stored, form, freeHand)
	note, focus, err := applyAction(a.catalogFor(army), army, c.FormValue("action"), c.FormValue("add"))
	if err != nil {
		// A button that names no unit, or nothing to add: the form as typed, with why.
		typed, _ := formArmy(c)
		return a.refuseArmyForm(c, rec, stored, typed, http.StatusBadRequest, err.Error())
	}
	if err := roster.CheckBounds(army); err != nil {
		// The button pressed went past a bound (a 201st unit): the form as typed, before it.
		typed, _ := formArmy(c)
		return a.refuseArmyForm(c, rec, stored, typed, http.StatusUnprocessableEntity, boundsWords(err))
	}
	if _, _, err := a.save(c, rec.ID, base, army, note); err != nil {
		if msg := staleForm(err, "army"); msg != "" {
			// The form as typed, on the latest version: saving it again is the player's choice.
			typed, _ := formArmy(c)
			if rec, stored, err = a.loadArmy(c); err != nil {
				return err
			}
			return a.refuseArmyForm(c, rec, stored, typed, http.StatusConflict, msg)
		}
		return err
	}
	if err := a.drafts.discard(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		a.log.Warn("editor: saved draft not forgotten", "army", rec.ID, "err", err)
	}
	return editorDone(c, "/armies/"+rec.ID+"/edit?saved=1", focus)
}
