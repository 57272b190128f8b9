package web

import (
	"encoding/json"
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
	field, err := battle.LoadScenario(m.Scenario)
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

func (a *app) whatifForm(c *echo.Context) error {
	st, err := a.loadWhatif(c, c.QueryParam("side"))
	if err != nil {
		return err
	}
	v := st.view
	// A cancelled what-if comes back with its picks (cancelledURL).
	if _, msg := formCount("", c.QueryParam("battles"), whatifMinBattles, whatifMaxBattles); msg == "" {
		v.Battles = c.QueryParam("battles")
	}
	if _, msg := formCount("", c.QueryParam("variants"), 1, whatifMaxVariants); msg == "" {
		v.Variants = c.QueryParam("variants")
	}
	p := page(c, "What to change in "+st.army.Name, "sim")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "What-if cancelled: nothing was saved. Your picks are below, to ask again."
	}
	return render(c, http.StatusOK, views.WhatIfPage(p, v))
}

// runWhatif plays the what-if with the matchup's seed, so that the army's own battles are
// the matchup's first ones.
func (a *app) runWhatif(c *echo.Context) error {
	st, err := a.loadWhatif(c, c.FormValue("side"))
	if err != nil {
		return err
	}
	v := st.view
	title := "What to change in " + st.army.Name
	// What was typed stays in the form, whatever is refused.
	v.Battles, v.Variants = c.FormValue("battles"), c.FormValue("variants")
	n, nmsg := formCount("Battles for each", v.Battles, whatifMinBattles, whatifMaxBattles)
	k, kmsg := formCount("Changes to try", v.Variants, 1, whatifMaxVariants)
	switch side := c.FormValue("side"); {
	case side != "a" && side != "b":
		// Not played on a guess: the page shows the first army chosen, to send again.
		v.Error = "Army to change: choose one of the matchup's two armies."
	case nmsg != "":
		v.Error = nmsg
	case kmsg != "":
		v.Error = kmsg
	}
	if v.Error != "" {
		return render(c, http.StatusBadRequest, views.WhatIfPage(page(c, title, "sim"), v))
	}
	seed, err := strconv.ParseUint(st.sim.Seed, 10, 64)
	if err != nil {
		return fmt.Errorf("matchup %s: seed %q: %w", st.sim.ID, st.sim.Seed, err)
	}
	// The changes are worked out here, as the worker will again (the same every time): an
	// army with nothing to try is told so at once, and the job knows its battles.
	vs, err := whatif.Variants(a.cat, st.army, nil, k)
	var nl *whatif.NotLegalError
	if errors.As(err, &nl) {
		v.Error = "Nothing to try yet: " + err.Error() + "."
		return render(c, http.StatusUnprocessableEntity, views.WhatIfPage(page(c, title, "sim"), v))
	}
	if err != nil {
		return err
	}
	vs = append(vs, whatif.Spending(a.cat, st.army, nil, vs)...)
	if a.jobs == nil {
		v.Error = "This server queues no battles: a what-if needs the job queue."
		return render(c, http.StatusServiceUnavailable, views.WhatIfPage(page(c, title, "sim"), v))
	}
	req := jobs.WhatIfRequest{Sim: st.sim.ID, Side: st.side, Scenario: st.sim.Scenario, Seed: seed, Battles: n, Variants: k,
		Army: st.file, Opponent: st.oppFile, Played: st.played, Version: st.version}
	for i, s := range st.view.Sides {
		req.Names[i] = s.Label
	}
	m, err := a.jobs.SubmitWhatIf(a.askCtx(c), ownerID(c), title+" against "+st.view.Opponent, (len(vs)+1)*n, req)
	if msg := queueRefusal(err); msg != "" {
		v.Error = msg
		return render(c, queueStatus(err), views.WhatIfPage(page(c, title, "sim"), v))
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
}

// whatifResult is a played what-if's page: the form again, and the changes ranked. One not
// yet played goes to its progress page; another owner's is not found.
func (a *app) whatifResult(c *echo.Context) error {
	m, err := a.ownJob(c, db.KindWhatIf)
	if err != nil {
		return err
	}
	if m.Status != db.MatchupDone {
		return c.Redirect(http.StatusSeeOther, "/sim/run/"+m.ID)
	}
	var req jobs.WhatIfRequest
	var res jobs.WhatIfResult
	if err := json.Unmarshal(m.Request, &req); err != nil {
		return fmt.Errorf("what-if %s: %w", m.ID, err)
	}
	if err := json.Unmarshal(m.Result, &res); err != nil || res.Report == nil {
		return fmt.Errorf("what-if %s: its result does not read: %v", m.ID, err)
	}
	army, err := roster.Read(req.Army)
	if err != nil {
		return fmt.Errorf("what-if %s: %w", m.ID, err)
	}
	me, them := 0, 1
	if req.Side == "b" {
		me, them = 1, 0
	}
	v := views.WhatIfView{SimID: req.Sim, Side: req.Side, Army: req.Names[me], Opponent: req.Names[them], Scenario: scenarioName(req.Scenario),
		Battles: strconv.Itoa(req.Battles), Variants: strconv.Itoa(req.Variants)}
	if v.Opponent == "" {
		v.Opponent = v.Army // the same army on both sides
	}
	for i, n := range req.Names {
		if n != "" {
			v.Sides = append(v.Sides, views.Choice{Value: []string{"a", "b"}[i], Label: n})
		}
	}
	v.Played = whatifView(req, res, army)
	return render(c, http.StatusOK, views.WhatIfPage(page(c, "What to change in "+v.Army, "sim"), v))
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

// saveWhatif saves one change as a new version of the army. The change is found again
// among the army's variants as it is saved now (they are worked out the same way every
// time), so the page cannot ask for an army the checks have not passed.
func (a *app) saveWhatif(c *echo.Context) error {
	st, err := a.loadWhatif(c, c.FormValue("side"))
	if err != nil {
		return err
	}
	change := c.FormValue("change")
	v, err := whatif.Find(a.cat, st.army, nil, change)
	var nl *whatif.NotLegalError
	if errors.As(err, &nl) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Not saved: "+err.Error()+".")
	}
	if err != nil {
		return err
	}
	if v != nil {
		if _, _, err := a.save(c, st.armyID, st.version, v.Army, "what to change: "+change); err != nil {
			var se *db.StaleError
			if errors.As(err, &se) {
				// Saved since it was read here: the change was worked out on the older version.
				return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Not saved: %s was saved as version %d in another tab or window while this change was worked out on version %d. Find what to change again.", st.army.Name, se.Head, se.Base))
			}
			return err
		}
		// The army's page says it was saved, and as which version.
		return c.Redirect(http.StatusSeeOther, "/armies/"+st.armyID+"?saved=1")
	}
	return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Not saved: %q is not one of the changes %s allows as it is saved now (it was edited since?). Find what to change again.", change, st.army.Name))
}

// whatifReplayURL is the address of battle i of a what-if's army (change "": as it is).
func whatifReplayURL(sim, side, change string, i int) string {
	q := url.Values{"side": {side}, "battle": {strconv.Itoa(i)}}
	if change != "" {
		q.Set("change", change)
	}
	return "/sims/" + sim + "/whatif/replay?" + q.Encode()
}

// whatifReplay plays battle ?battle= of a what-if again on the map: the army as saved now,
// with the change ?change= (none: as it is), against the matchup's opponent, with the
// matchup's seed, so that the two replays of one battle, with and without the change, roll
// the same dice where the change leaves them alone.
func (a *app) whatifReplay(c *echo.Context) error {
	st, err := a.loadWhatif(c, c.QueryParam("side"))
	if err != nil {
		return err
	}
	back := "/sims/" + st.sim.ID + "/whatif?side=" + st.side
	idx, msg := replayIndex(c.QueryParam("battle"), c.QueryParam("n"), whatifMaxBattles)
	if msg != "" {
		return refusedWithBack{echo.NewHTTPError(http.StatusBadRequest, msg), views.BackLink{Href: back, Label: "Back to what to change"}}
	}
	army, title := st.army, st.army.Name+" as it is"
	change := c.QueryParam("change")
	if change != "" {
		v, err := whatif.Find(a.cat, st.army, nil, change)
		if err != nil || v == nil {
			return refusedWithBack{echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf("%q is not one of the changes %s allows as it is saved now (it was edited since?).", change, st.army.Name)),
				views.BackLink{Href: back, Label: "Back to what to change"}}
		}
		army, title = v.Army, st.army.Name+" with the change"
	}
	seed, err := strconv.ParseUint(st.sim.Seed, 10, 64)
	if err != nil {
		return fmt.Errorf("matchup %s: seed %q: %w", st.sim.ID, st.sim.Seed, err)
	}
	// play draws battle idx with army on the what-if's side, as the viewer named id.
	play := func(army *roster.Army, id string) (views.ReplayView, error) {
		me, err := muster.NewForce(a.catalogFor(army), army)
		if err != nil {
			return views.ReplayView{}, echo.NewHTTPError(http.StatusUnprocessableEntity, army.Name+" cannot take the field: "+err.Error())
		}
		forces := [2]*battle.Force{me, st.opponent}
		if st.side == "b" {
			forces = [2]*battle.Force{st.opponent, me}
		}
		_, tr := battle.New(st.field, forces[0], forces[1]).PlayTrace(battle.BattleSeed(seed, uint64(idx)), nil)
		v := views.NewReplayViewAs(tr, id)
		v.Title = forces[0].Name + " against " + forces[1].Name
		v.Battle, v.Battles = idx, whatifMaxBattles
		v.Base, v.Back, v.BackLabel = "/sims/"+st.sim.ID+"/whatif/replay", back, "Back to what to change"
		v.Keep = url.Values{"side": {st.side}}
		return v, nil
	}
	both := change != "" && c.QueryParam("both") != ""
	id := ""
	if both {
		id = "replay-with"
	}
	v, err := play(army, id)
	if err != nil {
		return err
	}
	if change != "" {
		v.Keep.Set("change", change)
		v.Note = title + ": " + change + "."
	} else {
		v.Note = title + ", without any change."
	}
	if !both {
		return render(c, http.StatusOK, views.ReplayPage(page(c, "Replay: "+title, "sim"), v))
	}
	// ?both=1: the battle without the change and with it, side by side.
	without, err := play(st.army, "replay-without")
	if err != nil {
		return err
	}
	without.Label, v.Label = "without the change", "with the change"
	nav := v
	nav.Keep.Set("both", "1") // the other battles' links show them side by side too
	nav.Note = st.army.Name + ", without the change and with it: " + change + "."
	return render(c, http.StatusOK, views.ReplayPairPage(page(c, "Replay side by side: "+st.army.Name, "sim"), nav, without, v))
}
