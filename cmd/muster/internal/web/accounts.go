package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// Accounts: sign in, sign up (a guest becomes an account, keeping its armies), sign out,
// change password, personal API tokens, and (admins) invitation links.
func (a *app) accountRoutes(e *echo.Echo) {
	e.GET("/signin", a.signInForm)
	e.POST("/signin", a.signInPost)
	e.GET("/signup", a.signUpForm)
	e.POST("/signup", a.signUpPost)
	e.POST("/signout", a.signOut)
	e.GET("/account", a.account)
	e.POST("/account/password", a.changePassword)
	e.POST("/account/tokens", a.addToken)
	e.POST("/account/tokens/:id/revoke", a.revokeToken)
	e.POST("/account/tokens/revoke-all", a.revokeAllTokens)
	e.POST("/account/invites", a.addInvite)
}

const errBadSignIn = "That account name and password do not match an account here."

// signedIn returns the asking account, or an error page for guests and no one.
func signedIn(c *echo.Context) (db.Owner, error) {
	o := owner(c)
	if o.ID == "" || o.Guest() {
		return o, echo.NewHTTPError(http.StatusUnauthorized, "Sign in to see your account.")
	}
	return o, nil
}

func (a *app) accountView(c *echo.Context, v views.AccountView) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	v.Name, v.Admin = o.Display, o.Admin
	toks, err := a.store.Tokens(c.Request().Context(), o.ID)
	if err != nil {
		return err
	}
	for _, t := range toks {
		row := views.TokenRow{ID: t.ID, Label: t.Label, Created: t.Created.Format("2 Jan 2006 15:04"), LastUsed: "never", Revoked: t.Revoked}
		if !t.LastUsed.IsZero() {
			row.LastUsed = t.LastUsed.Format("2 Jan 2006 15:04")
		}
		v.Tokens = append(v.Tokens, row)
	}
	status := http.StatusOK
	if v.Error != "" {
		status = http.StatusUnprocessableEntity
	}
	p := page(c, "Your account", "account")
	if c.QueryParam("revoked") == "all" {
		p.Flash = "Every API token of this account is revoked: scripts using one are refused until given a new one."
	}
	if c.QueryParam("password") != "" {
		p.Flash = "Password changed. Every other browser signed in to this account is signed out. " +
			"Your API tokens still work: revoke them below if one may be known to someone else."
	}
	return render(c, status, views.Account(p, v))
}

// invite is the sign-up form's invitation when this Muster takes sign-ups by invitation.
func invite(a *app, f views.AuthForm) string {
	if a.auth.Signup == SignupInvite {
		return f.Invite
	}
	return ""
}
