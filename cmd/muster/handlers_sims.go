package main

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
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
	maxWebBattles  = 100_000
	maxRunningSims = 2
	// finishedRunTTL is how long a finished run's progress page keeps its link to the result.
	finishedRunTTL = 10 * time.Minute
)

// simRuns are the matchups being played. The zero value is ready to use.
type simRuns struct {
	mu      sync.Mutex
	jobs    map[string]*simRun
	running int
}

// simRun is one matchup being played in the background.
type simRun struct {
	id      string
	total   int
	done    atomic.Int64
	cancel  context.CancelFunc
	over    chan struct{} // closed when the run ends
	title   string
	simID   string // the saved result, once done
	err     error
	stopped bool // cancelled
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
	list, err := a.store.List(ctx)
	if err != nil {
		return err
	}
	for _, r := range list {
		f.Armies = append(f.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit})
	}
	for _, s := range battle.Scenarios() {
		f.Scenarios = append(f.Scenarios, views.Choice{Value: s.ID, Label: s.Name, Note: s.Description})
	}
	recent, err := a.store.ListSims(ctx, 20)
	if err != nil {
		return err
	}
	for _, m := range recent {
		var s battle.Summary
		if json.Unmarshal(m.Summary, &s) != nil {
			continue
		}
		f.Recent = append(f.Recent, views.SimRow{ID: m.ID, A: s.A.Name, B: s.B.Name, Scenario: scenarioName(m.Scenario),
			Battles: m.Battles, AWin: s.A.WinRate, BWin: s.B.WinRate, Created: m.Created})
	}
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
		rec, army, err := a.headShared(ctx, id)
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
	run, err := a.runs.start(a, field, forces, versions, [2]string{f.A, f.B}, n, seed)
	if err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+run.id)
}

// start plays a matchup in the background and saves it when it is done.
func (r *simRuns) start(a *app, field *battle.Field, forces [2]*battle.Force, versions [2]int, ids [2]string, n int, seed uint64) (*simRun, error) {
	id, err := runToken()
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	if r.running >= maxRunningSims {
		r.mu.Unlock()
		return nil, fmt.Errorf("%d matchups are being played already; try again when one is done", maxRunningSims)
	}
	if r.jobs == nil {
		r.jobs = map[string]*simRun{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &simRun{id: id, total: n, cancel: cancel, over: make(chan struct{}),
		title: fmt.Sprintf("%s against %s on %s", forces[0].Name, forces[1].Name, field.Scenario.Name)}
	r.jobs[id] = run
	r.running++
	r.mu.Unlock()

	go func() {
		defer func() {
			r.mu.Lock()
			r.running--
			r.mu.Unlock()
			close(run.over)
			time.AfterFunc(finishedRunTTL, func() {
				r.mu.Lock()
				delete(r.jobs, id)
				r.mu.Unlock()
			})
		}()
		began := time.Now()
		sum, err := battle.Simulate(ctx, field, forces[0], forces[1], battle.SimOptions{Battles: n, Seed: seed, SampleLog: true,
			Progress: func(d int) { run.done.Store(int64(d)) }})
		if errors.Is(err, context.Canceled) {
			run.stopped = true
			return
		}
		if err != nil {
			run.err = err
			return
		}
		elapsed := time.Since(began)
		m, err := saveSummary(a.store, sum, forces, versions, ids, elapsed)
		if err != nil {
			a.log.Error("matchup not saved", "err", err)
			run.err = errors.New("the matchup was played but could not be saved")
			return
		}
		run.simID = m.ID
	}()
	return run, nil
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

func saveSummary(store *db.Store, s *battle.Summary, forces [2]*battle.Force, versions [2]int, ids [2]string, elapsed time.Duration) (db.Sim, error) {
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
	return store.SaveSim(context.Background(), db.Sim{ArmyA: ids[0], VersionA: versions[0], ArmyB: ids[1], VersionB: versions[1],
		Scenario: s.Scenario, Battles: s.Battles, Seed: strconv.FormatUint(s.Seed, 10), Summary: sum, Charts: charts,
		SampleLog: s.SampleLog, Elapsed: elapsed})
}

// simProgress is the running matchup's page: a progress bar the script keeps up to date,
// and a cancel button. A finished run goes straight to its result.
func (a *app) simProgress(c *echo.Context) error {
	run := a.runs.get(c.Param("job"))
	if run == nil {
		return echo.NewHTTPError(http.StatusNotFound, "That matchup is no longer running; its result, if it finished, is in the list on the matchup page.")
	}
	select {
	case <-run.over:
		if run.simID != "" {
			return c.Redirect(http.StatusSeeOther, "/sims/"+run.simID)
		}
	default:
	}
	v := views.SimRunView{ID: run.id, Title: run.title, Total: run.total, Done: int(run.done.Load()), Stopped: run.stopped}
	if run.err != nil {
		v.Error = run.err.Error()
	}
	return render(c, http.StatusOK, views.SimRunPage(page(c, "Playing a matchup", "sim"), v))
}

// simEvents streams a run's progress as server-sent events: "progress" with {done, total}
// about ten times a second, then "done" with the result's address, "cancelled" or "failed".
func (a *app) simEvents(c *echo.Context) error {
	run := a.runs.get(c.Param("job"))
	if run == nil {
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
		if err := send("progress", map[string]int{"done": int(run.done.Load()), "total": run.total}); err != nil {
			return nil
		}
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-run.over:
			switch {
			case run.simID != "":
				_ = send("progress", map[string]int{"done": run.total, "total": run.total})
				_ = send("done", map[string]string{"url": "/sims/" + run.simID})
			case run.stopped:
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
	if run := a.runs.get(c.Param("job")); run != nil {
		run.cancel()
	}
	return c.Redirect(http.StatusSeeOther, "/sim")
}

// loadSim reads a saved matchup and its summary.
func (a *app) loadSim(c *echo.Context) (db.Sim, *battle.Summary, simCharts, error) {
	var ch simCharts
	id := c.Param("id")
	if !validID(id) {
		return db.Sim{}, nil, ch, echo.NewHTTPError(http.StatusNotFound, "There is no such matchup.")
	}
	m, err := a.store.GetSim(c.Request().Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		return m, nil, ch, echo.NewHTTPError(http.StatusNotFound, "There is no such matchup.")
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

func (a *app) showSim(c *echo.Context) error {
	m, s, ch, err := a.loadSim(c)
	if err != nil {
		return err
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
	return render(c, http.StatusOK, views.SimPage(page(c, "Matchup: "+s.A.Name+" against "+s.B.Name, "sim"), v))
}

// simJSON answers the saved summary: the shape of `muster sim --json`.
func (a *app) simJSON(c *echo.Context) error {
	m, _, _, err := a.loadSim(c)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, m.Summary)
}
