package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web/form"
	"muster/costing/gamenight"
	"muster/costing/listgen"
	"muster/rules/battle"
	"muster/rules/battle/fair"
	"muster/views"
)

// "Is this fair?" for a game night (issue 33): the gamemaster picks a scenario on the game's
// page; each of the scenario's sides is played by one of the game's sides (the one of its
// Troop List, else in the game's order), within that side's force limits, with the lists
// its players submitted (or, where none is, random legal lists within the limits). Queued
// as a fairness test of the gamemaster's, answered at /fair/{job}.
func (a *app) gmFair(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	back := views.BackLink{Href: "/gm/" + c.Param("token"), Label: "Back to the game"}
	refuse := func(status int, msg string) error {
		return refusedWithBack{echo.NewHTTPError(status, msg), back}
	}
	field, file, err := a.gameScenario(c, g, c.FormValue("scenario"))
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error()+".")
	}
	battles, msg := form.Count("Battles at each handicap", c.FormValue("battles"), 20, views.FairMaxBattles)
	if msg != "" {
		return refuse(http.StatusBadRequest, msg)
	}
	strong := 0
	posted, err := c.FormValues()
	if err != nil {
		return refuse(http.StatusBadRequest, "The form could not be read.")
	}
	// A form without the field (one from before strong lists) asks for none, as it did.
	if _, ok := posted["strong"]; ok {
		if strong, msg = form.Count("Strong lists a side", c.FormValue("strong"), 0, views.FairMaxStrong); msg != "" {
			return refuse(http.StatusBadRequest, msg)
		}
	}
	ctx := c.Request().Context()
	lists, err := a.store.GameLists(ctx, g.ID)
	if err != nil {
		return err
	}
	sides, err := gameSidesFor(field, g.Sides)
	if err != nil {
		return refuse(http.StatusBadRequest, err.Error())
	}
	req := jobs.FairRequest{Scenario: field.Scenario.ID, Battles: battles, Lists: fair.DefaultLists, Game: back.Href}
	if file != nil {
		req.Scenario, req.ScenarioFile = c.FormValue("scenario"), file
	}
	var b [8]byte
	_, _ = crand.Read(b[:])
	req.Seed = binary.LittleEndian.Uint64(b[:]) >> 1
	for s, gs := range sides {
		name := field.Scenario.Sides[s].Name
		l, err := gamenight.ReadSideLimits(gs.Limits)
		if err != nil {
			return refuse(http.StatusBadRequest, fmt.Sprintf("The %s side's limits (playing %s): %v", gs.Side, name, err))
		}
		req.Limits[s], req.TroopLists[s] = gs.Limits, gs.Side
		if l != nil {
			req.Totals[s] = l.Total
		}
		for _, li := range lists {
			if li.Side != gs.Side || li.Submitted == 0 {
				continue
			}
			v, err := a.store.GameArmyVersion(ctx, g.ID, li.Army.ID, li.Submitted)
			if err != nil {
				return err
			}
			req.Armies[s] = append(req.Armies[s], v.File)
		}
		if len(req.Armies[s]) == 0 && (l == nil || l.Total <= 0) {
			return refuse(http.StatusBadRequest, fmt.Sprintf("The %s side (playing %s) has no list submitted and no total in its limits: give it a total, or wait for its players' lists.", gs.Side, name))
		}
		// Strong lists are searched for from random ones: only a side with no list
		// submitted has them (the page says each list's kind).
		if len(req.Armies[s]) == 0 {
			req.Strong = strong
		}
	}
	return a.queueFair(c, field, req, fmt.Sprintf("Is this fair? %s on %s", g.Name, field.Scenario.Name), refuse)
}

// queueFair queues a fairness test, or refuses it (refuse: the page's way of saying so) in
// words: each side that plays random lists must be able to field one (said here, rather
// than failed by the worker), and the queue must take it.
func (a *app) queueFair(c *echo.Context, field *battle.Field, req jobs.FairRequest, title string, refuse func(int, string) error) error {
	sides, err := jobs.FairSides(field, req)
	if err != nil {
		return refuse(http.StatusBadRequest, err.Error())
	}
	for s, sd := range sides {
		if len(sd.Lists) > 0 {
			continue
		}
		if _, err := listgen.Random(a.cat, sd.TroopList, sd.Limits, rand.New(rand.NewPCG(req.Seed, 1))); err != nil {
			return refuse(http.StatusBadRequest, field.Scenario.Sides[s].Name+": "+err.Error())
		}
	}
	if a.jobs == nil {
		return refuse(http.StatusServiceUnavailable, "This server queues no battles: a fairness test needs the job queue.")
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	m, err := a.jobs.SubmitFair(a.askCtx(c), owner, title, req)
	if msg := queueRefusal(err); msg != "" {
		return refuse(queueStatus(err), msg)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}
