package web

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/views"
)

// fairResult is a played fairness test: the answer and its curve, and the form as sent.
func (a *app) fairResult(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindFair)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	var req jobs.FairRequest
	var res jobs.FairResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return fmt.Errorf("fairness test %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Report == nil {
		return fmt.Errorf("fairness test %s: its result does not read: %v", m.ID, err)
	}
	res.Report.SetExtra(res.Extra)
	v := fairView(req.Scenario, fairRequestForm(req))
	v.Answer = fairAnswer(res.Report, m.ID)
	v.Game = req.Game
	return render(c, http.StatusOK, views.FairPage(page(c, "Is this fair?", "sim"), v))
}
