package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/battle/optimize"
	"muster/rules/battle/whatif"
	"muster/rules/system"
	"muster/views"
)

// "What should I bring?" (issue 34): GET /armies/:id/optimize is the form (opponents among
// one's own armies, with weights), POST queues the search (rules/battle/optimize) as a job,
// GET /optimize/:job shows the path of changes taken and the final list, and POST
// /optimize/:job/save saves the final list as a new version of the army, never over it.
func (a *app) optimizeRoutes(e *echo.Echo) {
	e.GET("/armies/:id/optimize", a.optimizeForm)
	e.POST("/armies/:id/optimize", a.runOptimize)
	e.GET("/optimize/:job", a.optimizeResult)
	e.POST("/optimize/:job/save", a.saveOptimize)
	e.GET("/optimize/:job/replay", a.optimizeReplay)
}

const (
	optimizeMinBattles = 20
	optimizeMaxBattles = 500
	optimizeMinBudget  = 1000
	optimizeMaxBudget  = 100_000 // a guest's fair share (docs/jobs.md)
	optimizeMaxOpps    = 6
)

// optimizeSetup is the army searched from and the owner's armies it may play against.
type optimizeSetup struct {
	id      string
	version int
	file    []byte
	army    *roster.Army
	others  []db.Army
	view    views.OptimizeView
}

func (a *app) loadOptimize(c *echo.Context) (*optimizeSetup, error) {
	return a.loadOptimizeFor(c, c.Param("id"))
}

// loadOptimizeFor reads the owner's army id (a Star Wars Miniatures Battles army) and the
// owner's other armies, and starts the form.
func (a *app) loadOptimizeFor(c *echo.Context, id string) (*optimizeSetup, error) {
	ctx := c.Request().Context()
	if !validID(id) {
		return nil, errNoArmy
	}
	rec, file, army, err := a.headFile(ctx, ownerID(c), id)
	if err != nil {
		return nil, err
	}
	if rec.System != "" && rec.System != system.SWMB {
		return nil, echo.NewHTTPError(http.StatusNotFound, "What to bring plays Star Wars Miniatures Battles armies only.")
	}
	list, err := a.store.List(ctx, ownerID(c))
	if err != nil {
		return nil, err
	}
	st := &optimizeSetup{id: id, version: rec.Version, file: file, army: army}
	st.view = views.OptimizeView{ArmyID: id, Army: army.Name, Chosen: map[string]bool{}, Weights: map[string]string{},
		Scenario: battle.DefaultScenario, Battles: "100", Budget: "20000", MaxBudget: optimizeMaxBudget}
	for _, r := range swmbOnly(list) {
		if r.ID == id {
			continue
		}
		st.others = append(st.others, r)
		st.view.Opponents = append(st.view.Opponents, views.ArmyRow{ID: r.ID, Name: r.Name, Total: r.Total})
	}
	for _, s := range battle.Scenarios() {
		st.view.Scenarios = append(st.view.Scenarios, views.Choice{Value: s.ID, Label: s.Name})
	}
	return st, nil
}

func (a *app) optimizeForm(c *echo.Context) error {
	st, err := a.loadOptimize(c)
	if err != nil {
		return err
	}
	v := st.view
	// A cancelled search comes back with its picks (cancelledURL).
	for _, o := range c.QueryParams()["opponent"] {
		v.Chosen[o] = true
	}
	if _, msg := formCount("", c.QueryParam("battles"), optimizeMinBattles, optimizeMaxBattles); msg == "" {
		v.Battles = c.QueryParam("battles")
	}
	if _, msg := formCount("", c.QueryParam("budget"), optimizeMinBudget, optimizeMaxBudget); msg == "" {
		v.Budget = c.QueryParam("budget")
	}
	if s := c.QueryParam("scenario"); s != "" {
		v.Scenario = s
	}
	p := page(c, "What should "+st.army.Name+" bring?", "armies")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Search cancelled: nothing was saved. Your picks are below, to ask again."
	}
	return render(c, http.StatusOK, views.OptimizePage(p, v))
}

