package web

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) qrsSoloUndo(c *echo.Context) error {
	g, st, err := a.qrsLoadSolo(c)
	if err != nil {
		return err
	}
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil {
		base = g.Head
	}
	switch err := a.store.UndoSolo(c.Request().Context(), ownerID(c), g.ID, base); {
	case errors.Is(err, db.ErrNotFound):
		return errNoSoloGame
	case errors.Is(err, db.ErrStale):
		return a.renderSoloGame(c, http.StatusConflict, g, st, qrsStaleMessage)
	case errors.Is(err, db.ErrNothingToUndo):
		return a.renderSoloGame(c, http.StatusConflict, g, st, "Nothing to undo: the game stands at its start (or at the oldest step kept).")
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/qrs/solo/"+g.ID+"#result")
}
