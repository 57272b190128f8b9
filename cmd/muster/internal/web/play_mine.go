package web

// A signed-in player's lists on another device (docs/decisions.md, "Game nights: your own
// lists on another device"). The player page lists the lists whose keys this browser's
// cookie holds; a signed-in account also sees the game's other lists it owns, each with an
// "Open here" button that issues this browser a key of its own (db.AddListKey) and
// remembers it as a list made here. The first device's key keeps working. Only the player
// link and the owner's session together open a list this way; a guest's lists have no
// account to be found by, and stay on the browser that made them.

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// errNotYourList answers an "Open here" for a list the asking account does not own in the
// game, or asked by a guest or no one: 404, as for any list the asker may not reach.
var errNotYourList = echo.NewHTTPError(http.StatusNotFound,
	"There is no list of yours by that id in this game. Sign in to the account you made it with: the game's page then lists it under \"Your lists on other devices\".")

// account is the asking account's id, "" for a guest or no one.
func account(c *echo.Context) string {
	if o := owner(c); o.ID != "" && !o.Guest() {
		return o.ID
	}
	return ""
}

// otherDevices are the game's lists the asking account owns that this browser does not
// hold a key to (held: the ids of those it does), for "Your lists on other devices".
func (a *app) otherDevices(c *echo.Context, g db.Game, held map[string]bool) ([]views.ListRow, error) {
	who := account(c)
	if who == "" {
		return nil, nil
	}
	ctx := c.Request().Context()
	lists, err := a.store.OwnedLists(ctx, g.ID, who)
	if err != nil {
		return nil, err
	}
	var out []views.ListRow
	for _, l := range lists {
		if held[l.ID] {
			continue
		}
		r, _, _, err := a.listRow(ctx, g, l, 0)
		if err != nil {
			return nil, err
		}
		r.Href = "/play/" + c.Param("token") + "/lists/mine/" + l.ID + "/open"
		out = append(out, r)
	}
	return out, nil
}

// openMine opens one of the account's lists on this browser: a key of its own, kept in the
// cookie like a list made here, and on to the list's page. A browser that already holds a
// key to the list is sent to it, with no further key.
func (a *app) openMine(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	who, id := account(c), c.Param("id")
	if who == "" || !validID(id) {
		return errNotYourList
	}
	ctx := c.Request().Context()
	base := "/play/" + c.Param("token") + "/lists/"
	for _, key := range listKeys(c) {
		if l, err := a.store.ListByKey(ctx, g.ID, key); err == nil && l.ID == id && l.Owner == who {
			return c.Redirect(http.StatusSeeOther, base+key)
		}
	}
	key, err := a.store.AddListKey(ctx, g.ID, id, who)
	if errors.Is(err, db.ErrNotFound) {
		return errNotYourList
	}
	if err != nil {
		return err
	}
	rememberList(c, key)
	return c.Redirect(http.StatusSeeOther, base+key+"?opened=1")
}
