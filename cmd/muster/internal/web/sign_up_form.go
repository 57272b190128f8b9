package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) signUpForm(c *echo.Context) error {
	f := views.AuthForm{Signup: a.auth.Signup, Invite: c.QueryParam("invite")}
	return render(c, http.StatusOK, views.SignUp(page(c, "Sign up", "signup"), f))
}
