package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) addInvite(c *echo.Context) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	if !o.Admin {
		return echo.NewHTTPError(http.StatusNotFound, "There is no page here.")
	}
	tok, err := a.store.AddInvite(c.Request().Context(), o.ID)
	if err != nil {
		return err
	}
	return a.accountView(c, views.AccountView{NewInvite: baseURL(c) + "/signup?invite=" + tok})
}
