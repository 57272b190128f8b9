package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/views"
)

// optimizeReplay plays battle ?battle= of step ?step= of a search again on the map: the
// list before the step (or after it, ?with=1; both side by side, ?both=1) against the
// opponent the step turned a battle against, with that step's seeds, so that the two
// replays roll the same dice where the change leaves them alone.
func (a *app) optimizeReplay(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindOptimize)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	req, res, err := optimizeRecord(m)
	if err != nil {
		return err
	}
	back := views.BackLink{Href: "/optimize/" + m.ID, Label: "Back to the path"}
	n, err := strconv.Atoi(c.QueryParam("step"))
	if err != nil || n < 1 || n > len(res.StepArmies) || n > len(res.StepTurned) || res.StepTurned[n-1] == nil {
		return refusedWithBack{echo.NewHTTPError(http.StatusNotFound, "Step: choose a step of the path that turned a battle, by its number."), back}
	}
	tu := res.StepTurned[n-1]
	if tu.Opponent >= len(req.Opponents) {
		return refusedWithBack{echo.NewHTTPError(http.StatusNotFound, "There is no such battle."), back}
	}
	idx, msg := replayIndex(c.QueryParam("battle"), c.QueryParam("n"), res.Trials)
	if msg != "" {
		return refusedWithBack{echo.NewHTTPError(http.StatusBadRequest, msg), back}
	}
	var before *roster.Army
	if n == 1 {
		if before, err = roster.Read(req.Army); err != nil {
			return fmt.Errorf("search %s: %w", m.ID, err)
		}
	} else {
		before = res.StepArmies[n-2]
	}
	after := res.StepArmies[n-1]
	oppArmy, err := roster.Read(req.Opponents[tu.Opponent].File)
	if err != nil {
		return fmt.Errorf("search %s: %w", m.ID, err)
	}
	opp, err := muster.NewForce(a.catalogFor(oppArmy), oppArmy)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, oppArmy.Name+" cannot take the field: "+err.Error())
	}
	field, err := jobs.RequestField(req.Scenario, req.ScenarioFile)
	if err != nil {
		return fmt.Errorf("search %s: %w", m.ID, err)
	}
	change := res.Result.Steps[n-1].Change
	play := func(army *roster.Army, id string, with bool) (views.ReplayView, error) {
		me, err := muster.NewForce(a.catalogFor(army), army)
		if err != nil {
			return views.ReplayView{}, echo.NewHTTPError(http.StatusUnprocessableEntity, army.Name+" cannot take the field: "+err.Error())
		}
		_, tr := battle.New(field, me, opp).PlayTrace(battle.BattleSeed(tu.Seeds, uint64(idx)), nil)
		v := views.NewReplayViewAs(tr, id)
		v.Title = me.Name + " against " + opp.Name
		v.Battle, v.Battles = idx, res.Trials
		v.Base, v.Back, v.BackLabel = "/optimize/"+m.ID+"/replay", back.Href, back.Label
		v.Keep = url.Values{"step": {strconv.Itoa(n)}}
		if with {
			v.Keep.Set("with", "1")
			v.Note = fmt.Sprintf("The list after step %d: %s.", n, change)
		} else {
			v.Note = fmt.Sprintf("The list before step %d (%s).", n, change)
		}
		return v, nil
	}
	with := c.QueryParam("with") != ""
	both := with && c.QueryParam("both") != ""
	id := ""
	if both {
		id = "replay-with"
	}
	army := before
	if with {
		army = after
	}
	v, err := play(army, id, with)
	if err != nil {
		return err
	}
	if !both {
		return render(c, http.StatusOK, views.ReplayPage(page(c, "Replay: step "+strconv.Itoa(n), "armies"), v))
	}
	without, err := play(before, "replay-without", false)
	if err != nil {
		return err
	}
	without.Label, v.Label = "without the change", "with the change"
	nav := v
	nav.Keep.Set("both", "1")
	nav.Note = fmt.Sprintf("Step %d, without the change and with it: %s.", n, change)
	return render(c, http.StatusOK, views.ReplayPairPage(page(c, "Replay side by side: step "+strconv.Itoa(n), "armies"), nav, without, v))
}
