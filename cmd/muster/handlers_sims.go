package main

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/battle"
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

const (
	// finishedRunTTL is how long a finished run's progress page keeps its link to the result.
	finishedRunTTL = 10 * time.Minute
)

// simSlots is how many matchups are played at once: one per core but one, which is left
// for page requests (each matchup plays on one goroutine).
func simSlots() int {
	return max(1, runtime.NumCPU()-1)
}

// simRuns are the matchups being played or waiting. Fair between owners: each owner has at
// most one matchup queued or running, and the queue is first come, first served, so no
// owner can take every slot. The zero value (with slots set) is ready to use.
type simRuns struct {
	mu      sync.Mutex
	jobs    map[string]*simRun
	slots   int
	running int
	queue   []*simRun          // waiting, oldest first
	live    map[string]*simRun // each owner's queued or running matchup
	closed  bool               // the server is shutting down
}

// simRun is one matchup being played in the background.
type simRun struct {
	id        string
	owner     string
	total     int
	done      atomic.Int64
	ctx       context.Context
	cancel    context.CancelFunc
	over      chan struct{} // closed when the run ends
	title     string
	play      func(ctx context.Context) (string, error) // plays and saves; answers the result's address
	request   db.Sim                                    // what was asked, to record an interrupted run
	resultURL string                                    // the result, once done
	err       error
	stopped   atomic.Bool // cancelled by its owner
	started   atomic.Bool // out of the queue
}

func (r *simRuns) get(id string) *simRun {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.jobs[id]
}

// simRequest is the form's shape.
type simRequest struct {
	A        string `validate:"required,max=64"`
	B        string `validate:"required,max=64"`
	Scenario string `validate:"max=64"`
	Battles  int    `validate:"min=1,max=100000"`
	Seed     string `validate:"max=24"`
}

func (a *app) simForm(c *echo.Context) error {
	return a.renderSimForm(c, http.StatusOK, views.SimForm{Battles: 1000, Scenario: battle.DefaultScenario,
		A: c.QueryParam("a"), B: c.QueryParam("b")})
}

func (a *app) renderSimForm(c *echo.Context, status int, f views.SimForm) error {
	ctx := c.Request().Context()
	list, err := a.store.List(ctx, ownerID(c))
	if err != nil {
		return err
	}
	for _, r := range list {
		f.Armies = append(f.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit})
	}
	for _, s := range battle.Scenarios() {
		f.Scenarios = append(f.Scenarios, views.Choice{Value: s.ID, Label: s.Name, Note: s.Description})
	}
	recent, err := a.store.ListSims(ctx, ownerID(c), 20)
	if err != nil {
		return err
	}
	f.Recent = simRows(recent, "/sims")
	return render(c, status, views.SimFormPage(page(c, "Play a matchup", "sim"), f))
}

func scenarioName(id string) string {
	if f, err := battle.LoadScenario(id); err == nil {
		return f.Scenario.Name
	}
	return id
}

// startSim checks the form, builds both armies' forces and starts the run.
func (a *app) startSim(c *echo.Context) error {
	f := views.SimForm{A: c.FormValue("a"), B: c.FormValue("b"), Scenario: c.FormValue("scenario"), Seed: c.FormValue("seed"),
		Errors: map[string]string{}}
	n, err := strconv.Atoi(c.FormValue("battles"))
	if err != nil {
		f.Errors["battles"] = "Write how many battles to play, from 1 to 100000."
	}
	f.Battles = n
	req := simRequest{A: f.A, B: f.B, Scenario: f.Scenario, Battles: n, Seed: f.Seed}
	if a.validate.Struct(req) != nil || !validID(req.A) || !validID(req.B) {
		if f.A == "" || f.B == "" {
			f.Errors["armies"] = "Choose two saved armies."
		} else if len(f.Errors) == 0 {
			f.Errors["battles"] = "Write how many battles to play, from 1 to 100000."
		}
	}
	field, err := battle.LoadScenario(f.Scenario)
	if err != nil {
		f.Errors["scenario"] = err.Error()
	}
	var seed uint64
	if f.Seed == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if seed, err = strconv.ParseUint(f.Seed, 10, 64); err != nil {
		f.Errors["seed"] = "The seed is a whole number from 0 to 18446744073709551615, or empty for a new one."
	}
	if len(f.Errors) > 0 {
		return a.renderSimForm(c, http.StatusBadRequest, f)
	}
	ctx := c.Request().Context()
	var forces [2]*battle.Force
	var versions [2]int
	for i, id := range []string{f.A, f.B} {
		rec, army, err := a.headShared(ctx, ownerID(c), id)
		if errors.Is(err, errNoArmy) || errors.Is(err, db.ErrNotFound) {
			f.Errors["armies"] = "There is no such army: choose two of your saved armies."
			return a.renderSimForm(c, http.StatusBadRequest, f)
		}
		if err != nil {
			return err
		}
		force, err := battle.NewForce(a.catalogFor(army), army)
		if err != nil {
			f.Errors["armies"] = fmt.Sprintf("%s cannot take the field: %v", rec.Name, err)
			return a.renderSimForm(c, http.StatusBadRequest, f)
		}
		forces[i], versions[i] = force, rec.Version
	}
	owner := ownerID(c)
	ids := [2]string{f.A, f.B}
	asked := db.Sim{Owner: owner, ArmyA: ids[0], VersionA: versions[0], ArmyB: ids[1], VersionB: versions[1],
		Scenario: f.Scenario, Battles: n, Seed: strconv.FormatUint(seed, 10)}
	run, err := a.startRun(owner, field, forces, n, seed, asked, func(s *battle.Summary, elapsed time.Duration) (string, error) {
		m, err := saveSummary(a.store, s, forces, asked, elapsed)
		return "/sims/" + m.ID, err
	})
	if errors.Is(err, errBusy) {
		f.Errors["armies"] = "You have a matchup being played already: wait for it to finish, or cancel it, before starting another."
		return a.renderSimForm(c, http.StatusConflict, f)
	}
	if err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+run.id)
}

