package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/design"
	"muster/views"
)

// Matchups from the web: GET /sim is the form; POST /sim starts a run and sends the browser
// to its progress page, /sim/run/:job, which follows /sim/run/:job/events (server-sent
// events) and can cancel; a finished run is saved and shown at /sims/:id (and
// /sims/:id/json, the shape of `muster sim --json`).
func (a *app) simRoutes(e *echo.Echo) {
	e.GET("/sim", a.simForm)
	e.POST("/sim", a.startSim)
	e.GET("/sim/run/:job", a.simProgress)
	e.GET("/sim/run/:job/events", a.simEvents)
	e.POST("/sim/run/:job/cancel", a.cancelSim)
	e.GET("/sims/:id", a.showSim)
	e.GET("/sims/:id/json", a.simJSON)
}

// Matchups are played as jobs (jobs.go): any web process shows any matchup's progress from
// the database, and any worker plays it.

// simMaxBattles is the most battles a matchup from the web plays.
const simMaxBattles = 100000

func (a *app) renderSimForm(c *echo.Context, status int, f views.SimForm) error {
	ctx := c.Request().Context()
	list, err := a.store.List(ctx, ownerID(c))
	list = swmbOnly(list)
	if err != nil {
		return err
	}
	for _, r := range list {
		f.Armies = append(f.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit, Updated: r.Updated})
	}
	if f.Scenarios, err = a.scenarioChoices(c); err != nil {
		return err
	}
	// A scenario shared with the asker, when the form was opened from its link's page.
	if tok, ok := strings.CutPrefix(f.Scenario, sharedScenario); ok && validID(tok) {
		if s, err := a.store.ScenarioByShare(ctx, tok); err == nil {
			f.Scenarios = append(f.Scenarios, views.Choice{Value: f.Scenario, Label: s.Name + " (shared with you)", Note: "A scenario shared with you by its link."})
		}
	}
	recent, err := a.store.ListSims(ctx, ownerID(c), 20)
	if err != nil {
		return err
	}
	f.Recent = simRows(recent, "/sims")
	if f.Running, err = a.runningMatchup(ctx, ownerID(c)); err != nil {
		return err
	}
	p := page(c, "Play a matchup", "sim")
	p.Flash = f.Flash
	return render(c, status, views.SimFormPage(p, f))
}

// builtinScenarioChoices are the built-in scenarios as a form's choices.
func builtinScenarioChoices() []views.Choice {
	var out []views.Choice
	for _, s := range battle.Scenarios() {
		out = append(out, views.Choice{Value: s.ID, Label: s.Name, Note: s.Description})
	}
	return out
}

// scenarioChoices are the scenarios a form offers the asker: the built-in ones, then the
// asker's own (issue 33: "mine:" and the id).
func (a *app) scenarioChoices(c *echo.Context) ([]views.Choice, error) {
	out := builtinScenarioChoices()
	mine, err := a.store.Scenarios(c.Request().Context(), ownerID(c))
	if err != nil {
		return nil, err
	}
	for _, s := range mine {
		out = append(out, views.Choice{Value: mineScenario + s.ID, Label: s.Name + " (yours)", Note: "Your scenario: designed at /scenarios/" + s.ID + "."})
	}
	return out, nil
}

// playedScenarioChoices are the built-in scenarios, and the one a job was played on when it
// was a player's own (name as the form gave it, its file kept), so that the page shows the
// field it was played on.
func playedScenarioChoices(name string, file []byte) []views.Choice {
	out := builtinScenarioChoices()
	if len(file) > 0 {
		label := name
		if f, err := battle.ParseScenario(file); err == nil {
			label = f.Scenario.Name
		}
		out = append(out, views.Choice{Value: name, Label: label + " (as it was played)", Note: "A player's own scenario, as it was when this was asked for."})
	}
	return out
}

// mineScenario prefixes one of the asker's own scenarios' ids where a form names a
// scenario: the built-in ones are named by their ids alone.
const mineScenario = "mine:"

// sharedScenario prefixes a scenario shared with the asker, by its link's token.
const sharedScenario = "shared:"

