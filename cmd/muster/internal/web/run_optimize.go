package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/roster"
	"muster/rules/battle/muster"
	"muster/rules/battle/whatif"
	"muster/views"
)

func (a *app) runOptimize(c *echo.Context) error {
	st, err := a.loadOptimize(c)
	if err != nil {
		return err
	}
	v := st.view
	title := "What should " + st.army.Name + " bring?"
	refuse := func(status int, msg string) error {
		v.Error = msg
		return render(c, status, views.OptimizePage(page(c, title, "armies"), v))
	}
	posted, err := c.FormValues()
	if err != nil {
		return refuse(http.StatusBadRequest, "The form could not be read: send it again.")
	}
	// What was typed is read first, so that any refusal below shows it again.
	v.Scenario, v.Battles, v.Budget, v.Seed = c.FormValue("scenario"), c.FormValue("battles"), c.FormValue("budget"), c.FormValue("seed")
	var chosen []db.Army
	unknown := false
	for _, id := range posted["opponent"] {
		found := false
		for _, r := range st.others {
			if r.ID == id && !v.Chosen[id] {
				chosen, found = append(chosen, r), true
			}
		}
		unknown = unknown || !found
		v.Chosen[id] = true
	}
	weights := make([]float64, len(chosen))
	wmsg := ""
	for k, r := range chosen {
		typed := strings.TrimSpace(c.FormValue("weight-" + r.ID))
		v.Weights[r.ID] = typed
		if typed == "" {
			weights[k] = 1
			continue
		}
		w, err := strconv.ParseFloat(typed, 64)
		if err != nil || !(w >= 0.1 && w <= 100) {
			wmsg = fmt.Sprintf("Weight of %s: write a number from 0.1 to 100 (1 counts it as much as the others).", r.Name)
		}
		weights[k] = w
	}
	n, nmsg := form.Count("Battles a change plays against each", v.Battles, optimizeMinBattles, optimizeMaxBattles)
	budget, bmsg := form.Count("Budget", v.Budget, optimizeMinBudget, optimizeMaxBudget)
	switch {
	case unknown:
		return refuse(http.StatusBadRequest, "Against: there is no such army here; tick among those listed.")
	case len(chosen) == 0:
		return refuse(http.StatusBadRequest, "Against: tick one army or more to play against.")
	case len(chosen) > optimizeMaxOpps:
		return refuse(http.StatusBadRequest, fmt.Sprintf("Against: tick at most %d armies.", optimizeMaxOpps))
	case wmsg != "":
		return refuse(http.StatusBadRequest, wmsg)
	case nmsg != "":
		return refuse(http.StatusBadRequest, nmsg)
	case bmsg != "":
		return refuse(http.StatusBadRequest, bmsg)
	case budget < 4*n*len(chosen):
		return refuse(http.StatusBadRequest, fmt.Sprintf("Budget: %d battles cannot measure the list against %d armies and try one change (%d at least, at %d battles a change); write a larger budget or fewer battles.",
			budget, len(chosen), 4*n*len(chosen), n))
	}
	field, file, err := a.matchupScenario(c, v.Scenario)
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error())
	}
	var seed uint64
	if strings.TrimSpace(v.Seed) == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if seed, err = strconv.ParseUint(strings.TrimSpace(v.Seed), 10, 64); err != nil {
		return refuse(http.StatusBadRequest, "Seed: a whole number from 0 to 18446744073709551615, or empty for a new one.")
	}
	// The army must pass the checks: said here in words, rather than failed by the worker.
	if r := a.evaluate(st.army); roster.HasErrors(r.Problems) {
		for _, p := range r.Problems {
			if p.Severity == roster.Error {
				return refuse(http.StatusUnprocessableEntity, "Nothing to search from yet: "+(&whatif.NotLegalError{Problem: p}).Error()+".")
			}
		}
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
