package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/faults"
	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/whatif"
	"muster/views"
)

// "What to change" on a matchup of one's own armies (issue 14): GET /sims/:id/whatif is the
// form, POST plays the what-if and shows the changes ranked, and POST .../save saves one
// change as a new version of the army.
//
// The what-if is played in the request, not as a job: it is bounded (at most 10 changes and
// the army itself, 500 battles each: 5,500 battles, a few seconds) and at most
// heavyWorkers of them (what-ifs and round robins) play at once on a web process; a
// player waits for the page as for a save. See docs/decisions.md.
func (a *app) whatifRoutes(e *echo.Echo) {
	e.GET("/sims/:id/whatif", a.whatifForm)
	e.POST("/sims/:id/whatif", a.runWhatif)
	e.POST("/sims/:id/whatif/save", a.saveWhatif)
	e.GET("/sims/:id/whatif/replay", a.whatifReplay)
}

// heavyWork admits the what-ifs and round robins played in requests, two at a time per
// process: more would only share the same cores more thinly.
var heavyWork = make(chan struct{}, 2)

const (
	whatifMaxBattles  = 500
	whatifMinBattles  = 20
	whatifMaxVariants = 10
)

var errBusy = echo.NewHTTPError(http.StatusServiceUnavailable, "Muster is playing other what-ifs and round robins right now: try again in a moment.")

// whatifSetup is a what-if's matchup, read for the asking owner: the saved matchup, the
// army to change and its opponent, and the page's frame.
type whatifSetup struct {
	sim      db.Sim
	side     string // "a" or "b"
	armyID   string
	version  int // the version of the army read, which a saved change is made on
	played   int // the version the matchup played
	army     *roster.Army
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
	for i, id := range ids {
		rec, _, army, err := a.headFile(ctx, ownerID(c), id)
		if errors.Is(err, errNoArmy) {
			return nil, echo.NewHTTPError(http.StatusNotFound, "One of this matchup's armies is no longer saved: there is nothing to change.")
		}
		if err != nil {
			return nil, err
		}
		armies[i], versions[i] = army, rec.Version
	}
	me, them := 0, 1
	if side == "b" && m.ArmyA != m.ArmyB {
		me, them = 1, 0
	}
	field, err := battle.LoadScenario(m.Scenario)
	if err != nil {
		return nil, fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	opp, err := battle.NewForce(a.catalogFor(armies[them]), armies[them])
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf("%s cannot take the field: %v", armies[them].Name, err))
	}
	st := &whatifSetup{sim: m, side: []string{"a", "b"}[me], armyID: ids[me], version: versions[me], played: [2]int{m.VersionA, m.VersionB}[me],
		army: armies[me], opponent: opp, field: field}
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
	return render(c, http.StatusOK, views.WhatIfPage(page(c, "What to change in "+st.army.Name, "sim"), st.view))
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
	case !a.jobs.Plays():
		v.Error = "This server plays no battles (it was started with --workers 0): a what-if needs a server that does."
	}
	if v.Error != "" {
		return render(c, http.StatusBadRequest, views.WhatIfPage(page(c, title, "sim"), v))
	}
	seed, err := strconv.ParseUint(st.sim.Seed, 10, 64)
	if err != nil {
		return fmt.Errorf("matchup %s: seed %q: %w", st.sim.ID, st.sim.Seed, err)
	}
	select {
	case heavyWork <- struct{}{}:
		defer func() { <-heavyWork }()
	default:
		return errBusy
	}
	rep, err := whatif.Run(c.Request().Context(), a.cat, st.field, st.army, st.opponent,
		whatif.Options{Battles: n, Seed: seed, MaxVariants: k, BeforeBattle: faults.BeforeBattle})
	var nl *whatif.NotLegalError
	if errors.As(err, &nl) {
		v.Error = "Nothing to try yet: " + err.Error() + "."
		return render(c, http.StatusUnprocessableEntity, views.WhatIfPage(page(c, title, "sim"), v))
	}
	if errors.Is(err, context.Canceled) {
		return nil // the player stopped the page: nobody is waiting for an answer
	}
	if faults.Is(err) {
		faults.Log(a.log, "a battle of a what-if failed", err, "matchup", st.sim.ID)
		v.Error = faults.Words("this what-if", err)
		return render(c, http.StatusInternalServerError, views.WhatIfPage(page(c, title, "sim"), v))
	}
	if err != nil {
		return err
	}
	r := &views.WhatIfResult{Battles: rep.Battles, Seed: st.sim.Seed, Limit: rep.Limit, Total: rep.Total,
		Base: scoreIn(rep.Base), Legal: rep.Legal, Looks: whatif.Looks}
	if st.played != 0 && st.played != st.version {
		// The changes are worked out on the army as it is saved now, which a change is saved
		// on top of: the matchup's own odds were of an older version.
		r.VersionNote = fmt.Sprintf("The matchup played version %d of %s; these changes start from version %d, saved since, and play its battles afresh.", st.played, st.army.Name, st.version)
	}
	if l := st.army.Limits; st.army.Limit == 0 && (l == nil || l.Total == 0) {
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
			row.Without = whatifReplayURL(st.sim.ID, st.side, "", x.Differs)
			row.With = whatifReplayURL(st.sim.ID, st.side, x.Change, x.Differs)
			row.Both = row.With + "&both=1"
		}
		r.Rows = append(r.Rows, row)
	}
	v.Played = r
	return render(c, http.StatusOK, views.WhatIfPage(page(c, title, "sim"), v))
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
		me, err := battle.NewForce(a.catalogFor(army), army)
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