// matchupScenario is the scenario a form names: one of the asker's own ("mine:" and its
// id) or one shared with them ("shared:" and its link's token), with its file to carry in
// the matchup's request, or a built-in by name (no file).
func (a *app) matchupScenario(c *echo.Context, name string) (*battle.Field, []byte, error) {
	var rec db.Scenario
	var err error
	if tok, ok := strings.CutPrefix(name, sharedScenario); ok {
		if !validID(tok) {
			return nil, nil, errors.New("this scenario link opens nothing")
		}
		rec, err = a.store.ScenarioByShare(c.Request().Context(), tok)
		if errors.Is(err, db.ErrNotFound) {
			return nil, nil, errors.New("this scenario link opens nothing: it was revoked, or the scenario deleted")
		}
	} else {
		id, ok := strings.CutPrefix(name, mineScenario)
		if !ok {
			f, err := battle.LoadScenario(name)
			return f, nil, err
		}
		if !validID(id) {
			return nil, nil, errors.New("there is no such scenario among yours")
		}
		rec, err = a.store.Scenario(c.Request().Context(), ownerID(c), id)
		if errors.Is(err, db.ErrNotFound) {
			return nil, nil, errors.New("there is no such scenario among yours: it may have been deleted")
		}
	}
	if err != nil {
		return nil, nil, err
	}
	f, err := battle.ParseScenario(rec.Body)
	if err != nil {
		return nil, nil, fmt.Errorf("your scenario %s is not one Muster can play: %w", rec.Name, err)
	}
	return f, rec.Body, nil
}

// simField is the field a saved matchup was played on: the scenario file it kept (a
// player's own scenario, as it was then), or the built-in it names.
func simField(m db.Sim) (*battle.Field, error) {
	if len(m.ScenarioFile) > 0 {
		return battle.ParseScenario(m.ScenarioFile)
	}
	return battle.LoadScenario(m.Scenario)
}

// simScenarioName names a saved matchup's scenario: its own file's name, or the built-in's.
func simScenarioName(m db.Sim) string { return fileScenarioName(m.Scenario, m.ScenarioFile) }

// fileScenarioName names a scenario a request or a record gives by name and, for a
// player's own, by its file.
func fileScenarioName(name string, file []byte) string {
	if len(file) > 0 {
		if sc, err := design.Parse(file); err == nil {
			return sc.Name
		}
	}
	return scenarioName(name)
}

func scenarioName(id string) string {
	if f, err := battle.LoadScenario(id); err == nil {
		return f.Scenario.Name
	}
	return id
}

// startRun queues a matchup of two forces (built already, to refuse in words armies that
// cannot take the field) for the asking owner.
func (a *app) startRun(ctx context.Context, owner string, field *battle.Field, forces [2]*battle.Force, req jobs.MatchupRequest) (db.Matchup, error) {
	if a.jobs == nil {
		return db.Matchup{}, errors.New("matchups are not played on this server")
	}
	title := fmt.Sprintf("%s against %s on %s", forces[0].Name, forces[1].Name, field.Scenario.Name)
	return a.jobs.Submit(ctx, owner, title, req)
}

