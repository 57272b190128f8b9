package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
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
		Scenario: battle.DefaultScenario, Battles: "100", Budget: "20000", MaxBudget: optimizeMaxBudget,
		Action: "/armies/" + id + "/optimize", Back: "/armies/" + id, BackLabel: "Back to " + army.Name}
	for _, r := range swmbOnly(list) {
		if r.ID == id {
			continue
		}
		st.others = append(st.others, r)
		st.view.Opponents = append(st.view.Opponents, views.ArmyRow{ID: r.ID, Name: r.Name, Total: r.Total})
	}
	if st.view.Scenarios, err = a.scenarioChoices(c); err != nil {
		return nil, err
	}
	return st, nil
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
	fieldWords := strings.Join(field, ", ")
	if g := req.Game; g != nil {
		fieldWords = "the " + optimizeFieldSides(req) + " lists of " + g.Name + ": " + fieldWords
	}
	measure := func(m optimize.Measure) string {
		return fmt.Sprintf("%d SGPs, scores %s (95%%: %s to %s)", m.Total, views.Pct(m.Score), views.Pct(m.CI95[0]), views.Pct(m.CI95[1]))
	}
	v := &views.OptimizeResult{Job: job, Field: fieldWords, Scenario: optimizeScenarioName(req), Seed: strconv.FormatUint(req.Seed, 10),
		Limit: res.Limit, Start: measure(r.Start) + ".", Better: res.DeltaCI[0] > 0, Version: req.Version, Saveable: len(r.Steps) > 0}
	v.SaveAction, v.SaveLabel = "/optimize/"+job+"/save", "Save it as a new version of "+req.Name
	if g := req.Game; g != nil {
		v.SaveAction, v.SaveLabel, v.SaveNote = gameOptimizeSave(job, g)
	}
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

// optimizeScenarioName is the name of the scenario a search played: from its file when it
// carries one (the game's battlefield, one's own), else the built-in's.
func optimizeScenarioName(req jobs.OptimizeRequest) string {
	if len(req.ScenarioFile) > 0 {
		if f, err := jobs.RequestField(req.Scenario, req.ScenarioFile); err == nil {
			return f.Scenario.Name
		}
	}
	return scenarioName(req.Scenario)
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

// optimizeReplayURL is the address of battle i of step n (from 1) of a search, with the
// change or without it.
func optimizeReplayURL(job string, n, i int, with bool) string {
	q := url.Values{"step": {strconv.Itoa(n)}, "battle": {strconv.Itoa(i)}}
	if with {
		q.Set("with", "1")
	}
	return "/optimize/" + job + "/replay?" + q.Encode()
}

// notLegalYet is why a list cannot be searched from, in words: its first error ("" when it
// has none). Said when the search is asked, rather than failed by the worker.
func notLegalYet(problems []roster.Problem) string {
	for _, p := range problems {
		if p.Severity == roster.Error {
			return "Nothing to search from yet: " + (&whatif.NotLegalError{Problem: p}).Error() + "."
		}
	}
	return ""
}
