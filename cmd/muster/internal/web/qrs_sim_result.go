package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/views"
)

// qrsSimResult is a played skirmish quick-resolve's page: the form as it was sent, and the
// odds.
func (a *app) qrsSimResult(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindQRS)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	var req jobs.QRSRequest
	var res jobs.QRSResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return fmt.Errorf("quick-resolve %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil {
		return fmt.Errorf("quick-resolve %s: its result does not read: %w", m.ID, err)
	}
	form := url.Values(req.Form)
	v := qrsSimPageFrom(form)
	v.Setup = qrsSetupList(qrsNewFormFrom(form), "")
	if v.Setup.Armies, err = a.qrsSavedArmies(c); err != nil {
		return err
	}
	if res.Fight != nil && req.Fight != nil {
		v.Fight = qrsFightView(req, *res.Fight)
	} else {
		v.Result = qrsResultView(req, res.Summary)
	}
	return render(c, http.StatusOK, views.QRSSim(page(c, "Skirmish quick-resolve", "qrs"), v))
}
