package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/views"
)

func (a *app) qrsSimRun(c *echo.Context) error {
	form, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	f := qrsNewFormFrom(form)
	v := qrsSimPageFrom(form)
	played, problem := a.qrsWithSaved(c, f)
	refusedStatus := http.StatusUnprocessableEntity
	var req jobs.QRSRequest
	if problem == "" {
		req, problem = qrsRequest(played, v)
	}
	if problem == "" && a.jobs == nil {
		problem = "This server queues no games: the quick-resolve needs the job queue."
	}
	if problem == "" {
		owner, err := a.ensureOwner(c)
		if err != nil {
			return err
		}
		// The form as sent, but for the CSRF token, to show it again with the result; a
		// seed drawn for an empty field is shown as the one played.
		req.Form = map[string][]string{}
		for k, vals := range form {
			if k != "_csrf" {
				req.Form[k] = vals
			}
		}
		req.Form["seed"] = []string{strconv.FormatUint(req.Seed, 10)}
		title := fmt.Sprintf("%d skirmish games of %s", req.Battles, req.Config.Players.Name)
		if req.Fight != nil {
			title = fmt.Sprintf("%d skirmish firefights, %s against %s", req.Battles, req.Fight.A.Group.Name, req.Fight.B.Group.Name)
		}
		m, err := a.jobs.SubmitQRS(a.askCtx(c), owner, title, req)
		if err == nil {
			return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
		}
		if problem = queueRefusal(err); problem == "" {
			return err
		}
		refusedStatus = queueStatus(err)
	}
	v.Setup = qrsSetupList(f, problem)
	if v.Setup.Armies, err = a.qrsSavedArmies(c); err != nil {
		return err
	}
	return render(c, refusedStatus, views.QRSSim(page(c, "Skirmish quick-resolve", "qrs"), v))
}
