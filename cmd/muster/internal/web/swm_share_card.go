package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) swmShareCard(c *echo.Context) error {
	lc, err := a.ownCard(c)
	if err != nil {
		return err
	}
	if _, err := a.store.ShareSWMCard(c.Request().Context(), ownerID(c), lc.rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/swm/cards#my-cards")
}
