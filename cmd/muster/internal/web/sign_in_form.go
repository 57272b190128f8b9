package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) signInForm(c *echo.Context) error {
	f := views.AuthForm{Next: safeNext(c.QueryParam("next")), Signup: a.auth.Signup}
	return render(c, http.StatusOK, views.SignIn(page(c, "Sign in", "signin"), f))
}
