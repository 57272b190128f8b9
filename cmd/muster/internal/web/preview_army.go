package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

// previewArmy costs the posted form without saving it and answers the breakdown partial.
func (a *app) previewArmy(c *echo.Context) error {
	id := c.Param("id")
	if !validID(id) {
		return errNoArmy
	}
	rec, stored, err := a.headShared(c.Request().Context(), ownerID(c), id)
	if err != nil {
		return err
	}
	form, err := formArmy(c)
	var fe *formError
	if err != nil && (!errors.As(err, &fe) || form == nil) {
		return err
	}
	// The form as typed is the owner's draft, a refused field and all (the draft is the
	// form, not a valid army): leaving the page or reloading it loses nothing. Written
	// behind the answer, every player's of the last second together (drafts.go).
	a.drafts.save(ownerID(c), rec.ID, rec.Version, draftForm(c))
	army := typedArmy(stored, form, c.FormValue("freehand") == "on")
	v := views.ArmyView{ID: rec.ID, Army: army, Result: a.evaluate(army), Catalog: a.catalogFor(army), Draft: true}
	if fe != nil {
		refusedPreview(c, &v, fe)
		return render(c, http.StatusOK, views.Preview(v))
	}
	return renderPreview(c, v)
}
