package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules/swm"
	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/rules/swm/engine"
	"muster/views"
)

// The quick-resolve of two d20 squads (rules/swm/engine): GET /swm/quick-resolve is the
// form over the asker's own squads (with ?a= and ?b=, their checks too); POST queues the
// battles as a job in the matchups' queue (issue 29) and goes to its progress page; the
// result is shown at /swm/quick-resolve/:job, the form filled in again. The same seed plays
// the same battles, as `muster swm sim` does.
const swmMaxBattles = 100

func (a *app) swmRoutes(e *echo.Echo) {
	e.GET("/swm/quick-resolve", a.swmQuickResolve)
	e.POST("/swm/quick-resolve", a.swmQuickResolveRun)
	e.GET("/swm/quick-resolve/:job", a.swmQuickResolveResult)
}

// swmView is the form as asked (query or form values), with the asker's squads.
func (a *app) swmView(c *echo.Context, get func(string) string) (views.SWMBattleView, error) {
	v := views.SWMBattleView{A: get("a"), B: get("b"), Scenario: get("scenario"), Battles: get("battles"), Seed: get("seed"),
		Scenarios: engine.Scenarios(), MaxBattle: swmMaxBattles}
	if v.Scenario == "" {
		v.Scenario = "open"
	}
	if v.Battles == "" {
		v.Battles = "20"
	}
	if v.Seed == "" {
		v.Seed = "1"
	}
	list, err := a.store.List(c.Request().Context(), ownerID(c))
	if err != nil {
		return v, err
	}
	for _, r := range list {
		if r.System == swm.ID {
			v.Squads = append(v.Squads, views.SystemChoice{ID: r.ID, Title: r.Name})
		}
	}
	return v, nil
}

// swmChecked checks the form and the two squads: the request to queue, or the view saying
// what to fix (ok false).
func (a *app) swmChecked(c *echo.Context, v *views.SWMBattleView) (jobs.SWMRequest, bool, error) {
	// Not yours reads as not found, as everywhere.
	fa, _, errA := a.fieldSquadFile(c, v.A)
	fb, _, errB := a.fieldSquadFile(c, v.B)
	for _, err := range []error{errA, errB} {
		if errors.Is(err, errNoArmy) {
			return jobs.SWMRequest{}, false, err
		}
	}
	n, err1 := boundedInt("Battles", v.Battles, 1, swmMaxBattles)
	seed, err2 := strconv.ParseUint(strings.TrimSpace(v.Seed), 10, 64)
	if err2 != nil {
		// Any seed muster swm sim takes: the page replays the command line's battles.
		err2 = fmt.Errorf("%s: write a whole number from 0 to %d, not %q", "Seed", uint64(math.MaxUint64), v.Seed)
	}
	if !slices.Contains(engine.Scenarios(), v.Scenario) {
		err1 = fmt.Errorf("%s: choose one of %s", "Map", strings.Join(engine.Scenarios(), ", "))
	}
	if err := firstErr(err1, err2); err != nil {
		v.Error = err.Error()
		return jobs.SWMRequest{}, false, nil
	}
	var inc *engine.IncompleteError
	var broken *engine.RulesError
	for i, err := range []error{errA, errB} {
		switch {
		case errors.As(err, &broken):
			// The command line refuses such a squad too (muster swm sim); the same squad on
			// both sides is listed once.
			if i == 0 || v.A != v.B {
				v.Broken = append(v.Broken, views.SWMBrokenSquad{ID: []string{v.A, v.B}[i], Name: broken.Squad, Errors: broken.Errors})
			}
		case errors.As(err, &inc):
			for _, m := range inc.Missing {
				// A squad played against itself lacks the same values once, not twice.
				if line := inc.Squad + ": " + m; !slices.Contains(v.Missing, line) {
					v.Missing = append(v.Missing, line)
				}
			}
		case err != nil:
			v.Error = err.Error()
		}
	}
	if v.Error != "" || len(v.Missing) > 0 || len(v.Broken) > 0 {
		return jobs.SWMRequest{}, false, nil
	}
	return jobs.SWMRequest{Squads: [2][]byte{fa, fb}, IDs: [2]string{v.A, v.B}, Scenario: v.Scenario, Battles: n, Seed: seed}, true, nil
}

func (a *app) swmQuickResolve(c *echo.Context) error {
	v, err := a.swmView(c, c.QueryParam)
	if err != nil {
		return err
	}
	p := page(c, "Quick-resolve d20 squads", "sim")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Quick-resolve cancelled: nothing was saved. Your picks are below, to play again."
	}
	if v.A != "" || v.B != "" {
		// The squads chosen are checked as the form opens: what they lack is said before
		// any battle is queued.
		if _, _, err := a.swmChecked(c, &v); err != nil {
			return err
		}
	}
	return render(c, http.StatusOK, views.SWMBattle(p, v))
}

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

// swmQuickResolveResult is a played d20 quick-resolve: the form as it was asked, and who
// wins.
func (a *app) swmQuickResolveResult(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindSWM)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	var req jobs.SWMRequest
	var res jobs.SWMResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return fmt.Errorf("quick-resolve %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Summary == nil {
		return fmt.Errorf("quick-resolve %s: its result does not read: %v", m.ID, err)
	}
	asked := url.Values{"a": {req.IDs[0]}, "b": {req.IDs[1]}, "scenario": {req.Scenario}, "battles": {strconv.Itoa(req.Battles)},
		"seed": {strconv.FormatUint(req.Seed, 10)}}
	v, err := a.swmView(c, asked.Get)
	if err != nil {
		return err
	}
	v.Result, v.AName, v.BName, v.SidesNote, v.Log = res.Summary, res.Names[0], res.Names[1], res.SidesNote, res.Log
	if v.AName == v.BName {
		v.BName += " (second)"
	}
	return render(c, http.StatusOK, views.SWMBattle(page(c, "Quick-resolve d20 squads", "sim"), v))
}

// fieldSquadFile is fieldSquad's squad file and checks: the file as saved, and the error
// that keeps it from the field.
func (a *app) fieldSquadFile(c *echo.Context, id string) ([]byte, string, error) {
	_, _, name, err := a.fieldSquad(c, id)
	if err != nil {
		return nil, name, err
	}
	_, file, err := a.store.Get(c.Request().Context(), ownerID(c), id)
	return file, name, err
}

// fieldSquad reads one of the asker's d20 squads, costs and checks it, and fields it; a
// squad that breaks the squad-building rules is an *engine.RulesError, one whose cards lack
// values an *engine.IncompleteError naming them.
func (a *app) fieldSquad(c *echo.Context, id string) (engine.Squad, *check.Costed, string, error) {
	if !validID(id) {
		return engine.Squad{}, nil, "", errNoArmy
	}
	rec, file, err := a.store.Get(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return engine.Squad{}, nil, "", errNoArmy
	}
	if err != nil {
		return engine.Squad{}, nil, "", err
	}
	if rec.System != swm.ID {
		return engine.Squad{}, nil, rec.Name, errors.New(rec.Name + " is not a d20 squad: the quick-resolve plays Star Wars Miniatures (d20) squads; Matchups plays SWMB armies")
	}
	sq, err := army.Read(file)
	if err != nil {
		return engine.Squad{}, nil, rec.Name, errors.New(rec.Name + ": the squad file does not read: " + err.Error())
	}
	costed, err := check.Evaluate(sq)
	if err != nil {
		return engine.Squad{}, nil, rec.Name, errors.New(rec.Name + ": " + err.Error())
	}
	s, err := engine.FromCosted(costed)
	return s, costed, sq.Name, err
}
