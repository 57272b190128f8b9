package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

// importScenario saves an uploaded (or pasted) scenario file as a new scenario of the
// asker's, byte for byte, when the engine can play it; else the page says why, naming the
// field and the place.
func (a *app) importScenario(c *echo.Context) error {
	data, err := readScenarioUpload(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The file could not be read: "+err.Error())
	}
	msg := ""
	if errs := (form.ScenarioUpload{Data: data}).Check(); len(errs) > 0 {
		msg = errs["file"]
	}
	if msg == "" {
		rec, refusal, err := a.storeNewScenario(c, data, "imported")
		if err != nil {
			return err
		}
		if refusal == "" {
			return c.Redirect(http.StatusSeeOther, "/scenarios/"+rec.ID)
		}
		msg = refusal
	}
	v, err := a.scenariosView(c)
	if err != nil {
		return err
	}
	v.Error = "The scenario was not imported. " + msg
	if len(data) <= 64<<10 {
		v.Import = string(data)
	}
	return render(c, http.StatusUnprocessableEntity, views.ScenariosPage(page(c, "Your scenarios", "sim"), v))
}
