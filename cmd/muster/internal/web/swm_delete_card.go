package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

func (a *app) swmDeleteCard(c *echo.Context) error {
	lc, err := a.ownCard(c)
	if err != nil {
		return err
	}
	if err := a.store.DeleteSWMCard(c.Request().Context(), ownerID(c), lc.rec.ID); err != nil {
		if errors.Is(err, db.ErrNotFound) {
			return errNoCard
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/swm/cards?deleted=1")
}
