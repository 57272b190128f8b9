package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/views"
)

// Round robins (issue 14): GET /roundrobin chooses some of one's armies (or, under a game
// night's links, its lists), POST queues every pair once (the army higher in one's list as
// the scenario's first side) as one job in the matchups' queue (issue 29) and sends the
// browser to its progress page; the workers save each pair as an ordinary matchup (so every
// cell opens its full result page) and the matrix is shown at /roundrobin/:job.
func (a *app) roundRobinRoutes(e *echo.Echo) {
	e.GET("/roundrobin", a.roundRobinForm)
	e.POST("/roundrobin", a.playRoundRobin)
	e.GET("/roundrobin/:job", a.roundRobinResult)
	// A game night's lists: the gamemaster's link at any time, the player link once the
	// game is locked (when every submitted list is shown anyway).
	gm := linkRoutes{e.Group("/gm/:token")}
	gm.GET("/roundrobin", a.roundRobinForm)
	gm.POST("/roundrobin", a.playRoundRobin)
	play := linkRoutes{e.Group("/play/:token")}
	play.GET("/roundrobin", a.roundRobinForm)
	play.POST("/roundrobin", a.playRoundRobin)
}

// rrSource is what a round robin may play and where its matchups go: one's own armies, or
// a game night's lists as its gamemaster or (after the lock) its players see them.
type rrSource struct {
	lead, action, simBase, game, nav string
	// base is the game's link the lists were reached through ("" for your armies): kept
	// in the round robin sealed (sealLink), never in clear.
	base     string
	entrants []rrEntrant
}

// rrEntrant is an army a round robin may play, at the version it plays.
type rrEntrant struct {
	id, name       string
	total, version int
	// army reads the army's file and the army, at the version it plays.
	army func(ctx context.Context) ([]byte, *roster.Army, error)
}

// roundRobinSource is the asking page's source: by the route it came through.
func (a *app) roundRobinSource(c *echo.Context) (rrSource, error) {
	ctx := c.Request().Context()
	tok := c.Param("token")
	switch {
	case strings.HasPrefix(c.Path(), "/gm/"):
		g, _, err := a.gmGameOf(c)
		if err != nil {
			return rrSource{}, err
		}
		return a.gameSource(ctx, g, "/gm/"+tok, false,
			"Every list of "+g.Name+" against every other, as submitted (a list not yet submitted, as it stands): a matrix of expected scores (a win 1, a draw a half) with their 95% intervals. The matchups belong to the game: its players see them once submissions are locked.")
	case strings.HasPrefix(c.Path(), "/play/"):
		g, err := a.playGameOf(c)
		if err != nil {
			return rrSource{}, err
		}
		if !g.Locked {
			return rrSource{}, errListsHidden
		}
		return a.gameSource(ctx, g, "/play/"+tok, true,
			"Every submitted list of "+g.Name+" against every other: a matrix of expected scores (a win 1, a draw a half) with their 95% intervals, each cell opening its matchup.")
	}
	src := rrSource{action: "/roundrobin", simBase: "/sims", nav: "sim",
		lead: "Some of your armies, each against each of the others: a matrix of expected scores (a win 1, a draw a half) with their 95% intervals, each cell opening its matchup."}
	list, err := a.store.List(ctx, ownerID(c))
	list = swmbOnly(list)
	if err != nil {
		return src, err
	}
	owner := ownerID(c)
	for _, r := range list {
		id := r.ID
		src.entrants = append(src.entrants, rrEntrant{id: id, name: r.Name, total: r.Total, version: r.Version,
			army: func(ctx context.Context) ([]byte, *roster.Army, error) {
				_, file, army, err := a.headFile(ctx, owner, id)
				return file, army, err
			}})
	}
	return src, nil
}

// gameSource is a game's lists: each as submitted, or (for the gamemaster) as it stands when
// not submitted; players see only submitted lists.
func (a *app) gameSource(ctx context.Context, g db.Game, base string, submittedOnly bool, lead string) (rrSource, error) {
	src := rrSource{action: base + "/roundrobin", simBase: base + "/sims", game: g.ID, base: base, nav: "games", lead: lead}
	lists, err := a.store.GameLists(ctx, g.ID)
	if err != nil {
		return src, err
	}
	for _, l := range lists {
		version := l.Submitted
		if version == 0 {
			if submittedOnly {
				continue
			}
			version = l.Army.Version
		}
		army, err := a.listArmy(ctx, l, version)
		if err != nil {
			return src, err
		}
		total := a.evaluate(army).Total
		src.entrants = append(src.entrants, rrEntrant{id: l.ID, name: army.Name + " (" + l.Player + ")", total: total, version: version,
			army: func(ctx context.Context) ([]byte, *roster.Army, error) {
				v, err := a.store.GameArmyVersion(ctx, l.GameID, l.Army.ID, version)
				if err != nil {
					return nil, nil, err
				}
				army, err := a.listArmy(ctx, l, version)
				return v.File, army, err
			}})
	}
	return src, nil
}

