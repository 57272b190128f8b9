package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web/form"
	"muster/rules/battle/whatif"
	"muster/views"
)

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
	n, nmsg := form.Count("Battles for each", v.Battles, whatifMinBattles, whatifMaxBattles)
	k, kmsg := form.Count("Changes to try", v.Variants, 1, whatifMaxVariants)
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
	req := jobs.WhatIfRequest{Sim: st.sim.ID, Side: st.side, Scenario: st.sim.Scenario, ScenarioFile: st.sim.ScenarioFile, Seed: seed, Battles: n, Variants: k,
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
