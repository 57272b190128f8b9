package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules/swm/engine"
	"muster/views"
)

// swmQuickResolveReplay is one battle of a d20 quick-resolve on the map, step by step: battle
// ?battle= (its index, from 0) or ?n= (its number, from 1) played again from the job's
// request (the squads' files as they were, the map, the seed) with the engine's trace, as
// the SWMB matchup's replay is. One battle is cheap (tens of millions of instructions); a
// panic in it answers an error page. Only the quick-resolve's owner sees it (ownJob), and the
// battles to watch by outcome come from the outcomes the job kept, not played again.
func (a *app) swmQuickResolveReplay(c *echo.Context) error {
	m, req, res, done, err := playedJob[jobs.SWMRequest, jobs.SWMResult](a, c, db.KindSWM, "quick-resolve")
	if !done {
		return err
	}
	back := "/swm/quick-resolve/" + m.ID
	idx, msg := replayIndex(c.QueryParam("battle"), c.QueryParam("n"), req.Battles)
	if msg != "" {
		return refusedWithBack{echo.NewHTTPError(http.StatusBadRequest, msg), views.BackLink{Href: back, Label: "Back to the quick-resolve"}}
	}
	squads, _, err := jobs.SWMSquads(req)
	if err != nil {
		return fmt.Errorf("quick-resolve %s: %w", m.ID, err)
	}
	_, tr, err := engine.TraceBattle(jobs.SWMMap(req), squads[0], squads[1], req.Seed, idx)
	if err != nil {
		var be *engine.BattleError
		if errors.As(err, &be) {
			a.log.Error("d20 replay: the battle panicked", "job", m.ID, "battle", idx, "err", be.Value, "stack", string(be.Stack))
			return refusedWithBack{echo.NewHTTPError(http.StatusInternalServerError,
				"Battle "+strconv.Itoa(idx+1)+" could not be played again: a fault in Muster's d20 engine. Another battle may play."),
				views.BackLink{Href: back, Label: "Back to the quick-resolve"}}
		}
		return fmt.Errorf("quick-resolve %s battle %d: %w", m.ID, idx, err)
	}
	v := views.NewSWMReplayView(tr)
	names := res.Names
	if names[0] == names[1] {
		names[1] += " (second)"
	}
	v.Title = names[0] + " against " + names[1]
	v.Battle, v.Battles = idx, req.Battles
	v.Base, v.Back, v.BackLabel = back+"/replay", back, "Back to the quick-resolve"
	if len(res.Outcomes) == req.Battles {
		outcomes := make([]views.BattleOutcome, len(res.Outcomes))
		for i, o := range res.Outcomes {
			outcomes[i] = views.BattleOutcome{Index: i, Winner: o.Winner, VP: o.Defeated, Turns: o.Rounds}
		}
		v.Picks = views.PickSWMBattles(outcomes, names)
	} else {
		v.PickNote = "This quick-resolve was played before its battles' outcomes were kept: choose a battle by its number, or play it again to pick battles by outcome."
	}
	return render(c, http.StatusOK, views.SWMReplayPage(page(c, "Replay: "+v.Title, "sim"), v, views.SWMReplayLead(v, req.Seed)))
}
