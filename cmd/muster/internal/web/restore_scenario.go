package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/db"
)

// restoreScenario makes a copy of an older version of one of the asker's scenarios its
// newest version (the form's "version"), nothing overwritten; the form's "base" is the
// latest version the page offering it showed, so that a restore from a page opened before
// another save is refused rather than silently undoing that save.
func (a *app) restoreScenario(c *echo.Context) error {
	rec, err := a.ownScenario(c)
	if err != nil {
		return err
	}
	n, ok := form.Version(c.FormValue("version"))
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf(
			"Not restored: the form's version (%q) is not a version number. Choose a version to restore in the scenario's history.", c.FormValue("version")))
	}
	base, ok := postedBase(c, "base")
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, notOnAVersion("restored", "scenario", c.FormValue("base")))
	}
	if _, err := a.store.RestoreScenario(c.Request().Context(), ownerID(c), rec.ID, base, n); err != nil {
		if msg := staleChange(err, "scenario", "restored"); msg != "" {
			return echo.NewHTTPError(http.StatusConflict, msg)
		}
		if errors.Is(err, db.ErrNotFound) {
			return echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf(
				"Not restored: this scenario has no version %d (it has versions 1 to %d).", n, rec.Version))
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/scenarios/"+rec.ID+"?restored="+strconv.Itoa(n))
}
