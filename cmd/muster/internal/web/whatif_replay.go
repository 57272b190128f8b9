package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/roster"
	"muster/rules/battle"
	"muster/rules/battle/muster"
	"muster/rules/battle/whatif"
	"muster/views"
)

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