// askCtx is the request's context saying who asks for the jobs it queues (jobs.Asking):
// where from (an IPv6 address by its /64, as one home or office has one) and whether a guest.
func (a *app) askCtx(c *echo.Context) context.Context {
	addr := c.RealIP()
	if ip := net.ParseIP(addr); ip != nil && ip.To4() == nil {
		addr = ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return jobs.Asking(c.Request().Context(), addr, owner(c).Guest())
}

// queueStatus is the status of a page refusing a job for a fair share: 409 for the owner's
// job in the way, 429 for the address's guests' battles, 400 for too many battles.
func queueStatus(err error) int {
	var ab *db.ErrAddressBusy
	switch {
	case errors.As(err, &ab):
		return http.StatusTooManyRequests
	case errors.Is(err, db.ErrBusy):
		return http.StatusConflict
	}
	return http.StatusBadRequest
}

// queueRefusal says in words why a fair share refused a job (db.Bounds), "" when err is not one.
func queueRefusal(err error) string {
	var ab *db.ErrAddressBusy
	var tm *db.ErrTooMany
	switch {
	case errors.Is(err, db.ErrBusy):
		return busyWords
	case errors.As(err, &ab):
		return fmt.Sprintf("Visitors without an account on your network have %d battles queued already, as many as they may have at once (%d): sign in or sign up to queue yours, or wait for theirs to finish.",
			ab.Queued, ab.Bound)
	case errors.As(err, &tm):
		return fmt.Sprintf("Battles: %d is more than the %d you may have queued at once; ask for fewer, or sign in (an account may have more).", tm.Battles, tm.Bound)
	}
	return ""
}

// runningMatchup is owner's matchup queued or playing, for the pages that start one to link
// (with its cancel button): nil when there is none.
func (a *app) runningMatchup(ctx context.Context, owner string) (*views.RunningMatchup, error) {
	m, err := a.store.OwnerActiveMatchup(ctx, owner)
	if errors.Is(err, db.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &views.RunningMatchup{ID: m.ID, Title: m.Title, Queued: m.Status == db.MatchupQueued}, nil
}

// headFile is one of owner's armies at its head: the record, the file and the army read.
func (a *app) headFile(ctx context.Context, owner, id string) (db.Army, []byte, *roster.Army, error) {
	rec, file, err := a.store.Get(ctx, owner, id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return db.Army{}, nil, nil, errNoArmy
	}
	if err != nil {
		return db.Army{}, nil, nil, err
	}
	key := fmt.Sprintf("%s@%d", id, rec.Version)
	if army := a.parsed.get(key); army != nil {
		return rec, file, army, nil
	}
	army, err := readStored(id, file)
	if err != nil {
		return db.Army{}, nil, nil, err
	}
	a.parsed.put(key, army)
	return rec, file, army, nil
}

// runState is a matchup's progress as its page and events show it: from the database, so
// that any web process answers for any matchup.
type runState struct {
	m      db.Matchup
	done   int // battles played: the saved chunks' while it plays, all of them once done
	queued int // matchups ahead of it, while none of its chunks is saved
}

// ownRun reads one of the asking owner's matchups and its progress.
func (a *app) ownRun(c *echo.Context) (runState, error) {
	ctx := c.Request().Context()
	id := c.Param("job")
	if !validID(id) {
		return runState{}, db.ErrNotFound
	}
	m, err := a.store.OwnerMatchup(ctx, ownerID(c), id)
	if err != nil {
		return runState{}, err
	}
	st := runState{m: m}
	switch {
	case m.Status == db.MatchupDone:
		st.done = m.Battles // its chunks went into the result, and are gone
	case m.Over():
		// Cancelled or failed: nothing of it was kept.
	default:
		if _, st.done, err = a.store.ChunkProgress(ctx, m.ID); err != nil {
			return runState{}, err
		}
		st.done = max(st.done, m.Progress) // a what-if says how far it is as it plays
	}
	if m.Status == db.MatchupQueued && st.done == 0 {
		if st.queued, err = a.store.MatchupsAhead(ctx, m); err != nil {
			return runState{}, err
		}
	}
	return st, nil
}

// runError is a missing run's answer: another owner's reads as not found.
func runError(err error, msg string) error {
	if errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, msg)
	}
	return err
}

// runHeading is a progress page's heading, by what is played.
func runHeading(kind string) string {
	switch kind {
	case db.KindWhatIf:
		return "Playing a what-if"
	case db.KindRoundRobin:
		return "Playing a round robin"
	case db.KindOptimize:
		return "Searching for what to bring"
	case db.KindSWM, db.KindQRS:
		return "Playing a quick-resolve"
	case db.KindFair:
		return "Trying whether it is fair"
	}
	return "Playing a matchup"
}

// ownJob reads one of the asking owner's matchup rows of a kind, for its result page:
// another owner's, or another kind's, is not found.
func (a *app) ownJob(c *echo.Context, kind string) (db.Matchup, error) {
	id := c.Param("job")
	if !validID(id) {
		return db.Matchup{}, echo.NewHTTPError(http.StatusNotFound, "There is no such result.")
	}
	m, err := a.store.OwnerMatchup(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) || err == nil && m.Kind != kind {
		return db.Matchup{}, echo.NewHTTPError(http.StatusNotFound, "There is no such result.")
	}
	return m, err
}

const (
	// eventWriteTimeout bounds one event's write to a progress stream.
	eventWriteTimeout = 10 * time.Second
	// restartRetry is how long a progress page waits to reconnect after a "restart".
	restartRetry = 1500 * time.Millisecond
)

