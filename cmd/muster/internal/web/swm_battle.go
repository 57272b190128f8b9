package web

import (
	"errors"
	"fmt"
	"math"
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
// result is shown at /swm/quick-resolve/:job, the form filled in again, and any of its
// battles step by step on the map at /swm/quick-resolve/:job/replay. The same seed plays
// the same battles, as `muster swm sim` does.
const swmMaxBattles = 100

func (a *app) swmRoutes(e *echo.Echo) {
	e.GET("/swm/quick-resolve", a.swmQuickResolve)
	e.POST("/swm/quick-resolve", a.swmQuickResolveRun)
	e.GET("/swm/quick-resolve/:job", a.swmQuickResolveResult)
	e.GET("/swm/quick-resolve/:job/replay", a.swmQuickResolveReplay)
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

// fieldSquadFile is fieldSquad's squad file and checks: the file as saved with the asker's
// card library folded in (swmPlayFile: the worker reads the file alone), and the error
// that keeps it from the field.
func (a *app) fieldSquadFile(c *echo.Context, id string) ([]byte, string, error) {
	_, _, name, err := a.fieldSquad(c, id)
	if err != nil {
		return nil, name, err
	}
	_, file, err := a.store.Get(c.Request().Context(), ownerID(c), id)
	if err != nil {
		return nil, name, err
	}
	file, err = a.swmPlayFile(c, file)
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
	if sq.Library, err = a.swmLibrary(c.Request().Context(), ownerID(c)); err != nil {
		return engine.Squad{}, nil, rec.Name, err
	}
	costed, err := check.Evaluate(sq)
	if err != nil {
		return engine.Squad{}, nil, rec.Name, errors.New(rec.Name + ": " + err.Error())
	}
	s, err := engine.FromCosted(costed)
	return s, costed, sq.Name, err
}
