package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules/battle/muster"
	"muster/views"
)

func (a *app) runOptimize(c *echo.Context) error {
	st, err := a.loadOptimize(c)
	if err != nil {
		return err
	}
	v := st.view
	title := "What should " + st.army.Name + " bring?"
	refuse := optimizeRefusal(c, &v, title, "armies")
	offered := make([]optimizeOffer, len(st.others))
	for k, r := range st.others {
		offered[k] = optimizeOffer{id: r.ID, name: r.Name}
	}
	ask, status, msg := readOptimizeAsk(c, &v, offered, "Against: there is no such army here; tick among those listed.", "army", "armies")
	if msg != "" {
		return refuse(status, msg)
	}
	chosen := make([]db.Army, len(ask.chosen))
	for k, i := range ask.chosen {
		chosen[k] = st.others[i]
	}
	weights, n, budget, seed := ask.weights, ask.battles, ask.budget, ask.seed
	field, file, err := a.matchupScenario(c, v.Scenario)
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error())
	}
	// The army must pass the checks: said here in words, rather than failed by the worker.
	if msg := notLegalYet(a.evaluate(st.army).Problems); msg != "" {
		return refuse(http.StatusUnprocessableEntity, msg)
	}
	req := jobs.OptimizeRequest{ArmyID: st.id, Version: st.version, Name: st.army.Name, Army: st.file, Scenario: v.Scenario, ScenarioFile: file,
		Seed: seed, Battles: n, Budget: budget}
	ctx := c.Request().Context()
	for k, r := range chosen {
		_, file, army, err := a.headFile(ctx, ownerID(c), r.ID)
		if errors.Is(err, errNoArmy) {
			return refuse(http.StatusBadRequest, "Against: there is no such army here; tick among those listed.")
		}
		if err != nil {
			return err
		}
		if _, err := muster.NewForce(a.catalogFor(army), army); err != nil {
			return refuse(http.StatusBadRequest, fmt.Sprintf("Against: %s cannot take the field: %v", army.Name, err))
		}
		req.Opponents = append(req.Opponents, jobs.OptOpponent{ID: r.ID, Name: army.Name, Version: r.Version, File: file, Weight: weights[k]})
	}
	if a.jobs == nil {
		return refuse(http.StatusServiceUnavailable, "This server queues no battles: a search needs the job queue.")
	}
	m, err := a.jobs.SubmitOptimize(a.askCtx(c), ownerID(c), fmt.Sprintf("%s against %d armies on %s", title, len(chosen), field.Scenario.Name), req)
	if msg := queueRefusal(err); msg != "" {
		return refuse(queueStatus(err), msg)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}

// optimizeRefusal renders the search's form again, with the fields as the player sent them
// (v, filled as the handler reads them), saying msg: nothing is searched.
func optimizeRefusal(c *echo.Context, v *views.OptimizeView, title, nav string) func(status int, msg string) error {
	return func(status int, msg string) error {
		v.Error = msg
		return render(c, status, views.OptimizePage(page(c, title, nav), *v))
	}
}
