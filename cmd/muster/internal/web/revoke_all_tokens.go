package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// revokeAllTokens revokes every API token of the account at once: after a password change
// (which signs browsers out but leaves tokens working), or when a machine holding one is
// lost.
func (a *app) revokeAllTokens(c *echo.Context) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	if _, err := a.store.RevokeAllTokens(c.Request().Context(), o.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/account?revoked=all#tokens")
}
