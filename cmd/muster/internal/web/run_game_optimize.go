package web

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/rules/battle/muster"
)

func (a *app) gmRunOptimize(c *echo.Context) error   { return a.runGameOptimize(c, optimizeByGM) }
func (a *app) playRunOptimize(c *echo.Context) error { return a.runGameOptimize(c, optimizeByPlayer) }

// runGameOptimize queues a search of a game's list against the lists of its field the
// asker ticked: only lists gamenight.Field offers this asker are accepted, so an id posted
// by hand (another list, one of the list's own side, a draft, or any list before the lock
// for a player) is refused in words and nothing is played.
func (a *app) runGameOptimize(c *echo.Context, by string) error {
	st, err := a.loadGameOptimize(c, by)
	if err != nil {
		return err
	}
	v := st.view
	title := "What should " + st.army.Name + " bring?"
	refuse := optimizeRefusal(c, &v, title, "games")
	if v.Game.Closed != "" {
		return refuse(http.StatusConflict, "Nothing searched: "+v.Game.Closed)
	}
	if st.lim == nil && strings.TrimSpace(st.limits) != "" {
		return refuse(http.StatusConflict, "Nothing searched: the side's limits, as written, cannot be read; the gamemaster fixes them on the game's page.")
	}
	offered := make([]optimizeOffer, len(st.field))
	for k, o := range st.field {
		offered[k] = optimizeOffer{id: o.l.ID, name: o.name}
	}
	ask, status, msg := readOptimizeAsk(c, &v, offered,
		"Against: that is not one of the "+v.Game.Sides+" lists submitted to this game; tick among those listed.", "list", "lists")
	if msg != "" {
		return refuse(status, msg)
	}
	field, file, err := a.gameScenario(c, st.g, v.Scenario)
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error())
	}
	// The list must keep to its side's limits: said here in words, rather than failed by
	// the worker.
	if _, r := a.judge(st.army, st.lim); notLegalYet(r.Problems) != "" {
		return refuse(http.StatusUnprocessableEntity, notLegalYet(r.Problems)+" Make the list keep to its side's limits first.")
	}
	base, err := a.sealLink(c, st.base)
	if err != nil {
		return err
	}
	req := jobs.OptimizeRequest{Version: st.version, Name: st.army.Name, Army: st.file, Scenario: v.Scenario, ScenarioFile: file,
		Seed: ask.seed, Battles: ask.battles, Budget: ask.budget,
		Game: &jobs.OptGame{ID: st.g.ID, Name: st.g.Name, List: st.l.ID, Side: st.l.Side, Limits: st.limits, By: by, Base: base}}
	ctx := c.Request().Context()
	for k, i := range ask.chosen {
		o := st.field[i]
		army, err := a.listArmy(ctx, o.l, o.l.Submitted)
		if err != nil {
			return err
		}
		if _, err := muster.NewForce(a.catalogFor(army), army); err != nil {
			return refuse(http.StatusBadRequest, fmt.Sprintf("Against: %s cannot take the field: %v", o.name, err))
		}
		f, err := a.gameOpponentFile(ctx, o)
		if err != nil {
			return err
		}
		req.Opponents = append(req.Opponents, jobs.OptOpponent{ID: o.l.ID, Name: o.name, Version: o.l.Submitted, File: f, Weight: ask.weights[k], Side: o.l.Side})
	}
	if a.jobs == nil {
		return refuse(http.StatusServiceUnavailable, "This server queues no battles: a search needs the job queue.")
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	m, err := a.jobs.SubmitOptimize(a.askCtx(c), owner, fmt.Sprintf("%s against %d lists of %s on %s", title, len(ask.chosen), st.g.Name, field.Scenario.Name), req)
	if msg := queueRefusal(err); msg != "" {
		return refuse(queueStatus(err), msg)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}