func (a *app) runOptimize(c *echo.Context) error {
	st, err := a.loadOptimize(c)
	if err != nil {
		return err
	}
	v := st.view
	title := "What should " + st.army.Name + " bring?"
	refuse := func(status int, msg string) error {
		v.Error = msg
		return render(c, status, views.OptimizePage(page(c, title, "armies"), v))
	}
	form, err := c.FormValues()
	if err != nil {
		return refuse(http.StatusBadRequest, "The form could not be read: send it again.")
	}
	// What was typed is read first, so that any refusal below shows it again.
	v.Scenario, v.Battles, v.Budget, v.Seed = c.FormValue("scenario"), c.FormValue("battles"), c.FormValue("budget"), c.FormValue("seed")
	var chosen []db.Army
	unknown := false
	for _, id := range form["opponent"] {
		found := false
		for _, r := range st.others {
			if r.ID == id && !v.Chosen[id] {
				chosen, found = append(chosen, r), true
			}
		}
		unknown = unknown || !found
		v.Chosen[id] = true
	}
	weights := make([]float64, len(chosen))
	wmsg := ""
	for k, r := range chosen {
		typed := strings.TrimSpace(c.FormValue("weight-" + r.ID))
		v.Weights[r.ID] = typed
		if typed == "" {
			weights[k] = 1
			continue
		}
		w, err := strconv.ParseFloat(typed, 64)
		if err != nil || !(w >= 0.1 && w <= 100) {
			wmsg = fmt.Sprintf("Weight of %s: write a number from 0.1 to 100 (1 counts it as much as the others).", r.Name)
		}
		weights[k] = w
	}
	n, nmsg := formCount("Battles a change plays against each", v.Battles, optimizeMinBattles, optimizeMaxBattles)
	budget, bmsg := formCount("Budget", v.Budget, optimizeMinBudget, optimizeMaxBudget)
	switch {
	case unknown:
		return refuse(http.StatusBadRequest, "Against: there is no such army here; tick among those listed.")
	case len(chosen) == 0:
		return refuse(http.StatusBadRequest, "Against: tick one army or more to play against.")
	case len(chosen) > optimizeMaxOpps:
		return refuse(http.StatusBadRequest, fmt.Sprintf("Against: tick at most %d armies.", optimizeMaxOpps))
	case wmsg != "":
		return refuse(http.StatusBadRequest, wmsg)
	case nmsg != "":
		return refuse(http.StatusBadRequest, nmsg)
	case bmsg != "":
		return refuse(http.StatusBadRequest, bmsg)
	case budget < 4*n*len(chosen):
		return refuse(http.StatusBadRequest, fmt.Sprintf("Budget: %d battles cannot measure the list against %d armies and try one change (%d at least, at %d battles a change); write a larger budget or fewer battles.",
			budget, len(chosen), 4*n*len(chosen), n))
	}
	field, err := battle.LoadScenario(v.Scenario)
	if err != nil {
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error())
	}
	var seed uint64
	if strings.TrimSpace(v.Seed) == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if seed, err = strconv.ParseUint(strings.TrimSpace(v.Seed), 10, 64); err != nil {
		return refuse(http.StatusBadRequest, "Seed: a whole number from 0 to 18446744073709551615, or empty for a new one.")
	}
	// The army must pass the checks: said here in words, rather than failed by the worker.
	if r := a.evaluate(st.army); roster.HasErrors(r.Problems) {
		for _, p := range r.Problems {
			if p.Severity == roster.Error {
				return refuse(http.StatusUnprocessableEntity, "Nothing to search from yet: "+(&whatif.NotLegalError{Problem: p}).Error()+".")
			}
		}
	}
	req := jobs.OptimizeRequest{ArmyID: st.id, Version: st.version, Name: st.army.Name, Army: st.file, Scenario: v.Scenario,
		Seed: seed, Battles: n, Budget: budget}
	ctx := c.Request().Context()
	for k, r := range chosen {
		_, file, army, err := a.headFile(ctx, ownerID(c), r.ID)
		if errors.Is(err, errNoArmy) {
			return refuse(http.StatusBadRequest, "Against: there is no such army here; tick among those listed.")
		}
		if err != nil {
			return err
		}
		if _, err := muster.NewForce(a.catalogFor(army), army); err != nil {
			return refuse(http.StatusBadRequest, fmt.Sprintf("Against: %s cannot take the field: %v", army.Name, err))
		}
		req.Opponents = append(req.Opponents, jobs.OptOpponent{ID: r.ID, Name: army.Name, Version: r.Version, File: file, Weight: weights[k]})
	}
	if a.jobs == nil {
		return refuse(http.StatusServiceUnavailable, "This server queues no battles: a search needs the job queue.")
	}
	m, err := a.jobs.SubmitOptimize(a.askCtx(c), ownerID(c), fmt.Sprintf("%s against %d armies on %s", title, len(chosen), field.Scenario.Name), req)
	if msg := queueRefusal(err); msg != "" {
		return refuse(queueStatus(err), msg)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}

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
		Battles: strconv.Itoa(req.Battles), Budget: strconv.Itoa(req.Budget), Seed: strconv.FormatUint(req.Seed, 10), MaxBudget: optimizeMaxBudget}
	// The form again, with the owner's armies as they are now, if the army is still saved.
	if st, err := a.loadOptimizeFor(c, req.ArmyID); err == nil {
		v.Opponents, v.Scenarios = st.view.Opponents, st.view.Scenarios
	}
	for _, o := range req.Opponents {
		v.Chosen[o.ID] = true
		v.Weights[o.ID] = strconv.FormatFloat(o.Weight, 'g', -1, 64)
	}
	v.Played = optimizeView(m.ID, req, res)
	return render(c, http.StatusOK, views.OptimizePage(page(c, "What should "+req.Name+" bring?", "armies"), v))
}

