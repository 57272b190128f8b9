package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/rules/battle/design"
	"muster/views"
)

// saveScenario saves the designer's form as the next version of one of the asker's
// scenarios: the file built from the rows (the stored file's fields the form does not show
// kept), when the engine can play it; else the form again as typed, each refusal beside its
// field (422). A form drawn from an older version than the latest (another tab saved since)
// is refused too, the form as typed (409): saving it would silently undo that save.
func (a *app) saveScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	values, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	f := design.Read(values)
	title := "Scenario: " + rec.Name
	base, bad, ok := formBase(c, "scenario", rec.Version)
	if !ok {
		v := designView(rec, &f, design.Errors{"": capitalize(bad)})
		return render(c, http.StatusConflict, views.ScenarioDesignPage(page(c, title, "sim"), v))
	}
	if list := values.Get("add"); list != "" {
		// "Add" without the page's script: the form again with a new row, nothing saved,
		// still drawn from the version it was.
		v := designView(rec, &f, nil)
		v.Form, v.Version = f.Add(list), base
		return render(c, http.StatusOK, views.ScenarioDesignPage(page(c, title, "sim"), v))
	}
	errs := design.Errors{}
	for k, msg := range (form.ScenarioDesign{Name: f.Name, ID: f.ID, Description: f.Description, Source: f.Source,
		Victory: f.VictoryText, Orders: [2]string{f.Sides[0].Orders, f.Sides[1].Orders}}).Check() {
		errs[k] = msg
	}
	var file []byte
	if len(errs) == 0 {
		stored, _ := design.Parse(rec.Body) // nil when the stored file no longer reads: a fresh file
		file, errs = f.Build(stored)
	}
	if len(errs) > 0 {
		v := designView(rec, &f, errs)
		v.Version = base
		return render(c, http.StatusUnprocessableEntity, views.ScenarioDesignPage(page(c, title, "sim"), v))
	}
	_, err = a.store.SaveScenario(c.Request().Context(), ownerID(c), rec.ID, base, f.Name, file, "saved in the designer")
	if msg := staleForm(err, "scenario"); msg != "" {
		// The form as typed, now drawn from the latest version: saving it again, over the
		// other tab's save, is the player's choice, made knowing.
		if rec, err = a.ownScenario(c); err != nil {
			return err
		}
		v := designView(rec, &f, design.Errors{"": capitalize(msg)})
		v.Stale = true
		return render(c, http.StatusConflict, views.ScenarioDesignPage(page(c, title, "sim"), v))
	}
	if errors.Is(err, db.ErrNotFound) {
		return errNoScenario
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios/"+rec.ID+"?saved=1")
}
