package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) swmSharedCard(c *echo.Context) error {
	lc, err := a.sharedCard(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	v := views.SWMSharedCardView{Token: lc.rec.Share, Card: &lc.card, Entry: views.CardLines(&lc.card)}
	return render(c, http.StatusOK, views.SWMSharedCard(page(c, lc.card.Name, ""), v))
}
