package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/roster"
	"muster/views"
)

func (a *app) importArmy(c *echo.Context) error {
	data, err := readUpload(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The file could not be read: "+err.Error())
	}
	if handled, err := a.importOther(c, data); handled {
		return err
	}
	army, err := roster.Read(data)
	if err != nil {
		imp := views.ImportForm{Error: "The army file could not be read: " + err.Error(), Book: a.bookChoices(), System: c.FormValue("system")}
		if len(data) <= 64<<10 {
			imp.Text = string(data)
		}
		return render(c, http.StatusUnprocessableEntity, views.NewArmy(page(c, "Import", "new"), systemChoices(), views.NewArmyForm{Side: "rebel"}, imp))
	}
	if err := roster.CheckBounds(army); err != nil {
		// A file that reads but holds more than an army keeps: shown again as pasted.
		imp := views.ImportForm{Error: "The army file was not imported: " + boundsWords(err), Book: a.bookChoices(), System: c.FormValue("system")}
		if len(data) <= 64<<10 {
			imp.Text = string(data)
		}
		return render(c, http.StatusUnprocessableEntity, views.NewArmy(page(c, "Import", "new"), systemChoices(), views.NewArmyForm{Side: "rebel"}, imp))
	}
	rec, _, err := a.save(c, "", db.AnyVersion, army, "imported")
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?imported=1")
}