func optimizeRecord(m db.Matchup) (jobs.OptimizeRequest, jobs.OptimizeResult, error) {
	var req jobs.OptimizeRequest
	var res jobs.OptimizeResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return req, res, fmt.Errorf("search %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Result == nil || res.Result.Army == nil {
		return req, res, fmt.Errorf("search %s: its result does not read: %v", m.ID, err)
	}
	return req, res, nil
}

// optimizeView is a search's answer in the page's words.
func optimizeView(job string, req jobs.OptimizeRequest, res jobs.OptimizeResult) *views.OptimizeResult {
	r := res.Result
	var field []string
	for _, o := range req.Opponents {
		s := o.Name
		if o.Weight != 1 {
			s += fmt.Sprintf(" (weight %g)", o.Weight)
		}
		field = append(field, s)
	}
	measure := func(m optimize.Measure) string {
		return fmt.Sprintf("%d SGPs, scores %s (95%%: %s to %s)", m.Total, views.Pct(m.Score), views.Pct(m.CI95[0]), views.Pct(m.CI95[1]))
	}
	v := &views.OptimizeResult{Job: job, Field: strings.Join(field, ", "), Scenario: scenarioName(req.Scenario), Seed: strconv.FormatUint(req.Seed, 10),
		Limit: res.Limit, Start: measure(r.Start) + ".", Better: res.DeltaCI[0] > 0, Version: req.Version, Saveable: len(r.Steps) > 0}
	v.Final = measure(r.Measure) + " on the same battles as the start; it " + whatif.Words(res.Delta, res.DeltaCI) + "."
	for i, s := range r.Steps {
		st := views.OptimizeStep{Change: s.Change, Total: s.Total, Score: fmt.Sprintf("scores %s (95%%: %s to %s)", views.Pct(s.Score), views.Pct(s.CI95[0]), views.Pct(s.CI95[1])),
			Delta: capitalize(whatif.Words(s.Delta, s.DeltaCI))}
		if i < len(res.StepBattles) {
			st.At = res.StepBattles[i]
		}
		if i < len(res.StepEffects) {
			st.Effects = strings.Join(res.StepEffects[i], "; ")
		}
		if i < len(res.StepTurned) && res.StepTurned[i] != nil && res.StepTurned[i].Opponent < len(req.Opponents) {
			tu := res.StepTurned[i]
			st.Battle, st.Against = tu.Trial+1, req.Opponents[tu.Opponent].Name
			st.Without = optimizeReplayURL(job, i+1, tu.Trial, false)
			st.With = optimizeReplayURL(job, i+1, tu.Trial, true)
			st.Both = st.With + "&both=1"
		}
		v.Steps = append(v.Steps, st)
	}
	why := map[string]string{"budget": "the budget was spent", "deadline": "time ran out", "done": "no change or restart was left to try"}[res.Stopped]
	v.Stopped = fmt.Sprintf("%d changes judged in %d battles (up to %d against each army for each change); the search stopped because %s.", res.Tried, res.Battles, res.Trials, why)
	if y, err := r.Army.YAML(); err == nil {
		v.FinalYAML = string(y)
	}
	if start, err := roster.Read(req.Army); err == nil && len(r.Steps) > 0 {
		v.Diff = listDiff(start, r.Army)
	}
	return v
}