// errBusy is a second matchup asked for by an owner who has one queued or running.
var errBusy = errors.New("you have a matchup being played already: wait for it to finish, or cancel it, before starting another")

// enqueue queues a matchup for its owner and starts it when a slot is free.
func (r *simRuns) enqueue(run *simRun) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errors.New("the server is restarting: try again in a moment")
	}
	if r.jobs == nil {
		r.jobs, r.live = map[string]*simRun{}, map[string]*simRun{}
	}
	if prev := r.live[run.owner]; prev != nil {
		return errBusy
	}
	r.jobs[run.id] = run
	r.live[run.owner] = run
	r.queue = append(r.queue, run)
	r.startQueued()
	return nil
}

// startQueued starts queued runs while slots are free. r.mu is held.
func (r *simRuns) startQueued() {
	for r.running < max(r.slots, 1) && len(r.queue) > 0 {
		run := r.queue[0]
		r.queue = r.queue[1:]
		r.running++
		run.started.Store(true)
		go r.runOne(run)
	}
}

// position is how many runs wait before this one (0: playing, or first in line).
func (r *simRuns) position(run *simRun) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, q := range r.queue {
		if q == run {
			return i + 1
		}
	}
	return 0
}

func (r *simRuns) runOne(run *simRun) {
	url, err := run.play(run.ctx)
	switch {
	case errors.Is(err, context.Canceled) && run.stopped.Load():
	case err != nil:
		run.err = err
	default:
		run.resultURL = url
	}
	r.finish(run)
}

// finish ends a run: frees its slot and its owner, starts the next, and forgets the run a
// while later.
func (r *simRuns) finish(run *simRun) {
	r.mu.Lock()
	if run.started.Load() {
		r.running--
	}
	if r.live[run.owner] == run {
		delete(r.live, run.owner)
	}
	r.queue = slices.DeleteFunc(r.queue, func(q *simRun) bool { return q == run })
	if !r.closed {
		r.startQueued()
	}
	r.mu.Unlock()
	close(run.over)
	time.AfterFunc(finishedRunTTL, func() {
		r.mu.Lock()
		delete(r.jobs, run.id)
		r.mu.Unlock()
	})
}

// cancel stops a run, queued or playing.
func (r *simRuns) cancelRun(run *simRun) {
	run.stopped.Store(true)
	run.cancel()
	r.mu.Lock()
	queued := !run.started.Load() && slices.Contains(r.queue, run)
	r.mu.Unlock()
	if queued {
		r.finish(run)
	}
}

// shutdown stops every run and returns those it interrupted (queued or playing), for the
// caller to record: a matchup is never silently dropped.
func (r *simRuns) shutdown() []*simRun {
	r.mu.Lock()
	r.closed = true
	var cut []*simRun
	for _, run := range r.live {
		cut = append(cut, run)
	}
	r.mu.Unlock()
	for _, run := range cut {
		run.cancel()
	}
	for _, run := range cut {
		if run.started.Load() {
			<-run.over
		}
	}
	return cut
}

