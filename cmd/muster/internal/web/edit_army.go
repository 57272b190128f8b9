package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) editArmy(c *echo.Context) error {
	rec, army, err := a.loadArmyShared(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, _, err := a.armyView(ctx, rec, army)
	if err != nil {
		return err
	}
	p := page(c, "Edit "+army.Name, "armies")
	draft, hasDraft, err := a.draftOf(c, rec)
	if err != nil {
		return err
	}
	if hasDraft && c.QueryParam("draft") == "resume" {
		// The editor opens on the unsaved form, marked not saved; Save keeps it.
		resumed, refused, err := a.resumeDraft(rec, army, draft)
		if err != nil {
			return err
		}
		v.Army, v.Result, v.Catalog, v.Draft = resumed, a.evaluate(resumed), a.catalogFor(resumed), true
		p.Flash = "Resumed your unsaved changes from " + draft.Updated.Format("2 Jan 2006 15:04") + ": save to keep them."
		v.Refused, v.Result = refused.onResume(v.Result)
		return render(c, http.StatusOK, views.Editor(p, v))
	}
	if hasDraft {
		v.Unsaved = unsavedView(rec, draft)
	}
	switch {
	case c.QueryParam("discarded") != "":
		p.Flash = "Unsaved changes discarded."
	case c.QueryParam("saved") != "":
		p.Flash = "Saved as version " + strconv.Itoa(rec.Version) + "."
	case c.QueryParam("undone") != "":
		p.Flash = "Undone: " + changeWords(c.QueryParam("undone")) + "; back to version " + strconv.Itoa(rec.Version) + "."
	case c.QueryParam("redone") != "":
		p.Flash = "Redone: " + changeWords(c.QueryParam("redone")) + "; version " + strconv.Itoa(rec.Version) + "."
	}
	return render(c, http.StatusOK, views.Editor(p, v))
}
