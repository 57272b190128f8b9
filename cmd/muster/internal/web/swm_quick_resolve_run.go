package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/swm/engine"
	"muster/views"
)

// swmQuickResolveRun queues the battles, or says what to fix.
func (a *app) swmQuickResolveRun(c *echo.Context) error {
	v, err := a.swmView(c, c.FormValue)
	if err != nil {
		return err
	}
	p := page(c, "Quick-resolve d20 squads", "sim")
	req, ok, err := a.swmChecked(c, &v)
	if err != nil {
		return err
	}
	if !ok {
		return render(c, http.StatusUnprocessableEntity, views.SWMBattle(p, v))
	}
	if a.jobs == nil {
		v.Error = "This server queues no battles: the quick-resolve needs the job queue."
		return render(c, http.StatusServiceUnavailable, views.SWMBattle(p, v))
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	m, err := a.jobs.SubmitSWM(a.askCtx(c), owner, fmt.Sprintf("%d battles of two d20 squads on %s", req.Battles, engine.ScenarioTitle(req.Scenario)), req)
	if msg := queueRefusal(err); msg != "" {
		v.Error = msg
		return render(c, queueStatus(err), views.SWMBattle(p, v))
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}