// startRun queues a matchup of two forces for the asking owner; done saves the result and
// answers its address.
func (a *app) startRun(owner string, field *battle.Field, forces [2]*battle.Force, n int, seed uint64,
	req db.Sim, save func(s *battle.Summary, elapsed time.Duration) (string, error)) (*simRun, error) {
	id, err := runToken()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &simRun{id: id, owner: owner, total: n, ctx: ctx, cancel: cancel, over: make(chan struct{}), request: req,
		title: fmt.Sprintf("%s against %s on %s", forces[0].Name, forces[1].Name, field.Scenario.Name)}
	run.play = func(ctx context.Context) (string, error) {
		began := time.Now()
		sum, err := battle.Simulate(ctx, field, forces[0], forces[1], battle.SimOptions{Battles: n, Seed: seed, SampleLog: true,
			Workers: 1, Progress: func(d int) { run.done.Store(int64(d)) }})
		if err != nil {
			return "", err
		}
		url, err := save(sum, time.Since(began))
		if err != nil {
			a.log.Error("matchup not saved", "err", err)
			return "", errors.New("the matchup was played but could not be saved")
		}
		return url, nil
	}
	if err := a.runs.enqueue(run); err != nil {
		cancel()
		return nil, err
	}
	return run, nil
}

// recordInterrupted saves what a shutdown interrupted, so that its owner sees it and can
// play it again.
func (a *app) recordInterrupted(ctx context.Context) {
	for _, run := range a.runs.shutdown() {
		m := run.request
		m.Status = db.SimInterrupted
		if _, err := a.store.SaveSim(ctx, m); err != nil {
			a.log.Error("interrupted matchup not recorded", "err", err)
		}
	}
}

func runToken() (string, error) {
	var b [12]byte
	if _, err := crand.Read(b[:]); err != nil {
		return "", err
	}
	return fmt.Sprintf("%x", b), nil
}

// simCharts is what the result page's pictures are drawn from (saved beside the summary).
type simCharts struct {
	ScenarioName string     `json:"scenario_name"`
	DrawRate     float64    `json:"draw_rate"`
	DrawCI       [2]float64 `json:"draw_ci"`
	TurnCounts   []int      `json:"turn_counts"`
	LostA        views.Hist `json:"lost_a"`
	LostB        views.Hist `json:"lost_b"`
	TotalA       int        `json:"total_a"`
	TotalB       int        `json:"total_b"`
	SampleSeed   string     `json:"sample_seed"`
	UnitSGP      []int      `json:"unit_sgp"`
}

// saveSummary saves a played matchup as asked (req: owner or game, armies and versions).
func saveSummary(store *db.Store, s *battle.Summary, forces [2]*battle.Force, req db.Sim, elapsed time.Duration) (db.Sim, error) {
	sum, err := json.Marshal(s)
	if err != nil {
		return db.Sim{}, err
	}
	ch := simCharts{ScenarioName: s.ScenarioName, DrawRate: s.DrawRate, DrawCI: s.DrawCI, TurnCounts: s.TurnCounts,
		LostA: views.Histogram(s.LostA, forces[0].Total), LostB: views.Histogram(s.LostB, forces[1].Total),
		TotalA: forces[0].Total, TotalB: forces[1].Total, SampleSeed: strconv.FormatUint(s.SampleSeed, 10)}
	for _, u := range s.Units {
		ch.UnitSGP = append(ch.UnitSGP, u.SGP)
	}
	charts, err := json.Marshal(ch)
	if err != nil {
		return db.Sim{}, err
	}
	m := req
	m.Scenario, m.Battles, m.Seed, m.Summary, m.Charts = s.Scenario, s.Battles, strconv.FormatUint(s.Seed, 10), sum, charts
	m.SampleLog, m.Elapsed, m.Status = s.SampleLog, elapsed, db.SimDone
	return store.SaveSim(context.Background(), m)
}

// simProgress is the running matchup's page: a progress bar the script keeps up to date,
// and a cancel button. A finished run goes straight to its result.
func (a *app) simProgress(c *echo.Context) error {
	run := a.runs.get(c.Param("job"))
	if run == nil || run.owner != ownerID(c) {
		return echo.NewHTTPError(http.StatusNotFound, "That matchup is no longer running; its result, if it finished, is in the list on the matchup page.")
	}
	select {
	case <-run.over:
		if run.resultURL != "" {
			return c.Redirect(http.StatusSeeOther, run.resultURL)
		}
	default:
	}
	v := views.SimRunView{ID: run.id, Title: run.title, Total: run.total, Done: int(run.done.Load()), Stopped: run.stopped.Load(),
		Queued: a.runs.position(run)}
	if run.err != nil {
		v.Error = run.err.Error()
	}
	return render(c, http.StatusOK, views.SimRunPage(page(c, "Playing a matchup", "sim"), v))
}

