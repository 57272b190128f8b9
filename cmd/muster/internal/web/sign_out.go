package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

func (a *app) signOut(c *echo.Context) error {
	if err := a.sessions.Destroy(c.Request().Context()); err != nil {
		return err
	}
	if err := renewCSRF(c, a.auth.SecureCookie); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/signin")
}