// listDiff says unit by unit how the final list differs from the start (roster.Diff, as
// the compare page pairs them).
func listDiff(start, final *roster.Army) []string {
	var out []string
	for _, d := range roster.Diff(start, final) {
		switch {
		case d.B < 0:
			out = append(out, "Dropped: "+start.Units[d.A].ShownName(d.A))
		case d.A < 0:
			out = append(out, "Added: "+final.Units[d.B].ShownName(d.B))
		case len(d.Changes) > 0:
			out = append(out, final.Units[d.B].ShownName(d.B)+": "+strings.Join(d.Changes, "; "))
		}
	}
	return out
}

// saveOptimize saves a search's final list as a new version of the army it searched from,
// on top of the version it searched from (never over it: a version saved since is not
// overwritten, the save is refused). The list is checked again before it is saved.
func (a *app) saveOptimize(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindOptimize)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return echo.NewHTTPError(http.StatusConflict, "Not saved: the search has not finished.")
	}
	req, res, err := optimizeRecord(m)
	if err != nil {
		return err
	}
	if len(res.Result.Steps) == 0 {
		return echo.NewHTTPError(http.StatusConflict, "Not saved: the search took no change, so the list is the army as it is.")
	}
	if _, _, _, err := a.headFile(c.Request().Context(), ownerID(c), req.ArmyID); err != nil {
		return err
	}
	army := res.Result.Army
	if r := costing.Evaluate(a.cat, army, nil); roster.HasErrors(r.Problems) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Not saved: the final list no longer passes the checks (the rules were changed since?).")
	}
	note := fmt.Sprintf("what to bring: %d changes", len(res.Result.Steps))
	if _, _, err := a.save(c, req.ArmyID, req.Version, army, note); err != nil {
		var se *db.StaleError
		if errors.As(err, &se) {
			return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Not saved: %s was saved as version %d while the search started from version %d. Search again from the army as it is now.", req.Name, se.Head, se.Base))
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+req.ArmyID+"?saved=1")
}

// optimizeReplayURL is the address of battle i of step n (from 1) of a search, with the
// change or without it.
func optimizeReplayURL(job string, n, i int, with bool) string {
	q := url.Values{"step": {strconv.Itoa(n)}, "battle": {strconv.Itoa(i)}}
	if with {
		q.Set("with", "1")
	}
	return "/optimize/" + job + "/replay?" + q.Encode()
}

