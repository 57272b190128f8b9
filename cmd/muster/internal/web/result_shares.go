package web

import (
	"errors"
	"net/http"
	"slices"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/views"
)

// Share links to results (issue 31): the owner of a played matchup or round robin makes any
// number of read-only links, sees when each was made and last opened, and revokes any. A
// matchup's link opens its page, its JSON and its battles on the map; a round robin's opens
// its matrix and, through it, each pair's matchup and battles. Nothing of the owner's is
// changed or reached otherwise through a link; a round robin of a game night's lists has
// the game's own links instead.
func (a *app) resultShareRoutes(e *echo.Echo) {
	e.POST("/sims/:id/shares", a.shareSim)
	e.POST("/sims/:id/shares/:token/revoke", a.revokeSimShare)
	e.GET("/share/sim/:token", a.sharedSim, linkPage)
	e.GET("/share/sim/:token/json", a.sharedSimJSON, linkPage)
	e.GET("/share/sim/:token/replay", a.sharedSimReplay, linkPage)
	e.POST("/roundrobin/:job/shares", a.shareRoundRobin)
	e.POST("/roundrobin/:job/shares/:token/revoke", a.revokeRoundRobinShare)
	e.GET("/share/roundrobin/:token", a.sharedRoundRobin, linkPage)
	e.GET("/share/roundrobin/:token/sims/:id", a.sharedPairSim, linkPage)
	e.GET("/share/roundrobin/:token/sims/:id/json", a.sharedPairJSON, linkPage)
	e.GET("/share/roundrobin/:token/sims/:id/replay", a.sharedPairReplay, linkPage)
}

var errNoSharedResult = echo.NewHTTPError(http.StatusNotFound, "There is no such share link: it was revoked, or the result is no longer kept.")

// resultShareRows lists a result's share links for its owner, with absolute URLs to copy.
func (a *app) resultShareRows(c *echo.Context, kind, id string) ([]views.ShareRow, error) {
	links, err := a.store.ResultShares(c.Request().Context(), ownerID(c), kind, id)
	if err != nil {
		return nil, err
	}
	rows := make([]views.ShareRow, 0, len(links))
	for _, l := range links {
		rows = append(rows, shareRow(l.Token, baseURL(c)+"/share/"+kind+"/"+l.Token, l.Created, l.LastOpened, l.Revoked))
	}
	return rows, nil
}

func (a *app) makeResultShare(c *echo.Context, kind, id, back string) error {
	if _, err := a.store.ShareResult(c.Request().Context(), ownerID(c), kind, id); errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such result.")
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, back+"?shared=1#share")
}

func (a *app) revokeResultShare(c *echo.Context, kind, id, base string) error {
	tok := c.Param("token")
	if !validID(id) || !validID(tok) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such share link.")
	}
	if err := a.store.RevokeResultShare(c.Request().Context(), ownerID(c), kind, id, tok); errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such share link.")
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, base+id+"?revoked=1#share")
}

// sharedResult is the result a live share link of kind points to.
func (a *app) sharedResult(c *echo.Context, kind string) (db.ResultShare, error) {
	tok := c.Param("token")
	if !validID(tok) {
		return db.ResultShare{}, errNoSharedResult
	}
	l, err := a.store.ByResultShareToken(c.Request().Context(), kind, tok)
	if errors.Is(err, db.ErrNotFound) {
		return l, errNoSharedResult
	}
	return l, err
}

// sharedSimOf is the matchup behind a matchup's share link.
func (a *app) sharedSimOf(c *echo.Context) (db.ResultShare, db.Sim, error) {
	l, err := a.sharedResult(c, db.ShareSim)
	if err != nil {
		return l, db.Sim{}, err
	}
	m, err := a.store.GetSim(c.Request().Context(), l.Owner, l.Target)
	if errors.Is(err, db.ErrNotFound) {
		return l, m, errNoSharedResult
	}
	return l, m, err
}

// renderSharedSim shows a matchup read-only, its JSON and replay under base.
func (a *app) renderSharedSim(c *echo.Context, m db.Sim, base, back, backLabel string) error {
	v, title, err := simView(m)
	if err != nil {
		return err
	}
	v.Base, v.Back, v.BackLabel, v.Shared = base, back, backLabel, true
	return render(c, http.StatusOK, views.SimPage(page(c, title, ""), v))
}

// replayFor replays a shared matchup's battles with the versions its owner's armies played.
func (a *app) replayFor(c *echo.Context, owner string, m db.Sim, back, backLabel string) error {
	version := func(id string, n int) (db.Version, error) {
		return a.store.Version(c.Request().Context(), owner, id, n)
	}
	return a.showReplay(c, m, version, back, backLabel, "")
}

// sharedRoundRobinOf is the round robin behind a round robin's share link.
func (a *app) sharedRoundRobinOf(c *echo.Context) (db.ResultShare, jobs.RoundRobinRequest, jobs.RoundRobinResult, error) {
	var req jobs.RoundRobinRequest
	var res jobs.RoundRobinResult
	l, err := a.sharedResult(c, db.ShareRoundRobin)
	if err != nil {
		return l, req, res, err
	}
	m, err := a.store.OwnerMatchup(c.Request().Context(), l.Owner, l.Target)
	if errors.Is(err, db.ErrNotFound) {
		return l, req, res, errNoSharedResult
	}
	if err != nil {
		return l, req, res, err
	}
	req, res, err = roundRobinOf(m)
	return l, req, res, err
}

// sharedPairOf is one pair's matchup of a shared round robin: only its own pairs' are.
func (a *app) sharedPairOf(c *echo.Context) (db.ResultShare, db.Sim, error) {
	l, _, res, err := a.sharedRoundRobinOf(c)
	if err != nil {
		return l, db.Sim{}, err
	}
	id := c.Param("id")
	if !slices.ContainsFunc(res.Pairs, func(p jobs.RRPair) bool { return p.Sim == id }) {
		return l, db.Sim{}, errNoSim
	}
	m, err := a.store.GetSim(c.Request().Context(), l.Owner, id)
	if errors.Is(err, db.ErrNotFound) {
		return l, m, errNoSim
	}
	return l, m, err
}
