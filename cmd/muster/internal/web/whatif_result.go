package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/roster"
	"muster/views"
)

// whatifResult is a played what-if's page: the form again, and the changes ranked. One not
// yet played goes to its progress page; another owner's is not found.
func (a *app) whatifResult(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindWhatIf)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	var req jobs.WhatIfRequest
	var res jobs.WhatIfResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return fmt.Errorf("what-if %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Report == nil {
		return fmt.Errorf("what-if %s: its result does not read: %v", m.ID, err)
	}
	army, err := roster.Read(req.Army)
	if err != nil {
		return fmt.Errorf("what-if %s: %w", m.ID, err)
	}
	me, them := 0, 1
	if req.Side == "b" {
		me, them = 1, 0
	}
	v := views.WhatIfView{SimID: req.Sim, Side: req.Side, Army: req.Names[me], Opponent: req.Names[them], Scenario: fileScenarioName(req.Scenario, req.ScenarioFile),
		Battles: strconv.Itoa(req.Battles), Variants: strconv.Itoa(req.Variants)}
	if v.Opponent == "" {
		v.Opponent = v.Army // the same army on both sides
	}
	for i, n := range req.Names {
		if n != "" {
			v.Sides = append(v.Sides, views.Choice{Value: []string{"a", "b"}[i], Label: n})
		}
	}
	v.Played = whatifView(req, res, army)
	return render(c, http.StatusOK, views.WhatIfPage(page(c, "What to change in "+v.Army, "sim"), v))
}
