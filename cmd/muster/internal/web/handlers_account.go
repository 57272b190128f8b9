package web

import (
	"errors"
	"net/http"
	"strings"

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

func (a *app) signInForm(c *echo.Context) error {
	f := views.AuthForm{Next: safeNext(c.QueryParam("next")), Signup: a.auth.Signup}
	return render(c, http.StatusOK, views.SignIn(page(c, "Sign in", "signin"), f))
}

const errBadSignIn = "That account name and password do not match an account here."

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

func (a *app) signUpForm(c *echo.Context) error {
	f := views.AuthForm{Signup: a.auth.Signup, Invite: c.QueryParam("invite")}
	return render(c, http.StatusOK, views.SignUp(page(c, "Sign up", "signup"), f))
}

func (a *app) signUpPost(c *echo.Context) error {
	ctx := c.Request().Context()
	f := views.AuthForm{Name: strings.TrimSpace(c.FormValue("name")), Signup: a.auth.Signup, Invite: strings.TrimSpace(c.FormValue("invite"))}
	fail := func(status int, msg string) error {
		f.Error = msg
		return render(c, status, views.SignUp(page(c, "Sign up", "signup"), f))
	}
	switch {
	case a.auth.Signup == SignupClosed:
		return fail(http.StatusForbidden, "This Muster takes no new accounts: ask its admin for one.")
	case a.auth.Signup == SignupInvite && !a.store.InviteOpen(ctx, f.Invite):
		return fail(http.StatusForbidden, "That invitation code is not valid or was used already: ask the admin for a new link.")
	}
	if msg := NameProblem(f.Name); msg != "" {
		return fail(http.StatusUnprocessableEntity, msg)
	}
	pw := c.FormValue("password")
	if msg := PasswordProblem(pw); msg != "" {
		return fail(http.StatusUnprocessableEntity, msg)
	}
	if pw != c.FormValue("password2") {
		return fail(http.StatusUnprocessableEntity, "The two passwords differ: type the same one twice.")
	}
	if !owner(c).Guest() {
		return fail(http.StatusConflict, "You are signed in already: sign out first to make another account.")
	}
	if owner(c).ID == "" && invite(a, f) == "" && !a.guests.allow(c.RealIP()) {
		// A new owner without an invitation, as a guest is: held to the same count per
		// address (auth.go: guestBurst), or open sign-up minted owners for the queue instead.
		return fail(http.StatusTooManyRequests, "Too many new visitors from this address have signed up or saved something in the last minutes: wait a few minutes and try again.")
	}
	hash, err := HashPassword(pw)
	if err != nil {
		return err
	}
	// The invitation is spent in the transaction that makes the account: of two sign-ups on
	// one invitation at once, one gets the account and the other is told, with no account.
	invite := ""
	if a.auth.Signup == SignupInvite {
		invite = f.Invite
	}
	var acct db.Owner
	switch g := owner(c); {
	case g.ID != "":
		acct, err = a.store.SignUp(ctx, g.ID, f.Name, hash, invite)
	case invite != "":
		acct, err = a.store.CreateInvitedAccount(ctx, f.Name, hash, invite)
	default:
		acct, err = a.store.CreateAccount(ctx, f.Name, hash, false)
	}
	switch {
	case errors.Is(err, db.ErrNameTaken):
		return fail(http.StatusConflict, "That account name is taken: choose another.")
	case errors.Is(err, db.ErrInviteUsed):
		return fail(http.StatusForbidden, "That invitation code was used already: ask the admin for a new link.")
	case err != nil:
		return err
	}
	if err := a.signIn(c, acct); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/?welcome=1")
}

func (a *app) signOut(c *echo.Context) error {
	if err := a.sessions.Destroy(c.Request().Context()); err != nil {
		return err
	}
	if err := renewCSRF(c, a.auth.SecureCookie); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/signin")
}

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

func (a *app) account(c *echo.Context) error { return a.accountView(c, views.AccountView{}) }

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

func (a *app) revokeToken(c *echo.Context) error {
	o, err := signedIn(c)
	if err != nil {
		return err
	}
	if err := a.store.RevokeToken(c.Request().Context(), o.ID, c.Param("id")); errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such token.")
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/account#tokens")
}

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

// invite is the sign-up form's invitation when this Muster takes sign-ups by invitation.
func invite(a *app, f views.AuthForm) string {
	if a.auth.Signup == SignupInvite {
		return f.Invite
	}
	return ""
}