func (a *app) roundRobinView(c *echo.Context, src rrSource) (views.RoundRobinView, error) {
	v := views.RoundRobinView{Chosen: map[string]bool{}, Scenario: battle.DefaultScenario, Battles: "200", Action: src.action, Lead: src.lead}
	if src.game != "" {
		v.Game = strings.TrimSuffix(src.action, "/roundrobin")
	}
	for _, e := range src.entrants {
		v.Armies = append(v.Armies, views.ArmyRow{ID: e.id, Name: e.name, Total: e.total})
	}
	var err error
	v.Scenarios, err = a.scenarioChoices(c)
	return v, err
}

// roundRobinOf reads a round robin's request and result.
func roundRobinOf(m db.Matchup) (jobs.RoundRobinRequest, jobs.RoundRobinResult, error) {
	var req jobs.RoundRobinRequest
	var res jobs.RoundRobinResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return req, res, fmt.Errorf("round robin %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil {
		return req, res, fmt.Errorf("round robin %s: its result does not read: %w", m.ID, err)
	}
	return req, res, nil
}

// roundRobinPlayed is a played round robin's page: the form as asked (posting to action),
// and the matrix, each cell opening its pair's matchup under simBase ("": the cells open
// nothing).
func roundRobinPlayed(req jobs.RoundRobinRequest, res jobs.RoundRobinResult, simBase, action string) views.RoundRobinView {
	v := views.RoundRobinView{Chosen: map[string]bool{}, Scenario: req.Scenario, Battles: strconv.Itoa(req.Battles), Action: action,
		Seed: strconv.FormatUint(req.Seed, 10)}
	if req.Game != "" {
		v.Game = strings.TrimSuffix(action, "/roundrobin")
		v.Lead = "A round robin of the game's lists, as they were when it was asked for."
	} else {
		v.Lead = "A round robin of your armies, as they were when it was asked for."
	}
	for _, e := range req.Entrants {
		v.Armies = append(v.Armies, views.ArmyRow{ID: e.ID, Name: e.Name})
		v.Chosen[e.ID] = true
	}
	v.Scenarios = playedScenarioChoices(req.Scenario, req.ScenarioFile)
	req.SimBase = simBase
	v.Matrix = roundRobinMatrix(req, res)
	return v
}

// roundRobinMatrix fills both cells of every pair i < j (army i first).
func roundRobinMatrix(req jobs.RoundRobinRequest, res jobs.RoundRobinResult) *views.RoundRobinMatrix {
	k := len(req.Entrants)
	m := &views.RoundRobinMatrix{Battles: req.Battles, Scenario: scenarioName(req.Scenario), Rows: make([][]views.RoundRobinCell, k),
		Mean: make([]string, k), Seed: strconv.FormatUint(req.Seed, 10)}
	for i, e := range req.Entrants {
		m.Names = append(m.Names, e.Name)
		m.Rows[i] = make([]views.RoundRobinCell, k)
		m.Rows[i][i].Self = true
	}
	sums := make([]float64, k)
	for _, p := range res.Pairs {
		if p.I < 0 || p.J < 0 || p.I >= k || p.J >= k {
			continue
		}
		url := ""
		if req.SimBase != "" {
			url = req.SimBase + "/" + p.Sim
		}
		m.Rows[p.I][p.J] = rrCell(m.Names[p.I], m.Names[p.J], p.A, url)
		m.Rows[p.J][p.I] = rrCell(m.Names[p.J], m.Names[p.I], p.B, url)
		sums[p.I] += p.A.Score
		sums[p.J] += p.B.Score
	}
	for i := range k {
		if k > 1 {
			m.Mean[i] = views.Pct(sums[i] / float64(k-1))
		}
	}
	return m
}

// rrCell is one army's result against another, by its expected score (a win 1, a draw a
// half): ahead when the score's interval lies above an even half, behind when below.
func rrCell(me, them string, x battle.SideSummary, url string) views.RoundRobinCell {
	tone := "even"
	switch {
	case x.ScoreCI95[0] > 0.5:
		tone = "ahead"
	case x.ScoreCI95[1] < 0.5:
		tone = "behind"
	}
	ci := views.Pct(x.ScoreCI95[0]) + " to " + views.Pct(x.ScoreCI95[1])
	return views.RoundRobinCell{Rate: views.Pct(x.Score), CI: ci, URL: url, Tone: tone,
		Label: fmt.Sprintf("%s against %s: expected score %s, 95%% %s", me, them, views.Pct(x.Score), ci)}
}
