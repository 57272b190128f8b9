package web

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/costing/gamenight"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/views"
)

// "What should I bring?" on a game night's list (issue 34): the search of optimize.go, with
// the lists the other sides submitted as the field, the side's force limits and the game's
// battlefield. Which lists a side may play against, for whom, is the game's rule
// (gamenight.Field): the gamemaster at any time, for any list; a player for their own list
// only once the game is locked (before it, their page says why there is no field). The
// search's result is the asker's, at /optimize/:job; only the gamemaster's link saves it,
// as a new version of the list (a locked game's lists do not change).
func (a *app) gameOptimizeRoutes(e *echo.Echo) {
	gm := linkRoutes{e.Group("/gm/:token")}
	gm.GET("/lists/:id/optimize", a.gmOptimizeForm)
	gm.POST("/lists/:id/optimize", a.gmRunOptimize)
	gm.POST("/optimize/:job/save", a.saveGameOptimize)
	play := linkRoutes{e.Group("/play/:token")}
	play.GET("/lists/:key/optimize", a.playOptimizeForm)
	play.POST("/lists/:key/optimize", a.playRunOptimize)
}

// Who asked a game's search (jobs.OptGame.By).
const (
	optimizeByGM     = "gm"
	optimizeByPlayer = "player"
)

// gameOptSetup is a game's list searched from, at the version searched from, and the lists
// it may play against.
type gameOptSetup struct {
	g       db.Game
	l       db.List
	by      string
	base    string // the link asked through: /gm/{token} or /play/{token}
	version int
	file    []byte
	army    *roster.Army
	limits  string // the side's limits as written
	lim     *roster.Limits
	field   []gameOpponent
	view    views.OptimizeView
}

// gameOpponent is a list of the field, as submitted.
type gameOpponent struct {
	l    db.List
	name string
}

// loadGameOptimize reads the list the link names and its field, for the gamemaster (any
// list of the game, as the gamemaster sees it: submitted, or as it stands when never
// submitted) or its player (their list as it stands).
func (a *app) loadGameOptimize(c *echo.Context, by string) (*gameOptSetup, error) {
	ctx := c.Request().Context()
	st := &gameOptSetup{by: by}
	var err error
	who := gamenight.Gamemaster
	if by == optimizeByGM {
		if st.g, st.l, err = a.gmListOf(c); err != nil {
			return nil, err
		}
		st.base, st.version = "/gm/"+c.Param("token"), shownVersion(st.l)
		st.view.Action = st.base + "/lists/" + st.l.ID + "/optimize"
		st.view.Back, st.view.BackLabel = st.base+"/lists/"+st.l.ID, "Back to the list"
	} else {
		if st.g, st.l, err = a.ownListOf(c); err != nil {
			return nil, err
		}
		who, st.base, st.version = gamenight.Player, "/play/"+c.Param("token"), st.l.Army.Version
		st.view.Action = listBase(c) + "/optimize"
		st.view.Back, st.view.BackLabel = listBase(c), "Back to your list"
	}
	if st.army, err = a.listArmy(ctx, st.l, st.version); err != nil {
		return nil, err
	}
	v, err := a.store.GameArmyVersion(ctx, st.g.ID, st.l.Army.ID, st.version)
	if err != nil {
		return nil, err
	}
	st.file = v.File
	view := &st.view
	view.Army, view.Chosen, view.Weights = st.army.Name, map[string]bool{}, map[string]string{}
	view.Battles, view.Budget, view.MaxBudget = "100", "20000", optimizeMaxBudget
	view.Game = &views.OptimizeGame{Name: st.g.Name, Side: sideName(st.l.Side), Sides: "other side's", Limits: "none"}
	var plays bool
	st.limits, plays = st.g.SideLimits(st.l.Side)
	if !plays {
		view.Game.Closed = "This list's side no longer plays in the game: it has no force limits and no other side to play against."
		return st, nil
	}
	st.lim, _ = a.sideLimits(st.g, st.l.Side)
	if st.lim != nil {
		view.Game.Limits = st.lim.Summary()
	}
	lists, err := a.store.GameLists(ctx, st.g.ID)
	if err != nil {
		return nil, err
	}
	entries := make([]gamenight.Entry, len(lists))
	for i, l := range lists {
		entries[i] = gamenight.Entry{Side: l.Side, Submitted: l.Submitted}
	}
	idx, why := gamenight.Field(who, st.g.Locked, st.l.Side, playSides(st.g), entries)
	if why != "" {
		view.Game.Closed = why
		return st, nil
	}
	var sides []string
	for _, i := range idx {
		l := lists[i]
		army, err := a.listArmy(ctx, l, l.Submitted)
		if err != nil {
			return nil, err
		}
		o := gameOpponent{l: l, name: army.Name + " (" + l.Player + ")"}
		st.field = append(st.field, o)
		view.Opponents = append(view.Opponents, views.ArmyRow{ID: l.ID, Name: o.name, Total: a.evaluate(army).Total})
		view.Chosen[l.ID] = true // the whole field, unless the asker leaves one out
		if s := sideName(l.Side); !slices.Contains(sides, s) {
			sides = append(sides, s)
		}
	}
	if len(sides) > 0 {
		view.Game.Sides = strings.Join(sides, " and ")
	}
	if view.Scenarios, err = a.scenarioChoices(c); err != nil {
		return nil, err
	}
	view.Scenario = battle.DefaultScenario
	if b := battlefieldInfo(st.g); b != nil {
		// The game's own battlefield first, and chosen: what the game is played on.
		view.Scenarios = append([]views.Choice{{Value: gameBattlefield, Label: "The game's battlefield: " + b.Name}}, view.Scenarios...)
		view.Scenario = gameBattlefield
	}
	return st, nil
}

// optimizeFieldSides names the field's sides of a game's search ("Imperial").
func optimizeFieldSides(req jobs.OptimizeRequest) string {
	if req.Game == nil {
		return ""
	}
	var sides []string
	for _, o := range req.Opponents {
		if s := sideName(o.Side); s != "" && !slices.Contains(sides, s) {
			sides = append(sides, s)
		}
	}
	if len(sides) == 0 {
		return "other side's"
	}
	return strings.Join(sides, " and ")
}

// gameOptimizeSave is where a game's search is saved, and its button; or why it is not
// saved from its page.
func gameOptimizeSave(job string, g *jobs.OptGame) (action, label, note string) {
	if g.Base == "" {
		return "", "", "Not saved from here. " + gameLinkElsewhere
	}
	if g.By == optimizeByGM {
		return g.Base + "/optimize/" + job + "/save", "Save it as a new version of the list (not submitted: its player submits it, or not)", ""
	}
	return "", "", "Not saved into your list: a player searches against the other side's lists only while the game is locked, when no list can change. Copy the army file above; the gamemaster can search for your list and save the answer into it while the game is open."
}

// gameOpponentFile reads an opponent's list as submitted, for the job.
func (a *app) gameOpponentFile(ctx context.Context, o gameOpponent) ([]byte, error) {
	v, err := a.store.GameArmyVersion(ctx, o.l.GameID, o.l.Army.ID, o.l.Submitted)
	if err != nil {
		return nil, fmt.Errorf("web: list %s as submitted: %w", o.l.ID, err)
	}
	return v.File, nil
}
