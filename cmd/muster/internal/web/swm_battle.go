package web

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/faults"
	"muster/db"
	"muster/rules/swm"
	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/rules/swm/engine"
	"muster/views"
)

// The quick-resolve of two d20 squads (rules/swm/engine): a GET form over the asker's own
// squads; nothing is saved, and the same seed replays the same battles. The battles are
// played in the request, so their number is capped: a big scenario's battle takes tens of
// milliseconds.
const swmMaxBattles = 50

func (a *app) swmQuickResolve(c *echo.Context) error {
	ctx := c.Request().Context()
	q := c.QueryParams()
	v := views.SWMBattleView{A: q.Get("a"), B: q.Get("b"), Scenario: q.Get("scenario"), Battles: q.Get("battles"), Seed: q.Get("seed"),
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
	list, err := a.store.List(ctx, ownerID(c))
	if err != nil {
		return err
	}
	for _, r := range list {
		if r.System == swm.ID {
			v.Squads = append(v.Squads, views.SystemChoice{ID: r.ID, Title: r.Name})
		}
	}
	p := page(c, "Quick-resolve d20 squads", "sim")
	if v.A == "" && v.B == "" {
		return render(c, http.StatusOK, views.SWMBattle(p, v))
	}
	// Not yours reads as not found, as everywhere.
	sa, ca, aName, errA := a.fieldSquad(c, v.A)
	sb, cb, bName, errB := a.fieldSquad(c, v.B)
	for _, err := range []error{errA, errB} {
		if errors.Is(err, errNoArmy) {
			return err
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
		return render(c, http.StatusOK, views.SWMBattle(p, v))
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
		return render(c, http.StatusOK, views.SWMBattle(p, v))
	}
	v.SidesNote = check.SidesNote(ca, cb)
	sum, err := engine.Simulate(func() *engine.Map { m, _ := engine.Scenario(v.Scenario); return m }, sa, sb, n, seed)
	if faults.Is(err) {
		faults.Log(a.log, "a battle of a d20 quick-resolve failed", err)
		v.Error = faults.Words("these battles", err)
		return render(c, http.StatusInternalServerError, views.SWMBattle(p, v))
	}
	if err != nil {
		v.Error = "The battle could not be played: " + err.Error()
		return render(c, http.StatusOK, views.SWMBattle(p, v))
	}
	v.Result, v.AName, v.BName = sum, aName, bName
	if aName == bName {
		v.BName = bName + " (second)"
	}
	return render(c, http.StatusOK, views.SWMBattle(p, v))
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
