package web

import (
	"strings"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) addToken(c *echo.Context) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	label := strings.TrimSpace(c.FormValue("label"))
	if len(label) > 100 {
		return a.accountView(c, views.AccountView{Error: "A token's label has at most 100 characters."})
	}
	if label == "" {
		label = "token"
	}
	tok, _, err := a.store.AddToken(c.Request().Context(), o.ID, label)
	if err != nil {
		return err
	}
	return a.accountView(c, views.AccountView{NewToken: tok})
}
