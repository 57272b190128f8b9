package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/battle/whatif"
)

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
