package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/costing/gamenight"
	"muster/db"
	"muster/views"
)

// optimizeResult is a finished search's page: the form again, the path and the final
// list. One not yet played goes to its progress page; another owner's is not found.
func (a *app) optimizeResult(c *echo.Context) error {
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
	v := views.OptimizeView{ArmyID: req.ArmyID, Army: req.Name, Chosen: map[string]bool{}, Weights: map[string]string{}, Scenario: req.Scenario,
		Battles: strconv.Itoa(req.Battles), Budget: strconv.Itoa(req.Budget), Seed: strconv.FormatUint(req.Seed, 10), MaxBudget: optimizeMaxBudget,
		Action: "/armies/" + req.ArmyID + "/optimize", Back: "/armies/" + req.ArmyID, BackLabel: "Back to " + req.Name}
	nav := "armies"
	if g := req.Game; g != nil {
		// A game night's search is asked again from its list, through the game's link: the
		// page goes back to the game and shows no form. The link is kept sealed; a browser
		// that cannot open it is sent to its games (and cannot save from here).
		base, ok := openLink(c, g.Base)
		if !ok {
			base = ""
		}
		g.Base = base
		nav, v.NoForm, v.Back, v.BackLabel = "games", true, base, "Back to "+g.Name
		if !ok {
			v.Back, v.BackLabel = "/", "Home"
		}
		v.Game = &views.OptimizeGame{Name: g.Name, Side: sideName(g.Side), Sides: optimizeFieldSides(req), Limits: "none"}
		if l, err := gamenight.ReadSideLimits(g.Limits); err == nil && l != nil {
			v.Game.Limits = l.Summary()
		}
		if g.By == optimizeByGM && ok {
			v.Back, v.BackLabel = g.Base+"/lists/"+g.List+"/optimize", "Ask again for "+req.Name
		}
	} else if st, err := a.loadOptimizeFor(c, req.ArmyID); err == nil {
		// The form again, with the owner's armies as they are now, if the army is still saved.
		v.Opponents, v.Scenarios = st.view.Opponents, st.view.Scenarios
	}
	for _, o := range req.Opponents {
		v.Chosen[o.ID] = true
		v.Weights[o.ID] = strconv.FormatFloat(o.Weight, 'g', -1, 64)
	}
	v.Played = optimizeView(m.ID, req, res)
	return render(c, http.StatusOK, views.OptimizePage(page(c, "What should "+req.Name+" bring?", nav), v))
}
