package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/roster"
)

// saveGameOptimize saves a gamemaster's search of a game's list as a new version of that
// list, on top of the version searched from (a version saved since is never overwritten:
// the save is refused), and not submitted: the gamemaster still sees the version submitted
// until its player submits again. Only the game's gamemaster link reaches it, and only for
// a search the asker made through it, of a list of this game; a locked game's lists do not
// change.
func (a *app) saveGameOptimize(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	m, err := a.ownJob(c, db.KindOptimize)
	if err != nil {
		return err
	}
	// The request first: a search of another game, or of one's own army, is not this
	// link's to save, whether it finished or not.
	var asked jobs.OptimizeRequest
	if err := json.Unmarshal(m.Request, &asked); err != nil || asked.Game == nil || asked.Game.ID != g.ID || asked.Game.By != optimizeByGM {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such search of this game's lists.")
	}
	if m.Status != db.MatchupDone {
		return echo.NewHTTPError(http.StatusConflict, "Not saved: the search has not finished.")
	}
	req, res, err := optimizeRecord(m)
	if err != nil {
		return err
	}
	gs := req.Game
	if len(res.Result.Steps) == 0 {
		return echo.NewHTTPError(http.StatusConflict, "Not saved: the search took no change, so the list is as it is.")
	}
	if g.Locked {
		return errGameLocked
	}
	ctx := c.Request().Context()
	l, err := a.store.GameList(ctx, g.ID, gs.List)
	if errors.Is(err, db.ErrNotFound) {
		return errNoList
	}
	if err != nil {
		return err
	}
	start, err := a.listArmy(ctx, l, req.Version)
	if err != nil {
		return err
	}
	// The search judged lists as the game does, without the army's own limit, limits: and
	// house rules; the list keeps them as its player wrote them.
	army := *res.Result.Army
	army.Limit, army.Limits, army.Rules = start.Limit, start.Limits, start.Rules
	lim, _ := a.sideLimits(g, l.Side)
	shown, r := a.judge(&army, lim)
	if roster.HasErrors(r.Problems) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Not saved: the final list no longer keeps to the side's limits (they were changed since?). Search again.")
	}
	file, err := army.YAML()
	if err != nil {
		return fmt.Errorf("web: unable to write the army file: %w", err)
	}
	note := fmt.Sprintf("what to bring, the gamemaster's search: %d changes", len(res.Result.Steps))
	if _, err := a.store.SaveList(ctx, l.ID, req.Version, file, metaOf(shown, r), note); err != nil {
		var se *db.StaleError
		switch {
		case errors.Is(err, db.ErrLocked):
			return errGameLocked
		case errors.As(err, &se):
			return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Not saved: %s was saved as version %d while the search started from version %d. Search again from the list as it is now.", req.Name, se.Head, se.Base))
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+c.Param("token")+"/lists/"+l.ID+"?saved=1")
}
