package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// roundRobinResult is a played round robin: the form again, with the matrix, each cell
// opening its pair's matchup, and its share links (one of your own armies' round robins).
// One not yet played goes to its progress page.
func (a *app) roundRobinResult(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindRoundRobin)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	req, res, err := roundRobinOf(m)
	if err != nil {
		return err
	}
	sims, okSims := openLink(c, req.SimBase)
	action, okAction := openLink(c, req.Action)
	v := roundRobinPlayed(req, res, sims, action)
	if !okSims || !okAction {
		// A game's round robin asked from another browser: its links are the game's keys,
		// which this browser does not hold (link_seal.go).
		v.Game, v.Elsewhere = "", gameLinkElsewhere+" Its form is there too."
	}
	if req.Game == "" {
		v.ShareBase = "/roundrobin/" + m.ID
		if v.Shares, err = a.resultShareRows(c, db.ShareRoundRobin, m.ID); err != nil {
			return err
		}
	}
	return render(c, http.StatusOK, views.RoundRobinPage(page(c, "Round robin", req.Nav), v))
}
