package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// scenarioHistory lists the saved versions of one of the asker's scenarios, newest first,
// each to view, download or restore.
func (a *app) scenarioHistory(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	hist, err := a.store.ScenarioHistory(c.Request().Context(), ownerID(c), rec.ID)
	if errors.Is(err, db.ErrNotFound) {
		return errNoScenario // deleted between the two reads
	}
	if err != nil {
		return err
	}
	v := views.ScenarioHistoryView{ID: rec.ID, Name: rec.Name, Latest: rec.Version}
	for _, h := range hist {
		v.Rows = append(v.Rows, scenarioVersionRow(h))
	}
	return render(c, http.StatusOK, views.ScenarioHistoryPage(page(c, "History of "+rec.Name, "sim"), v))
}

func scenarioVersionRow(h db.ScenarioVersion) views.ScenarioVersionRow {
	return views.ScenarioVersionRow{Number: h.Number, Name: h.Name, Note: h.Note, Size: views.SizeWords(h.Size), Saved: h.Saved}
}

// ownScenarioVersion reads the asker's scenario of the :id parameter and its version of
// the :number parameter; another owner's scenario, and a number it has no version of, are
// not found (saying which).
func (a *app) ownScenarioVersion(c *echo.Context) (db.Scenario, db.ScenarioVersion, error) {
	rec, err := a.ownScenario(c)
	if err != nil {
		return db.Scenario{}, db.ScenarioVersion{}, err
	}
	noVersion := echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf(
		"This scenario has no version %q: it has versions 1 to %d (its history lists them).", c.Param("number"), rec.Version))
	n, err := strconv.Atoi(c.Param("number"))
	if err != nil || n < 1 {
		return db.Scenario{}, db.ScenarioVersion{}, noVersion
	}
	v, err := a.store.ScenarioAt(c.Request().Context(), ownerID(c), rec.ID, n)
	if errors.Is(err, db.ErrNotFound) {
		return db.Scenario{}, db.ScenarioVersion{}, noVersion
	}
	return rec, v, err
}
