package web

import (
	"errors"
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
	"muster/rules/battle/whatif"
	"muster/views"
)

// "What to change" on a matchup of one's own armies (issue 14): GET /sims/:id/whatif is the
// form, POST plays the what-if and shows the changes ranked, and POST .../save saves one
// change as a new version of the army.
//
// The what-if is played as a job (issue 29), in the same queue as matchups: POST only
// queues it and sends the browser to its progress page (/sim/run/:job), which opens its
// result, /whatif/:job, when it is done. See docs/decisions.md.
func (a *app) whatifRoutes(e *echo.Echo) {
	e.GET("/sims/:id/whatif", a.whatifForm)
	e.POST("/sims/:id/whatif", a.runWhatif)
	e.POST("/sims/:id/whatif/save", a.saveWhatif)
	e.GET("/sims/:id/whatif/replay", a.whatifReplay)
	e.GET("/whatif/:job", a.whatifResult)
}

const (
	whatifMaxBattles  = 500
	whatifMinBattles  = 20
	whatifMaxVariants = 10
)

// busyWords is the refusal of a second job while one of the owner's is queued or playing.
const busyWords = "You have a matchup, what-if or round robin queued or being played already: wait for it to finish, or cancel it, before asking for another."

// whatifSetup is a what-if's matchup, read for the asking owner: the saved matchup, the
// army to change and its opponent, and the page's frame.
type whatifSetup struct {
	sim      db.Sim
	side     string // "a" or "b"
	armyID   string
	version  int // the version of the army read, which a saved change is made on
	played   int // the version the matchup played
	army     *roster.Army
	file     []byte // the army's file, and its opponent's, as read
	oppFile  []byte
	opponent *battle.Force
	field    *battle.Field
	view     views.WhatIfView
}

// loadWhatif reads the owner's matchup and the side asked for ("a" unless "b"). A game
// night's matchup, or one whose armies are no longer the owner's, is not found.
func (a *app) loadWhatif(c *echo.Context, side string) (*whatifSetup, error) {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return nil, err
	}
	if m.Game != "" {
		return nil, errNoSim
	}
	ctx := c.Request().Context()
	ids := [2]string{m.ArmyA, m.ArmyB}
	var armies [2]*roster.Army
	var versions [2]int
	var files [2][]byte
	for i, id := range ids {
		rec, file, army, err := a.headFile(ctx, ownerID(c), id)
		if errors.Is(err, errNoArmy) {
			return nil, echo.NewHTTPError(http.StatusNotFound, "One of this matchup's armies is no longer saved: there is nothing to change.")
		}
		if err != nil {
			return nil, err
		}
		armies[i], versions[i], files[i] = army, rec.Version, file
	}
	me, them := 0, 1
	if side == "b" && m.ArmyA != m.ArmyB {
		me, them = 1, 0
	}
	field, err := simField(m)
	if err != nil {
		return nil, fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	opp, err := muster.NewForce(a.catalogFor(armies[them]), armies[them])
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf("%s cannot take the field: %v", armies[them].Name, err))
	}
	st := &whatifSetup{sim: m, side: []string{"a", "b"}[me], armyID: ids[me], version: versions[me], played: [2]int{m.VersionA, m.VersionB}[me],
		army: armies[me], file: files[me], oppFile: files[them], opponent: opp, field: field}
	st.view = views.WhatIfView{SimID: m.ID, Side: st.side, Army: armies[me].Name, Opponent: armies[them].Name,
		Scenario: field.Scenario.Name, Battles: strconv.Itoa(max(whatifMinBattles, min(m.Battles, 200))), Variants: strconv.Itoa(whatifMaxVariants)}
	st.view.Sides = append(st.view.Sides, views.Choice{Value: "a", Label: armies[0].Name})
	if m.ArmyA != m.ArmyB {
		st.view.Sides = append(st.view.Sides, views.Choice{Value: "b", Label: armies[1].Name})
	}
	return st, nil
}

// whatifView is a played what-if in the page's words.
func whatifView(req jobs.WhatIfRequest, res jobs.WhatIfResult, army *roster.Army) *views.WhatIfResult {
	rep := res.Report
	seed := strconv.FormatUint(req.Seed, 10)
	r := &views.WhatIfResult{Battles: res.Battles, Seed: seed, Limit: res.Limit, Total: res.Total,
		Base: scoreIn(rep.Base), Legal: rep.Legal, Looks: whatif.Looks}
	if req.Played != 0 && req.Played != req.Version {
		// The changes are worked out on the army as it is saved now, which a change is saved
		// on top of: the matchup's own odds were of an older version.
		r.VersionNote = fmt.Sprintf("The matchup played version %d of %s; these changes start from version %d, saved since, and play its battles afresh.", req.Played, army.Name, req.Version)
	}
	if l := army.Limits; army.Limit == 0 && (l == nil || l.Total == 0) {
		r.LimitNote = "It has no limit of its own, so a change may not cost more than it does now: set a limit in the editor to let changes spend more."
	}
	for _, x := range rep.Variants {
		row := views.WhatIfRow{Change: x.Change, Total: x.Total, Wins: scoreIn(x.Outcome),
			Delta: capitalize(whatif.Words(x.Delta, x.DeltaCI)), Better: x.DeltaCI[0] > 0, Worse: x.DeltaCI[1] < 0,
			Effects: x.Effects, Legalizes: x.Legalizes}
		if x.Settled {
			row.Settled = fmt.Sprintf("Settled after %d battles.", x.Battles)
		}
		if x.Differs >= 0 {
			row.Battle = x.Differs + 1
			row.Without = whatifReplayURL(req.Sim, req.Side, "", x.Differs)
			row.With = whatifReplayURL(req.Sim, req.Side, x.Change, x.Differs)
			row.Both = row.With + "&both=1"
		}
		r.Rows = append(r.Rows, row)
	}
	return r
}

// scoreIn says an outcome: "scores 41.0% (95%: 34.4% to 47.9%) and wins 38.0% of its battles".
func scoreIn(o whatif.Outcome) string {
	return fmt.Sprintf("scores %s (95%%: %s to %s) and wins %s of its %d battles", views.Pct(o.Score), views.Pct(o.ScoreCI95[0]), views.Pct(o.ScoreCI95[1]),
		views.Pct(o.WinRate), o.Battles)
}

func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// whatifReplayURL is the address of battle i of a what-if's army (change "": as it is).
func whatifReplayURL(sim, side, change string, i int) string {
	q := url.Values{"side": {side}, "battle": {strconv.Itoa(i)}}
	if change != "" {
		q.Set("change", change)
	}
	return "/sims/" + sim + "/whatif/replay?" + q.Encode()
}
