package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/views"
)

// startSim checks the form, builds both armies' forces and starts the run.
func (a *app) startSim(c *echo.Context) error {
	f := views.SimForm{A: c.FormValue("a"), B: c.FormValue("b"), Scenario: c.FormValue("scenario"), Seed: c.FormValue("seed"),
		Battles: c.FormValue("battles"), Errors: map[string]string{}}
	n, msg := form.Count("Battles", f.Battles, 1, simMaxBattles)
	if msg != "" {
		f.Errors["battles"] = msg
	}
	// Each field says its own fix; Battles has said its already, and the scenario's name is
	// looked up below.
	req := form.Matchup{A: f.A, B: f.B, Seed: f.Seed}
	for k, msg := range req.Check() {
		f.Errors[k] = msg
	}
	if f.Errors["armies"] == "" && (!validID(req.A) || !validID(req.B)) {
		f.Errors["armies"] = "There is no such army: choose two of your saved armies."
	}
	field, scenarioFile, err := a.matchupScenario(c, f.Scenario)
	if err != nil {
		f.Errors["scenario"] = "Scenario: " + err.Error()
	}
	var seed uint64
	if f.Seed == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if seed, err = strconv.ParseUint(f.Seed, 10, 64); err != nil {
		f.Errors["seed"] = form.SeedMessage
	}
	if len(f.Errors) > 0 {
		return a.renderSimForm(c, http.StatusBadRequest, f)
	}
	ctx := c.Request().Context()
	var forces [2]*battle.Force
	var versions [2]int
	var files [2][]byte
	for i, id := range []string{f.A, f.B} {
		rec, file, army, err := a.headFile(ctx, ownerID(c), id)
		if errors.Is(err, errNoArmy) || errors.Is(err, db.ErrNotFound) {
			f.Errors["armies"] = "There is no such army: choose two of your saved armies."
			return a.renderSimForm(c, http.StatusBadRequest, f)
		}
		if err != nil {
			return err
		}
		force, err := muster.NewForce(a.catalogFor(army), army)
		if err != nil {
			f.Errors["armies"] = fmt.Sprintf("%s cannot take the field: %v", rec.Name, err)
			return a.renderSimForm(c, http.StatusBadRequest, f)
		}
		forces[i], versions[i], files[i] = force, rec.Version, file
	}
	owner := ownerID(c)
	ids := [2]string{f.A, f.B}
	asked := db.Sim{Owner: owner, ArmyA: ids[0], VersionA: versions[0], ArmyB: ids[1], VersionB: versions[1],
		Scenario: f.Scenario, Battles: n, Seed: strconv.FormatUint(seed, 10), ScenarioFile: scenarioFile}
	// A player's own scenario travels in the request as its file: the worker needs no
	// lookup, and the matchup plays the field as it was asked for whatever is saved later.
	scenario := f.Scenario
	if scenarioFile != nil {
		scenario = field.Scenario.ID
	}
	run, err := a.startRun(a.askCtx(c), owner, field, forces, jobs.MatchupRequest{Scenario: scenario, ScenarioFile: scenarioFile, Seed: seed, SeedTyped: f.Seed != "",
		Battles: n, Armies: files, Ask: asked, ResultBase: "/sims/"})
	if errors.Is(err, db.ErrBusy) {
		f.Errors["armies"] = "You have a matchup being played already: wait for it to finish, or cancel it, before starting another."
		return a.renderSimForm(c, http.StatusConflict, f)
	}
	if msg := queueRefusal(err); msg != "" {
		f.Errors["battles"] = msg
		return a.renderSimForm(c, queueStatus(err), f)
	}
	if err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+run.ID)
}
