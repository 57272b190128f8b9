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

// saveScenario saves the designer's form over one of the asker's scenarios: the file built
// from the rows (the stored file's fields the form does not show kept), when the engine
// can play it; else the form again as typed, each refusal beside its field (422).
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
	if list := values.Get("add"); list != "" {
		// "Add" without the page's script: the form again with a new row, nothing saved.
		v := designView(rec, &f, nil)
		v.Form = f.Add(list)
		return render(c, http.StatusOK, views.ScenarioDesignPage(page(c, "Scenario: "+rec.Name, "sim"), v))
	}
	errs := design.Errors{}
	for k, msg := range (form.ScenarioDesign{Name: f.Name, ID: f.ID, Description: f.Description, Source: f.Source,
		Victory: f.VictoryText, Orders: [2]string{f.Sides[0].Orders, f.Sides[1].Orders}}).Check() {
		errs[k] = msg
	}
	var file []byte
	if len(errs) == 0 {
		base, _ := design.Parse(rec.Body) // nil when the stored file no longer reads: a fresh file
		file, errs = f.Build(base)
	}
	if len(errs) > 0 {
		v := designView(rec, &f, errs)
		return render(c, http.StatusUnprocessableEntity, views.ScenarioDesignPage(page(c, "Scenario: "+rec.Name, "sim"), v))
	}
	_, err = a.store.SaveScenario(c.Request().Context(), ownerID(c), rec.ID, f.Name, file)
	if errors.Is(err, db.ErrNotFound) {
		return errNoScenario
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios/"+rec.ID+"?saved=1")
}
