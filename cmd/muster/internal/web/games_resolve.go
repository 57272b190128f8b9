package web

import (
	"context"
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

// resolveLists plays two of the game's lists against each other with the battle engine: the
// gamemaster's quick-resolve. Each list plays as submitted, or as it stands when it has not
// been submitted. Only the gamemaster's link reaches it, and only this game's lists.
func (a *app) resolveLists(c *echo.Context) error {
	g, player, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	status := http.StatusBadRequest
	var running *views.RunningMatchup
	fail := func(msg string) error {
		v, err := a.gmView(c, g, player, nil)
		if err != nil {
			return err
		}
		v.ResolveError, v.ResolveRunning = msg, running
		v.Resolve = views.ResolveForm{A: c.FormValue("a"), B: c.FormValue("b"), Scenario: c.FormValue("scenario"), Battles: c.FormValue("battles")}
		return render(c, status, views.GMGame(page(c, g.Name, "games"), v))
	}
	n, msg := form.Count("Battles", c.FormValue("battles"), 1, simMaxBattles)
	if msg != "" {
		return fail(msg)
	}
	field, file, err := a.gameScenario(c, g, c.FormValue("scenario"))
	if err != nil {
		return fail("Battlefield: " + err.Error())
	}
	name := field.Scenario.ID
	if file != nil {
		name = c.FormValue("scenario") // the gamemaster's own: the file goes with the request
	}
	ids := [2]string{c.FormValue("a"), c.FormValue("b")}
	if ids[0] == ids[1] {
		return fail("Choose two different lists.")
	}
	var forces [2]*battle.Force
	var versions [2]int
	var files [2][]byte
	for i, id := range ids {
		if !validID(id) {
			return fail("Choose two of this game's lists.")
		}
		l, err := a.store.GameList(ctx, g.ID, id)
		if err != nil {
			return fail("Choose two of this game's lists.")
		}
		version := l.Submitted
		if version == 0 {
			version = l.Army.Version
		}
		army, err := a.listArmy(ctx, l, version)
		if err != nil {
			return err
		}
		force, err := muster.NewForce(a.catalogFor(army), army)
		if err != nil {
			return fail(fmt.Sprintf("%s (%s) cannot take the field: %v", army.Name, l.Player, err))
		}
		v, err := a.store.GameArmyVersion(ctx, g.ID, l.Army.ID, version)
		if err != nil {
			return err
		}
		forces[i], versions[i], files[i] = force, version, v.File
	}
	var b [8]byte
	if _, err := crand.Read(b[:]); err != nil {
		return err
	}
	seed := binary.LittleEndian.Uint64(b[:]) >> 1
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	// A game's matchup belongs to the game: its lists are named by list id, and its result
	// is reached through the game's links, never on /sim.
	asked := db.Sim{Owner: owner, Game: g.ID, ArmyA: ids[0], VersionA: versions[0], ArmyB: ids[1], VersionB: versions[1],
		Scenario: name, ScenarioFile: file, Battles: n, Seed: strconv.FormatUint(seed, 10)}
	base, err := a.sealLink(c, "/gm/"+c.Param("token"))
	if err != nil {
		return err
	}
	run, err := a.startRun(a.askCtx(c), owner, field, forces, jobs.MatchupRequest{Scenario: name, ScenarioFile: file, Seed: seed, Battles: n,
		Armies: files, Ask: asked, ResultBase: base + "/sims/"})
	if errors.Is(err, db.ErrBusy) {
		// The matchup in the way is linked, with its cancel button.
		if running, err = a.runningMatchup(ctx, owner); err != nil {
			return err
		}
		status = http.StatusConflict
		return fail("You have a matchup being played already: wait for it to finish, or cancel it, before starting another.")
	}
	if msg := queueRefusal(err); msg != "" {
		status = queueStatus(err)
		return fail(msg)
	}
	if err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+run.ID)
}

// gameSims lists a game's matchups for its pages, each linking under base.
func (a *app) gameSims(ctx context.Context, gameID, base string) ([]views.SimRow, error) {
	list, err := a.store.GameSims(ctx, gameID, 20)
	if err != nil {
		return nil, err
	}
	return simRows(list, base), nil
}

// gmSim is a game's matchup as the gamemaster sees it, with "play again".
func (a *app) gmSim(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	return a.showGameSim(c, g, "/gm/"+c.Param("token"), true)
}

// playSim is a game's matchup as its players see it: only after the lock.
func (a *app) playSim(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	if !g.Locked {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such matchup.")
	}
	return a.showGameSim(c, g, "/play/"+c.Param("token"), false)
}

// gmSimJSON and playSimJSON answer a game's matchup as /sims/{id}/json does (the shape of
// muster sim --json), to the same links as its page: the players' once the game is locked.
func (a *app) gmSimJSON(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	return a.gameSimJSON(c, g)
}

func (a *app) playSimJSON(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	if !g.Locked {
		return errNoSim
	}
	return a.gameSimJSON(c, g)
}

func (a *app) gameSimJSON(c *echo.Context, g db.Game) error {
	m, err := a.gameSimOf(c, g)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, m.Summary)
}

func (a *app) showGameSim(c *echo.Context, g db.Game, base string, gm bool) error {
	m, err := a.gameSimOf(c, g)
	if err != nil {
		return err
	}
	v, title, err := simView(m)
	if err != nil {
		return err
	}
	v.Base, v.Back, v.BackLabel = base+"/sims/"+m.ID, base, "Back to "+g.Name
	if gm {
		v.Again = &views.SimAgain{Action: base + "/resolve", A: m.ArmyA, B: m.ArmyB, Scenario: m.Scenario, Battles: m.Battles}
	}
	return render(c, http.StatusOK, views.SimPage(page(c, title, "games"), v))
}

// gameSimOf reads the game's matchup the path names (:id); another game's, or none, is
// errNoSim.
func (a *app) gameSimOf(c *echo.Context, g db.Game) (db.Sim, error) {
	id := c.Param("id")
	if !validID(id) {
		return db.Sim{}, errNoSim
	}
	m, err := a.store.GameSim(c.Request().Context(), g.ID, id)
	if errors.Is(err, db.ErrNotFound) {
		return db.Sim{}, errNoSim
	}
	return m, err
}
