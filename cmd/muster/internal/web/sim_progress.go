package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// simProgress is the running matchup's page: a progress bar the script keeps up to date,
// and a cancel button. A finished run goes straight to its result.
func (a *app) simProgress(c *echo.Context) error {
	st, err := a.ownRun(c)
	if err != nil {
		return runError(err, "That matchup is no longer running; its result, if it finished, is in the list on the matchup page.")
	}
	m := st.m
	url, ok := openLink(c, m.ResultURL)
	if m.Status == db.MatchupDone && ok {
		return c.Redirect(http.StatusSeeOther, url)
	}
	v := views.SimRunView{ID: m.ID, Title: m.Title, Total: m.Battles, Done: st.done, Stopped: m.Status == db.MatchupCancelled,
		Queued: st.queued, Heading: runHeading(m.Kind), Over: m.Over()}
	switch m.Status {
	case db.MatchupFailed:
		v.Error = m.Error
	case db.MatchupDone:
		v.Error = doneElsewhere(ok)
	}
	return render(c, http.StatusOK, views.SimRunPage(page(c, v.Heading, "sim"), v))
}
