package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// qrsSoloStep runs a step on the owner's game and saves it as the game's next step.
func (a *app) qrsSoloStep(step qrsStep) echo.HandlerFunc {
	return func(c *echo.Context) error {
		g, st, err := a.qrsLoadSolo(c)
		if err != nil {
			return err
		}
		form, err := c.FormValues()
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
		}
		base := g.Head
		if b := form.Get("base"); b != "" {
			if base, err = strconv.Atoi(b); err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "base: the step the page was drawn at is not a number; reload the page.")
			}
		}
		if base != g.Head {
			return a.renderSoloGame(c, http.StatusConflict, g, st, qrsStaleMessage)
		}
		if len(st.Log) > qrsWebLog {
			st.Log = st.Log[len(st.Log)-qrsWebLog:]
		}
		before := len(st.Log)
		var r views.QRSResult
		action, err := step(st, st.NextDice(), form, &r)
		if err != nil {
			// Nothing is saved: the page is drawn again from the stored game.
			_, fresh, lerr := a.qrsLoadSolo(c)
			if lerr != nil {
				return lerr
			}
			return a.renderSoloGame(c, http.StatusUnprocessableEntity, g, fresh, err.Error())
		}
		r.Lines = append([]string(nil), st.Log[before:]...)
		state, result, err := qrsMarshal(st, r)
		if err != nil {
			return err
		}
		if _, err := a.store.SaveSoloStep(c.Request().Context(), ownerID(c), g.ID, base, action, state, result); err != nil {
			switch {
			case errors.Is(err, db.ErrNotFound):
				return errNoSoloGame
			case errors.Is(err, db.ErrStale):
				g, st, err := a.qrsLoadSolo(c)
				if err != nil {
					return err
				}
				return a.renderSoloGame(c, http.StatusConflict, g, st, qrsStaleMessage)
			}
			return err
		}
		return c.Redirect(http.StatusSeeOther, "/qrs/solo/"+g.ID+"#result")
	}
}
