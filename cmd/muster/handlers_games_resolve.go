package main

import (
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/rules/battle"
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
	fail := func(msg string) error {
		v, err := a.gmView(c, g, player, nil)
		if err != nil {
			return err
		}
		v.ResolveError = msg
		return render(c, http.StatusBadRequest, views.GMGame(page(c, g.Name, "games"), v))
	}
	n, err := strconv.Atoi(c.FormValue("battles"))
	if err != nil || n < 1 || n > 100000 {
		return fail("Battles: write how many battles to play, from 1 to 100000.")
	}
	field, err := battle.LoadScenario(c.FormValue("scenario"))
	if err != nil {
		return fail("Battlefield: " + err.Error())
	}
	ids := [2]string{c.FormValue("a"), c.FormValue("b")}
	if ids[0] == ids[1] {
		return fail("Choose two different lists.")
	}
	var forces [2]*battle.Force
	var versions [2]int
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
		army, err := a.listArmy(ctx, l.Army.ID, version)
		if err != nil {
			return err
		}
		force, err := battle.NewForce(a.catalogFor(army), army)
		if err != nil {
			return fail(fmt.Sprintf("%s (%s) cannot take the field: %v", army.Name, l.Player, err))
		}
		forces[i], versions[i] = force, version
		ids[i] = l.Army.ID
	}
	var b [8]byte
	if _, err := crand.Read(b[:]); err != nil {
		return err
	}
	run, err := a.runs.start(a, field, forces, versions, ids, n, binary.LittleEndian.Uint64(b[:])>>1)
	if err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+run.id)
}
