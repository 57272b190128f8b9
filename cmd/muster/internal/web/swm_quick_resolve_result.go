package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/views"
)

// swmQuickResolveResult is a played d20 quick-resolve: the form as it was asked, and who
// wins.
func (a *app) swmQuickResolveResult(c *echo.Context) error {
	m, req, res, done, err := playedJob[jobs.SWMRequest, jobs.SWMResult](a, c, db.KindSWM, "quick-resolve")
	if !done {
		return err
	}
	if res.Summary == nil {
		return fmt.Errorf("quick-resolve %s: its result holds no summary", m.ID)
	}
	asked := url.Values{"a": {req.IDs[0]}, "b": {req.IDs[1]}, "scenario": {req.Scenario}, "battles": {strconv.Itoa(req.Battles)},
		"seed": {strconv.FormatUint(req.Seed, 10)}}
	v, err := a.swmView(c, asked.Get)
	if err != nil {
		return err
	}
	v.Result, v.AName, v.BName, v.SidesNote, v.Log = res.Summary, res.Names[0], res.Names[1], res.SidesNote, res.Log
	v.Replay = "/swm/quick-resolve/" + m.ID + "/replay"
	if v.AName == v.BName {
		v.BName += " (second)"
	}
	return render(c, http.StatusOK, views.SWMBattle(page(c, "Quick-resolve d20 squads", "sim"), v))
}