// optimizeReplay plays battle ?battle= of step ?step= of a search again on the map: the
// list before the step (or after it, ?with=1; both side by side, ?both=1) against the
// opponent the step turned a battle against, with that step's seeds, so that the two
// replays roll the same dice where the change leaves them alone.
func (a *app) optimizeReplay(c *echo.Context) error {
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
	back := views.BackLink{Href: "/optimize/" + m.ID, Label: "Back to the path"}
	n, err := strconv.Atoi(c.QueryParam("step"))
	if err != nil || n < 1 || n > len(res.StepArmies) || n > len(res.StepTurned) || res.StepTurned[n-1] == nil {
		return refusedWithBack{echo.NewHTTPError(http.StatusNotFound, "Step: choose a step of the path that turned a battle, by its number."), back}
	}
	tu := res.StepTurned[n-1]
	if tu.Opponent >= len(req.Opponents) {
		return refusedWithBack{echo.NewHTTPError(http.StatusNotFound, "There is no such battle."), back}
	}
	idx, msg := replayIndex(c.QueryParam("battle"), c.QueryParam("n"), res.Trials)
	if msg != "" {
		return refusedWithBack{echo.NewHTTPError(http.StatusBadRequest, msg), back}
	}
	var before *roster.Army
	if n == 1 {
		if before, err = roster.Read(req.Army); err != nil {
			return fmt.Errorf("search %s: %w", m.ID, err)
		}
	} else {
		before = res.StepArmies[n-2]
	}
	after := res.StepArmies[n-1]
	oppArmy, err := roster.Read(req.Opponents[tu.Opponent].File)
	if err != nil {
		return fmt.Errorf("search %s: %w", m.ID, err)
	}
	opp, err := muster.NewForce(a.catalogFor(oppArmy), oppArmy)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, oppArmy.Name+" cannot take the field: "+err.Error())
	}
	field, err := battle.LoadScenario(req.Scenario)
	if err != nil {
		return fmt.Errorf("search %s: %w", m.ID, err)
	}
	change := res.Result.Steps[n-1].Change
	play := func(army *roster.Army, id string, with bool) (views.ReplayView, error) {
		me, err := muster.NewForce(a.catalogFor(army), army)
		if err != nil {
			return views.ReplayView{}, echo.NewHTTPError(http.StatusUnprocessableEntity, army.Name+" cannot take the field: "+err.Error())
		}
		_, tr := battle.New(field, me, opp).PlayTrace(battle.BattleSeed(tu.Seeds, uint64(idx)), nil)
		v := views.NewReplayViewAs(tr, id)
		v.Title = me.Name + " against " + opp.Name
		v.Battle, v.Battles = idx, res.Trials
		v.Base, v.Back, v.BackLabel = "/optimize/"+m.ID+"/replay", back.Href, back.Label
		v.Keep = url.Values{"step": {strconv.Itoa(n)}}
		if with {
			v.Keep.Set("with", "1")
			v.Note = fmt.Sprintf("The list after step %d: %s.", n, change)
		} else {
			v.Note = fmt.Sprintf("The list before step %d (%s).", n, change)
		}
		return v, nil
	}
	with := c.QueryParam("with") != ""
	both := with && c.QueryParam("both") != ""
	id := ""
	if both {
		id = "replay-with"
	}
	army := before
	if with {
		army = after
	}
	v, err := play(army, id, with)
	if err != nil {
		return err
	}
	if !both {
		return render(c, http.StatusOK, views.ReplayPage(page(c, "Replay: step "+strconv.Itoa(n), "armies"), v))
	}
	without, err := play(before, "replay-without", false)
	if err != nil {
		return err
	}
	without.Label, v.Label = "without the change", "with the change"
	nav := v
	nav.Keep.Set("both", "1")
	nav.Note = fmt.Sprintf("Step %d, without the change and with it: %s.", n, change)
	return render(c, http.StatusOK, views.ReplayPairPage(page(c, "Replay side by side: step "+strconv.Itoa(n), "armies"), nav, without, v))
}
