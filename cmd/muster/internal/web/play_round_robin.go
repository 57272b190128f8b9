package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/rules/battle/muster"
	"muster/views"
)

func (a *app) playRoundRobin(c *echo.Context) error {
	src, err := a.roundRobinSource(c)
	if err != nil {
		return err
	}
	v, err := a.roundRobinView(c, src)
	if err != nil {
		return err
	}
	refuse := func(status int, msg string) error {
		v.Errors = append(v.Errors, msg)
		return render(c, status, views.RoundRobinPage(page(c, "Round robin", src.nav), v))
	}
	posted, err := c.FormValues()
	if err != nil {
		return refuse(http.StatusBadRequest, "The form could not be read: send it again.")
	}
	// What was typed is read first, so that any refusal below shows it again.
	v.Scenario, v.Seed, v.Battles = c.FormValue("scenario"), c.FormValue("seed"), c.FormValue("battles")
	n, nmsg := form.Count("Battles per pair", v.Battles, 10, 2000)
	var chosen []rrEntrant
	unknown := false
	for _, id := range posted["army"] {
		i := slices.IndexFunc(src.entrants, func(e rrEntrant) bool { return e.id == id })
		if i < 0 {
			unknown = true
			continue
		}
		v.Chosen[id] = true
	}
	// In the order of the list on the page, so that the matrix reads like it.
	for _, e := range src.entrants {
		if v.Chosen[e.id] {
			chosen = append(chosen, e)
		}
	}
	pairs := len(chosen) * (len(chosen) - 1) / 2
	switch {
	case unknown:
		return refuse(http.StatusBadRequest, "Armies: there is no such army here; tick among those listed.")
	case len(chosen) < 2:
		return refuse(http.StatusBadRequest, "Armies: tick two armies or more.")
	case len(chosen) > views.RoundRobinMaxArmies:
		return refuse(http.StatusBadRequest, fmt.Sprintf("Armies: tick at most %d armies.", views.RoundRobinMaxArmies))
	case nmsg != "":
		return refuse(http.StatusBadRequest, nmsg)
	case pairs*n > views.RoundRobinMaxBattles:
		return refuse(http.StatusBadRequest, fmt.Sprintf("Battles per pair: %d pairs of %d battles is %d battles, more than the %d a round robin may play here; tick fewer armies or write fewer battles.",
			pairs, n, pairs*n, views.RoundRobinMaxBattles))
	}
	field, file, err := a.matchupScenario(c, v.Scenario)
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error())
	}
	var seed uint64
	if v.Seed == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if seed, err = strconv.ParseUint(v.Seed, 10, 64); err != nil {
		return refuse(http.StatusBadRequest, "Seed: a whole number from 0 to 18446744073709551615, or empty for a new one.")
	}
	ctx := c.Request().Context()
	req := jobs.RoundRobinRequest{Scenario: v.Scenario, ScenarioFile: file, Seed: seed, SeedTyped: v.Seed != "", Battles: n, Game: src.game,
		SimBase: src.simBase, Action: src.action, Nav: src.nav}
	if src.base != "" {
		sealed, err := a.sealLink(c, src.base)
		if err != nil {
			return err
		}
		req.SimBase, req.Action = sealed+"/sims", sealed+"/roundrobin"
	}
	for _, e := range chosen {
		file, army, err := e.army(ctx)
		if errors.Is(err, errNoArmy) || errors.Is(err, db.ErrNotFound) {
			return refuse(http.StatusBadRequest, "Armies: there is no such army here; tick among those listed.")
		}
		if err != nil {
			return err
		}
		// Refused here in words, rather than failed by the worker.
		if _, err := muster.NewForce(a.catalogFor(army), army); err != nil {
			return refuse(http.StatusBadRequest, fmt.Sprintf("Armies: %s cannot take the field: %v", e.name, err))
		}
		req.Entrants = append(req.Entrants, jobs.RREntrant{ID: e.id, Name: e.name, Version: e.version, File: file})
	}
	if a.jobs == nil {
		return refuse(http.StatusServiceUnavailable, "This server queues no battles: a round robin needs the job queue.")
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	title := fmt.Sprintf("%d armies, each against each, %d battles a pair on %s", len(chosen), n, field.Scenario.Name)
	m, err := a.jobs.SubmitRoundRobin(a.askCtx(c), owner, title, req)
	if msg := queueRefusal(err); msg != "" {
		return refuse(queueStatus(err), msg)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}
