package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

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
