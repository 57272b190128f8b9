package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/qrs/solo"
	"muster/views"
)

// qrsSoloCreate starts a game from the form: counters, the pool, the player's groups (form
// lines or a pasted qrs army file) and an optional seed.
func (a *app) qrsSoloCreate(c *echo.Context) error {
	form, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	f := qrsNewFormFrom(form)
	played, problem := a.qrsWithSaved(c, f)
	var setup solo.Setup
	if problem == "" {
		setup, problem = qrsSetupFrom(played)
	}
	if problem == "" {
		st, err := solo.New(setup)
		if err != nil {
			problem = err.Error()
		} else {
			owner, err := a.ensureOwner(c)
			if err != nil {
				return err
			}
			state, result, err := qrsMarshal(st, views.QRSResult{Kind: "new", Lines: st.Log})
			if err != nil {
				return err
			}
			g, err := a.store.CreateSolo(c.Request().Context(), owner, qrsGameName(st), state, result)
			if err != nil {
				return err
			}
			return c.Redirect(http.StatusSeeOther, "/qrs/solo/"+g.ID)
		}
	}
	return a.renderSoloHome(c, http.StatusUnprocessableEntity, f, problem)
}
