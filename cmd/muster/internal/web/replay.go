package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/views"
)

// Replays: any battle of a saved matchup drawn on the map, played again from its seed
// (battle.BattleSeed of the matchup's seed and the battle's index) with the armies'
// versions the matchup played. Whoever may see the matchup may see its battles: its owner
// at /sims/:id/replay, a game night's gamemaster and (after the lock) its players under
// their links.
func (a *app) replayRoutes(e *echo.Echo) {
	e.GET("/sims/:id/replay", a.simReplay)
	e.GET("/gm/:token/sims/:id/replay", a.gmReplay, linkPage)
	e.GET("/play/:token/sims/:id/replay", a.playReplay, linkPage)
}

func (a *app) gameReplay(c *echo.Context, g db.Game, base string) error {
	m, err := a.gameSimOf(c, g)
	if err != nil {
		return err
	}
	// A game's matchup names its lists by list id (handlers_games_resolve.go).
	version := func(list string, n int) (db.Version, error) {
		l, err := a.store.GameList(c.Request().Context(), g.ID, list)
		if err != nil {
			return db.Version{}, err
		}
		return a.store.GameArmyVersion(c.Request().Context(), g.ID, l.Army.ID, n)
	}
	return a.showReplay(c, m, version, base+"/sims/"+m.ID, "Back to the matchup", "games")
}

// showReplay plays battle ?battle= (its index, from 0) or ?n= (its number, from 1) of a
// matchup again with its trace and draws it, with links to battles picked by outcome
// (views.PickBattles) among the matchup's battles played again.
func (a *app) showReplay(c *echo.Context, m db.Sim, version func(string, int) (db.Version, error), back, backLabel, nav string) error {
	idx, msg := replayIndex(c.QueryParam("battle"), c.QueryParam("n"), m.Battles)
	if msg != "" {
		return refusedWithBack{echo.NewHTTPError(http.StatusBadRequest, msg), views.BackLink{Href: back, Label: backLabel}}
	}
	master, err := strconv.ParseUint(m.Seed, 10, 64)
	if err != nil {
		return fmt.Errorf("matchup %s: seed %q: %w", m.ID, m.Seed, err)
	}
	field, err := simField(m)
	if err != nil {
		return fmt.Errorf("matchup %s: %w", m.ID, err)
	}
	var forces [2]*battle.Force
	for i, ref := range [2]struct {
		id string
		n  int
	}{{m.ArmyA, m.VersionA}, {m.ArmyB, m.VersionB}} {
		v, err := version(ref.id, ref.n)
		if errors.Is(err, db.ErrNotFound) {
			return echo.NewHTTPError(http.StatusNotFound, "The armies this matchup played are no longer saved, so its battles cannot be replayed.")
		}
		if err != nil {
			return err
		}
		army, err := roster.Read(v.File)
		if err != nil {
			return fmt.Errorf("matchup %s: army %s version %d: %w", m.ID, ref.id, ref.n, err)
		}
		if forces[i], err = muster.NewForce(a.catalogFor(army), army); err != nil {
			return echo.NewHTTPError(http.StatusNotFound, "The army "+army.Name+" can no longer take the field: "+err.Error())
		}
	}
	_, tr := battle.New(field, forces[0], forces[1]).PlayTrace(battle.BattleSeed(master, uint64(idx)), nil)
	v := views.NewReplayView(tr)
	v.Title = forces[0].Name + " against " + forces[1].Name
	v.Battle, v.Battles = idx, m.Battles
	v.Base, v.Back, v.BackLabel = back+"/replay", back, backLabel
	// The battles to watch by outcome, from the matchup's battles played again (at most
	// replayPickMax of them).
	if got := a.replayPicks.get(m.ID); got != nil {
		v.Picks, v.PickNote = got.picks, got.note
	} else {
		n := min(m.Battles, replayPickMax)
		outcomes, err := battleOutcomes(c.Request().Context(), field, forces[0], forces[1], master, n)
		if err != nil {
			if ctxErr := c.Request().Context().Err(); ctxErr != nil {
				return ctxErr
			}
			a.log.Error("replay: the matchup's battles could not be played again to pick some", "sim", m.ID, "err", err)
			v.PickNote = "The battles could not be played again to pick some by outcome."
		} else {
			v.Picks = views.PickBattles(outcomes, [2]string{forces[0].Name, forces[1].Name})
			if n < m.Battles {
				v.PickNote = fmt.Sprintf("Picked among the first %d of the %d battles.", n, m.Battles)
			}
			a.replayPicks.put(m.ID, &replayPicked{picks: v.Picks, note: v.PickNote})
		}
	}
	return render(c, http.StatusOK, views.ReplayPage(page(c, "Replay: "+v.Title, nav), v))
}

// replayIndex reads which battle to replay: battle is its index (from 0), n its number
// (from 1, as the page's form asks); neither means the first.
func replayIndex(battleParam, n string, battles int) (int, string) {
	bad := fmt.Sprintf("Battle number: choose a whole number from 1 to %d.", battles)
	switch {
	case n != "":
		k, err := strconv.Atoi(n)
		if err != nil || k < 1 || k > battles {
			return 0, bad
		}
		return k - 1, ""
	case battleParam != "":
		k, err := strconv.Atoi(battleParam)
		if err != nil || k < 0 || k >= battles {
			return 0, fmt.Sprintf("Battle index: choose a whole number from 0 to %d (the first battle is 0).", battles-1)
		}
		return k, ""
	}
	return 0, ""
}
