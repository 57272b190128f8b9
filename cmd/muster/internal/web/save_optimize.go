package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/costing"
	"muster/db"
	"muster/roster"
)

// saveOptimize saves a search's final list as a new version of the army it searched from,
// on top of the version it searched from (never over it: a version saved since is not
// overwritten, the save is refused). The list is checked again before it is saved.
func (a *app) saveOptimize(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindOptimize)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return echo.NewHTTPError(http.StatusConflict, "Not saved: the search has not finished.")
	}
	req, res, err := optimizeRecord(m)
	if err != nil {
		return err
	}
	if req.Game != nil {
		// A game's list is saved through the game's link (saveGameOptimize), never here.
		return echo.NewHTTPError(http.StatusNotFound, "Not saved: this search is of a game night's list, which is saved from the game's link.")
	}
	if len(res.Result.Steps) == 0 {
		return echo.NewHTTPError(http.StatusConflict, "Not saved: the search took no change, so the list is the army as it is.")
	}
	if _, _, _, err := a.headFile(c.Request().Context(), ownerID(c), req.ArmyID); err != nil {
		return err
	}
	army := res.Result.Army
	if r := costing.Evaluate(a.cat, army, nil); roster.HasErrors(r.Problems) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Not saved: the final list no longer passes the checks (the rules were changed since?).")
	}
	note := fmt.Sprintf("what to bring: %d changes", len(res.Result.Steps))
	if _, _, err := a.save(c, req.ArmyID, req.Version, army, note); err != nil {
		var se *db.StaleError
		if errors.As(err, &se) {
			return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Not saved: %s was saved as version %d while the search started from version %d. Search again from the army as it is now.", req.Name, se.Head, se.Base))
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+req.ArmyID+"?saved=1")
}