// cancelledURL is the matchup form after a cancel: it says so, with the cancelled matchup's
// picks (armies, scenario, battles) filled in again.
func cancelledURL(c *echo.Context, m db.Matchup) string {
	q := url.Values{"cancelled": {"1"}}
	switch m.Kind {
	case db.KindWhatIf:
		var req jobs.WhatIfRequest
		if err := json.Unmarshal(m.Request, &req); err == nil && validID(req.Sim) {
			q.Set("side", req.Side)
			q.Set("battles", strconv.Itoa(req.Battles))
			q.Set("variants", strconv.Itoa(req.Variants))
			return "/sims/" + req.Sim + "/whatif?" + q.Encode()
		}
		return "/sim?" + q.Encode()
	case db.KindOptimize:
		var req jobs.OptimizeRequest
		err := json.Unmarshal(m.Request, &req)
		if g := req.Game; err == nil && g != nil {
			// A game's search: the gamemaster's form on the list again, the player's game;
			// its progress page if this browser cannot open the game's link.
			base, ok := openLink(c, g.Base)
			switch {
			case !ok:
				return "/sim/run/" + m.ID
			case g.By == optimizeByGM:
				return base + "/lists/" + g.List + "/optimize?" + q.Encode()
			}
			return base + "?" + q.Encode()
		}
		if err == nil && validID(req.ArmyID) {
			q.Set("battles", strconv.Itoa(req.Battles))
			q.Set("budget", strconv.Itoa(req.Budget))
			q.Set("scenario", req.Scenario)
			for _, o := range req.Opponents {
				q.Add("opponent", o.ID)
			}
			return "/armies/" + req.ArmyID + "/optimize?" + q.Encode()
		}
		return "/armies?" + q.Encode()
	case db.KindRoundRobin:
		var req jobs.RoundRobinRequest
		if err := json.Unmarshal(m.Request, &req); err == nil && req.Action != "" {
			if action, ok := openLink(c, req.Action); ok {
				return action + "?" + q.Encode()
			}
			return "/sim/run/" + m.ID
		}
		return "/roundrobin?" + q.Encode()
	case db.KindSWM:
		var req jobs.SWMRequest
		if err := json.Unmarshal(m.Request, &req); err == nil {
			q.Set("a", req.IDs[0])
			q.Set("b", req.IDs[1])
			q.Set("scenario", req.Scenario)
			q.Set("battles", strconv.Itoa(req.Battles))
			q.Set("seed", strconv.FormatUint(req.Seed, 10))
		}
		return "/swm/quick-resolve?" + q.Encode()
	case db.KindQRS:
		return "/qrs/sim?" + q.Encode()
	case db.KindFair:
		return fairFormURL(m.Request, q)
	}
	var req jobs.MatchupRequest
	if err := json.Unmarshal(m.Request, &req); err == nil && req.Ask.Game == "" {
		q.Set("a", req.Ask.ArmyA)
		q.Set("b", req.Ask.ArmyB)
		q.Set("scenario", req.Scenario)
		q.Set("battles", strconv.Itoa(req.Battles))
		// A seed the player wrote comes back; one drawn for an empty field does not, so
		// that the form still draws a new one.
		if req.SeedTyped {
			q.Set("seed", strconv.FormatUint(req.Seed, 10))
		}
	}
	return "/sim?" + q.Encode()
}

// loadSim reads a saved matchup and its summary.
func (a *app) loadSim(c *echo.Context) (db.Sim, *battle.Summary, jobs.Charts, error) {
	var ch jobs.Charts
	id := c.Param("id")
	if !validID(id) {
		return db.Sim{}, nil, ch, echo.NewHTTPError(http.StatusNotFound, "There is no such matchup.")
	}
	m, err := a.store.GetSim(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) || err == nil && m.Status != db.SimDone {
		return m, nil, ch, errNoSim
	}
	if err != nil {
		return m, nil, ch, err
	}
	var s battle.Summary
	if err := json.Unmarshal(m.Summary, &s); err != nil {
		return m, nil, ch, fmt.Errorf("matchup %s: %w", id, err)
	}
	if err := json.Unmarshal(m.Charts, &ch); err != nil {
		return m, nil, ch, fmt.Errorf("matchup %s: %w", id, err)
	}
	return m, &s, ch, nil
}

var errNoSim = echo.NewHTTPError(http.StatusNotFound, "There is no such matchup.")

// brokenArmies says which of a matchup's armies broke their rules as they were played (the
// versions it played), so that nobody takes the odds of an illegal army for a legal one's.
// An army no longer to be read is passed over: the page shows what was played either way.
func (a *app) brokenArmies(ctx context.Context, owner string, m db.Sim) []views.Link {
	var out []views.Link
	for _, p := range []struct {
		id string
		v  int
	}{{m.ArmyA, m.VersionA}, {m.ArmyB, m.VersionB}} {
		if p.id == m.ArmyB && p.id == m.ArmyA && len(out) > 0 {
			break // the same army on both sides
		}
		ver, err := a.store.Version(ctx, owner, p.id, p.v)
		if err != nil {
			continue
		}
		army, err := readStored(p.id, ver.File)
		if err != nil || army.System != "" && army.System != "swmb" {
			continue
		}
		n := 0
		for _, pr := range costing.Evaluate(a.cat, army, nil).Problems {
			if pr.Severity == roster.Error {
				n++
			}
		}
		if n > 0 {
			out = append(out, views.Link{URL: "/armies/" + p.id + "/edit",
				Text: fmt.Sprintf("%s breaks its rules as played (version %d, %s): these are the odds of an army a gamemaster would not accept.", army.Name, p.v, views.Plural(n, "problem", "problems"))})
		}
	}
	return out
}

