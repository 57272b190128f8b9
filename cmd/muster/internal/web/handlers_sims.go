package web

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
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

	"github.com/go-playground/validator/v10"
	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
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

// simRequest is the form's shape.
type simRequest struct {
	A        string `validate:"required,max=64"`
	B        string `validate:"required,max=64"`
	Scenario string `validate:"max=64"`
	Battles  int    `validate:"min=1,max=100000"`
	Seed     string `validate:"max=24"`
}

func (a *app) simForm(c *echo.Context) error {
	f := views.SimForm{Battles: "1000", Scenario: battle.DefaultScenario, A: c.QueryParam("a"), B: c.QueryParam("b")}
	// A cancelled matchup comes back with its picks (cancelledURL); anything odd in them is
	// left at the defaults, the form shows what it will play.
	if sc := c.QueryParam("scenario"); sc != "" && len(sc) <= 64 {
		f.Scenario = sc
	}
	if _, msg := formCount("Battles", c.QueryParam("battles"), 1, simMaxBattles); msg == "" {
		f.Battles = c.QueryParam("battles")
	}
	if sd := c.QueryParam("seed"); len(sd) <= 24 {
		if _, err := strconv.ParseUint(sd, 10, 64); err == nil {
			f.Seed = sd
		}
	}
	if c.QueryParam("cancelled") != "" {
		f.Flash = "Matchup cancelled: no result was saved. Your picks are below, to play it again or change them."
	}
	return a.renderSimForm(c, http.StatusOK, f)
}

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
	for _, s := range battle.Scenarios() {
		f.Scenarios = append(f.Scenarios, views.Choice{Value: s.ID, Label: s.Name, Note: s.Description})
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

func scenarioName(id string) string {
	if f, err := battle.LoadScenario(id); err == nil {
		return f.Scenario.Name
	}
	return id
}

// startSim checks the form, builds both armies' forces and starts the run.
func (a *app) startSim(c *echo.Context) error {
	f := views.SimForm{A: c.FormValue("a"), B: c.FormValue("b"), Scenario: c.FormValue("scenario"), Seed: c.FormValue("seed"),
		Battles: c.FormValue("battles"), Errors: map[string]string{}}
	n, msg := formCount("Battles", f.Battles, 1, simMaxBattles)
	if msg != "" {
		f.Errors["battles"] = msg
	}
	req := simRequest{A: f.A, B: f.B, Scenario: f.Scenario, Battles: n, Seed: f.Seed}
	var ve validator.ValidationErrors
	if err := a.validate.Struct(req); errors.As(err, &ve) {
		// Each field says its own fix; Battles has said its already, and the scenario's
		// name is looked up below.
		for _, fe := range ve {
			switch fe.Field() {
			case "A", "B":
				f.Errors["armies"] = "Choose two saved armies."
			case "Seed":
				f.Errors["seed"] = "The seed is a whole number from 0 to 18446744073709551615, or empty for a new one."
			}
		}
	}
	if f.Errors["armies"] == "" && (!validID(req.A) || !validID(req.B)) {
		f.Errors["armies"] = "There is no such army: choose two of your saved armies."
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
	var files [2][]byte
	for i, id := range []string{f.A, f.B} {
		rec, file, army, err := a.headFile(ctx, ownerID(c), id)
		if errors.Is(err, errNoArmy) || errors.Is(err, db.ErrNotFound) {
			f.Errors["armies"] = "There is no such army: choose two of your saved armies."
			return a.renderSimForm(c, http.StatusBadRequest, f)
		}
		if err != nil {
			return err
		}
		force, err := muster.NewForce(a.catalogFor(army), army)
		if err != nil {
			f.Errors["armies"] = fmt.Sprintf("%s cannot take the field: %v", rec.Name, err)
			return a.renderSimForm(c, http.StatusBadRequest, f)
		}
		forces[i], versions[i], files[i] = force, rec.Version, file
	}
	owner := ownerID(c)
	ids := [2]string{f.A, f.B}
	asked := db.Sim{Owner: owner, ArmyA: ids[0], VersionA: versions[0], ArmyB: ids[1], VersionB: versions[1],
		Scenario: f.Scenario, Battles: n, Seed: strconv.FormatUint(seed, 10)}
	run, err := a.startRun(a.askCtx(c), owner, field, forces, jobs.MatchupRequest{Scenario: f.Scenario, Seed: seed, SeedTyped: f.Seed != "",
		Battles: n, Armies: files, Ask: asked, ResultBase: "/sims/"})
	if errors.Is(err, db.ErrBusy) {
		f.Errors["armies"] = "You have a matchup being played already: wait for it to finish, or cancel it, before starting another."
		return a.renderSimForm(c, http.StatusConflict, f)
	}
	if msg := queueRefusal(err); msg != "" {
		f.Errors["battles"] = msg
		return a.renderSimForm(c, queueStatus(err), f)
	}
	if err != nil {
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+run.ID)
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

// simProgress is the running matchup's page: a progress bar the script keeps up to date,
// and a cancel button. A finished run goes straight to its result.
func (a *app) simProgress(c *echo.Context) error {
	st, err := a.ownRun(c)
	if err != nil {
		return runError(err, "That matchup is no longer running; its result, if it finished, is in the list on the matchup page.")
	}
	m := st.m
	if m.Status == db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, m.ResultURL)
	}
	v := views.SimRunView{ID: m.ID, Title: m.Title, Total: m.Battles, Done: st.done, Stopped: m.Status == db.MatchupCancelled,
		Queued: st.queued, Heading: runHeading(m.Kind)}
	if m.Status == db.MatchupFailed {
		v.Error = m.Error
	}
	return render(c, http.StatusOK, views.SimRunPage(page(c, v.Heading, "sim"), v))
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

// simEvents streams a run's progress as server-sent events: "progress" with {done, total,
// queued} about four times a second, then "done" with the result's address, "cancelled" or
// "failed"; or, when the server shuts down, "restart" (the browser reconnects by itself in a
// second and a half, to whichever process answers, and the job goes on where it was). The
// server's write timeout does not cut the stream: each event has a deadline of its own.
func (a *app) simEvents(c *echo.Context) error {
	st, err := a.ownRun(c)
	if err != nil {
		return runError(err, "That matchup is no longer running.")
	}
	w := c.Response()
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	if c.Request().Method == http.MethodHead {
		return nil // the stream's headers, without following the matchup to its end
	}
	rc := http.NewResponseController(w)
	send := func(event string, data any) error {
		b, _ := json.Marshal(data)
		// A stalled reader is given up on after a while, whatever the server's timeout.
		_ = rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return err
		}
		return rc.Flush()
	}
	tick := time.NewTicker(progressEvery(a.store))
	defer tick.Stop()
	read := time.Now()
	var changed <-chan struct{}
	if a.store.Notifies() {
		ch, done := a.progress.subscribe(st.m.ID)
		defer done()
		changed = ch
	}
	for {
		m := st.m
		switch m.Status {
		case db.MatchupDone:
			_ = send("progress", map[string]int{"done": m.Battles, "total": m.Battles})
			_ = send("done", map[string]string{"url": m.ResultURL})
			return nil
		case db.MatchupCancelled:
			_ = send("cancelled", map[string]string{"url": cancelledURL(m)})
			return nil
		case db.MatchupFailed:
			msg := m.Error
			if msg == "" {
				msg = "the matchup could not be played"
			}
			_ = send("failed", map[string]string{"error": msg})
			return nil
		}
		if err := send("progress", map[string]int{"done": st.done, "total": m.Battles, "queued": st.queued}); err != nil {
			return nil
		}
		select {
		case <-c.Request().Context().Done():
			return nil
		case <-a.auth.Closing:
			_ = rc.SetWriteDeadline(time.Now().Add(eventWriteTimeout))
			if _, err := fmt.Fprintf(w, "retry: %d\nevent: restart\ndata: {}\n\n", restartRetry.Milliseconds()); err == nil {
				_ = rc.Flush()
			}
			return nil
		case <-tick.C:
		case <-changed:
			// Told of a change: read it, but not more than four times a second however
			// fast the chunks come.
			select {
			case <-time.After(time.Until(read.Add(250 * time.Millisecond))):
			case <-c.Request().Context().Done():
				return nil
			}
		}
		read = time.Now()
		if st, err = a.ownRun(c); err != nil {
			return nil
		}
	}
}

const (
	// eventWriteTimeout bounds one event's write to a progress stream.
	eventWriteTimeout = 10 * time.Second
	// restartRetry is how long a progress page waits to reconnect after a "restart".
	restartRetry = 1500 * time.Millisecond
)

func (a *app) cancelSim(c *echo.Context) error {
	if !validID(c.Param("job")) {
		return echo.NewHTTPError(http.StatusNotFound, "That matchup is no longer running.")
	}
	m, err := a.store.OwnerMatchup(c.Request().Context(), ownerID(c), c.Param("job"))
	if err != nil {
		return runError(err, "That matchup is no longer running.")
	}
	// The chunks queued see it cancelled and stop; the one playing ends its few battles.
	if _, err := a.store.CancelMatchup(c.Request().Context(), ownerID(c), c.Param("job")); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, cancelledURL(m))
}

// cancelledURL is the matchup form after a cancel: it says so, with the cancelled matchup's
// picks (armies, scenario, battles) filled in again.
func cancelledURL(m db.Matchup) string {
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
		if err := json.Unmarshal(m.Request, &req); err == nil && validID(req.ArmyID) {
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
		if err := json.Unmarshal(m.Request, &req); err == nil && strings.HasPrefix(req.Action, "/") {
			return req.Action + "?" + q.Encode()
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
	v.Broken = a.brokenArmies(c.Request().Context(), ownerID(c), m)
	v.ShareBase = v.Base
	if v.Shares, err = a.resultShareRows(c, db.ShareSim, m.ID); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.SimPage(page(c, title, "sim"), v))
}

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
