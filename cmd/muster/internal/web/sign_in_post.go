package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

func (a *app) signInPost(c *echo.Context) error {
	f := views.AuthForm{Name: strings.TrimSpace(c.FormValue("name")), Next: safeNext(c.FormValue("next")), Signup: a.auth.Signup}
	pw := c.FormValue("password")
	if msg := a.signins.try(f.Name, c.RealIP()); msg != "" {
		f.Error = msg
		return render(c, http.StatusTooManyRequests, views.SignIn(page(c, "Sign in", "signin"), f))
	}
	acct, err := a.store.OwnerByName(c.Request().Context(), f.Name)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	if err != nil || !checkPassword(acct.Password, pw) {
		a.signins.fail(f.Name, c.RealIP())
		f.Error = errBadSignIn
		return render(c, http.StatusUnauthorized, views.SignIn(page(c, "Sign in", "signin"), f))
	}
	if err := a.signIn(c, acct); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, f.Next)
}
