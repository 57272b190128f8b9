package web

import (
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
	_, req, res, done, err := playedJob[jobs.QRSRequest, jobs.QRSResult](a, c, db.KindQRS, "quick-resolve")
	if !done {
		return err
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
