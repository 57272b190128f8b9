package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/rules/battle"
	"muster/rules/battle/design"
	"muster/views"
	"muster/views/replay"
)

// scenarioVersion shows one saved version of one of the asker's scenarios, read-only: its
// table and facts, its download, its restore. A version whose file no longer reads (the
// format changed since) says so, and can still be downloaded or restored.
func (a *app) scenarioVersion(c *echo.Context) error {
	rec, ver, err := a.ownScenarioVersion(c)
	if err != nil {
		return err
	}
	v := views.ScenarioVersionView{ID: rec.ID, Latest: rec.Version, Version: scenarioVersionRow(ver), Current: rec.Name}
	if sc, err := design.Parse(ver.Body); err != nil {
		v.Problem = "This version's file no longer reads (" + err.Error() + "): it can still be downloaded, or restored and corrected in the designer."
	} else {
		ro := readOnlyScenario(sc)
		v.Scenario = &ro
	}
	return render(c, http.StatusOK, views.ScenarioVersionPage(page(c, ver.Name+": version "+strconv.Itoa(ver.Number), "sim"), v))
}

// readOnlyScenario is a scenario as its read-only pages show it (a share link, a saved
// version): its table drawn, its facts in words.
func readOnlyScenario(sc *battle.Scenario) views.SharedScenarioView {
	v := views.SharedScenarioView{Name: sc.Name, Description: sc.Description, Victory: sc.Victory.Text,
		Map: replay.Designer(sc, "The table of "+sc.Name), Width: strconv.FormatFloat(sc.Width, 'f', -1, 64),
		Height: strconv.FormatFloat(sc.Height, 'f', -1, 64), Turns: strconv.Itoa(sc.Turns)}
	for i, sd := range sc.Sides {
		v.Sides[i] = views.SharedSide{Name: sd.Name, Edge: sd.Edge, Orders: sd.Orders, Hidden: sd.Hidden}
	}
	return v
}
