package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/views"
)

// fairResult is a played fairness test: the answer and its curve, and the form as sent.
func (a *app) fairResult(c *echo.Context) error {
	m, req, res, done, err := playedJob[jobs.FairRequest, jobs.FairResult](a, c, db.KindFair, "fairness test")
	if !done {
		return err
	}
	if res.Report == nil {
		return fmt.Errorf("fairness test %s: its result holds no report", m.ID)
	}
	res.Report.SetExtra(res.Extra)
	v, err := a.fairView(c, req.Scenario, fairRequestForm(req))
	if err != nil {
		return err
	}
	v.Answer = fairAnswer(res.Report, m.ID)
	v.Game = req.Game
	return render(c, http.StatusOK, views.FairPage(page(c, "Is this fair?", "sim"), v))
}