// simEvents streams a run's progress as server-sent events: "progress" with {done, total}
// about ten times a second, then "done" with the result's address, "cancelled" or "failed".
func (a *app) simEvents(c *echo.Context) error {
	run := a.runs.get(c.Param("job"))
	if run == nil || run.owner != ownerID(c) {
		return echo.NewHTTPError(http.StatusNotFound, "That matchup is no longer running.")
	}
	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	send := func(event string, data any) error {
		b, _ := json.Marshal(data)
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return err
		}
		return rc.Flush()
	}
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		if err := send("progress", map[string]int{"done": int(run.done.Load()), "total": run.total, "queued": a.runs.position(run)}); err != nil {
			return nil
		}
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-run.over:
			switch {
			case run.resultURL != "":
				_ = send("progress", map[string]int{"done": run.total, "total": run.total})
				_ = send("done", map[string]string{"url": run.resultURL})
			case run.stopped.Load():
				_ = send("cancelled", map[string]string{"url": "/sim"})
			default:
				msg := "the matchup could not be played"
				if run.err != nil {
					msg = run.err.Error()
				}
				_ = send("failed", map[string]string{"error": msg})
			}
			return nil
		case <-tick.C:
		}
	}
}

func (a *app) cancelSim(c *echo.Context) error {
	run := a.runs.get(c.Param("job"))
	if run == nil || run.owner != ownerID(c) {
		return echo.NewHTTPError(http.StatusNotFound, "That matchup is no longer running.")
	}
	a.runs.cancelRun(run)
	return c.Redirect(http.StatusSeeOther, "/sim?cancelled=1")
}

// loadSim reads a saved matchup and its summary.
func (a *app) loadSim(c *echo.Context) (db.Sim, *battle.Summary, simCharts, error) {
	var ch simCharts
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

func (a *app) showSim(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	v, title, err := simView(m)
	if err != nil {
		return err
	}
	v.Base = "/sims/" + m.ID
	v.Again = &views.SimAgain{Action: "/sim", A: m.ArmyA, B: m.ArmyB, Scenario: m.Scenario, Battles: m.Battles}
	return render(c, http.StatusOK, views.SimPage(page(c, title, "sim"), v))
}

// simView is what a saved matchup's page shows, and its title.
func simView(m db.Sim) (views.SimView, string, error) {
	var s battle.Summary
	var ch simCharts
	if err := json.Unmarshal(m.Summary, &s); err != nil {
		return views.SimView{}, "", fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Charts, &ch); err != nil {
		return views.SimView{}, "", fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	v := views.SimView{ID: m.ID, Scenario: ch.ScenarioName, ScenarioID: m.Scenario, Battles: s.Battles, Seed: m.Seed,
		SampleSeed: ch.SampleSeed, Elapsed: m.Elapsed, Created: m.Created, ArmyA: m.ArmyA, ArmyB: m.ArmyB,
		A: views.SimSide{Name: s.A.Name, Wins: s.A.Wins, Rate: s.A.WinRate, CI: s.A.CI95, Lost: s.A.SGPLost.Mean, P10: s.A.SGPLost.P10,
			P50: s.A.SGPLost.P50, P90: s.A.SGPLost.P90, Total: ch.TotalA, Hist: ch.LostA},
		B: views.SimSide{Name: s.B.Name, Wins: s.B.Wins, Rate: s.B.WinRate, CI: s.B.CI95, Lost: s.B.SGPLost.Mean, P10: s.B.SGPLost.P10,
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
	sort.SliceStable(v.Units, func(i, j int) bool { return v.Units[i].PerSGP > v.Units[j].PerSGP })
	return v, "Matchup: " + s.A.Name + " against " + s.B.Name, nil
}

// simRows are saved matchups as listed, each linking under base ("/sims", or a game's).
func simRows(list []db.Sim, base string) []views.SimRow {
	var rows []views.SimRow
	for _, m := range list {
		if m.Status == db.SimInterrupted {
			rows = append(rows, views.SimRow{ID: m.ID, Base: base, A: m.ArmyA, B: m.ArmyB, Scenario: scenarioName(m.Scenario),
				Battles: m.Battles, Created: m.Created, Interrupted: true})
			continue
		}
		var s battle.Summary
		if json.Unmarshal(m.Summary, &s) != nil {
			continue
		}
		rows = append(rows, views.SimRow{ID: m.ID, Base: base, A: s.A.Name, B: s.B.Name, Scenario: scenarioName(m.Scenario),
			Battles: m.Battles, AWin: s.A.WinRate, BWin: s.B.WinRate, Created: m.Created})
	}
	return rows
}

// simJSON answers the saved summary: the shape of `muster sim --json`.
func (a *app) simJSON(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, m.Summary)
}