// simView is what a saved matchup's page shows, and its title.
func simView(m db.Sim) (views.SimView, string, error) {
	var s battle.Summary
	var ch jobs.Charts
	if err := json.Unmarshal(m.Summary, &s); err != nil {
		return views.SimView{}, "", fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Charts, &ch); err != nil {
		return views.SimView{}, "", fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	// Worked out from the counts, so that matchups saved before the summary carried the
	// expected score show it too.
	s.A.Score, s.A.ScoreCI95 = battle.Score(s.A.Wins, s.Draws, s.Battles)
	s.B.Score, s.B.ScoreCI95 = battle.Score(s.B.Wins, s.Draws, s.Battles)
	v := views.SimView{ID: m.ID, Scenario: ch.ScenarioName, ScenarioID: m.Scenario, Battles: s.Battles, Seed: m.Seed,
		SampleSeed: ch.SampleSeed, Elapsed: m.Elapsed, Created: m.Created, ArmyA: m.ArmyA, ArmyB: m.ArmyB,
		A: views.SimSide{Name: s.A.Name, Wins: s.A.Wins, Rate: s.A.WinRate, CI: s.A.CI95, Score: s.A.Score, ScoreCI: s.A.ScoreCI95, Lost: s.A.SGPLost.Mean, P10: s.A.SGPLost.P10,
			P50: s.A.SGPLost.P50, P90: s.A.SGPLost.P90, Total: ch.TotalA, Hist: ch.LostA},
		B: views.SimSide{Name: s.B.Name, Wins: s.B.Wins, Rate: s.B.WinRate, CI: s.B.CI95, Score: s.B.Score, ScoreCI: s.B.ScoreCI95, Lost: s.B.SGPLost.Mean, P10: s.B.SGPLost.P10,
			P50: s.B.SGPLost.P50, P90: s.B.SGPLost.P90, Total: ch.TotalB, Hist: ch.LostB},
		Draws: s.Draws, DrawRate: ch.DrawRate, DrawCI: ch.DrawCI, TurnCounts: ch.TurnCounts, TurnMean: s.Turns.Mean,
		NotSimulated: s.NotSimulated, SampleLog: m.SampleLog}
	for i, u := range s.Units {
		row := views.SimUnit{Army: u.Army, Name: u.Name, Survival: u.SurvivalRate, PerSGP: u.SGPDestroyedPerSGP}
		if i < len(ch.UnitSGP) {
			row.SGP = ch.UnitSGP[i]
		}
		v.Units = append(v.Units, row)
	}
	v.Why = whyOf(&s, ch)
	sort.SliceStable(v.Units, func(i, j int) bool { return v.Units[i].PerSGP > v.Units[j].PerSGP })
	return v, "Matchup: " + s.A.Name + " against " + s.B.Name, nil
}

// simRows are saved matchups as listed, each linking under base ("/sims", or a game's).
func simRows(list []db.Sim, base string) []views.SimRow {
	var rows []views.SimRow
	for _, m := range list {
		if m.Status == db.SimInterrupted {
			rows = append(rows, views.SimRow{ID: m.ID, Base: base, A: m.ArmyA, B: m.ArmyB, Scenario: simScenarioName(m),
				Battles: m.Battles, Created: m.Created, Interrupted: true})
			continue
		}
		var s battle.Summary
		if json.Unmarshal(m.Summary, &s) != nil {
			continue
		}
		rows = append(rows, views.SimRow{ID: m.ID, Base: base, A: s.A.Name, B: s.B.Name, Scenario: simScenarioName(m),
			Battles: m.Battles, AWin: s.A.WinRate, BWin: s.B.WinRate, Created: m.Created})
	}
	return rows
}

// playedJob reads one of the asker's jobs of kind (what names it in an error): done false
// while it is not played (the browser is then sent to its progress page), else its request
// and result as saved.
func playedJob[Req, Res any](a *app, c *echo.Context, kind, what string) (m db.Matchup, req Req, res Res, done bool, err error) {
	if m, err = a.ownJob(c, kind); err != nil {
		return m, req, res, false, err
	}
	if m.Status != db.MatchupDone {
		return m, req, res, false, c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return m, req, res, false, fmt.Errorf("%s %s: %w", what, m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil {
		return m, req, res, false, fmt.Errorf("%s %s: its result does not read: %w", what, m.ID, err)
	}
	return m, req, res, true, nil
}
