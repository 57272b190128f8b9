package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) changePassword(c *echo.Context) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	if msg := a.signins.try(o.Name, c.RealIP()); msg != "" {
		return a.accountView(c, views.AccountView{Error: msg})
	}
	if !checkPassword(o.Password, c.FormValue("current")) {
		a.signins.fail(o.Name, c.RealIP())
		return a.accountView(c, views.AccountView{Error: "The current password is not right."})
	}
	pw := c.FormValue("password")
	if msg := PasswordProblem(pw); msg != "" {
		return a.accountView(c, views.AccountView{Error: msg})
	}
	if pw != c.FormValue("password2") {
		// A typo in a password typed once would lock the account out: nothing resets it
		// but the admin's muster user passwd.
		return a.accountView(c, views.AccountView{Error: "The two new passwords differ: type the same one twice. The password was not changed."})
	}
	hash, err := HashPassword(pw)
	if err != nil {
		return err
	}
	if err := a.store.SetPassword(c.Request().Context(), o.ID, hash); err != nil {
		return err
	}
	// This browser stays signed in, on a new session token; every other session of the
	// account is signed out by identify, its password mark no longer matching.
	if err := a.sessions.RenewToken(c.Request().Context()); err != nil {
		return err
	}
	a.sessions.Put(c.Request().Context(), sessionPass, passwordMark(hash))
	return c.Redirect(http.StatusSeeOther, "/account?password=1")
}
