package web

import (
	"time"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/roster"
	"muster/views"
)

// Share links: an army's owner makes any number of read-only links, sees when each was
// made and last opened, and revokes any. A link opens the army's page, its record sheets
// and PDF, its export, and "copy into my armies"; never the owner's other armies.

// shareRows lists an army's share links for its owner, with absolute URLs to copy.
func (a *app) shareRows(c *echo.Context, rec db.Army) ([]views.ShareRow, error) {
	links, err := a.store.Shares(c.Request().Context(), rec.Owner, rec.ID)
	if err != nil {
		return nil, err
	}
	rows := make([]views.ShareRow, 0, len(links))
	for _, l := range links {
		rows = append(rows, shareRow(l.Token, baseURL(c)+"/share/"+l.Token, l.Created, l.LastOpened, l.Revoked))
	}
	return rows, nil
}

// shareRow is one share link as its owner sees it: the address to copy, when it was made and
// last opened ("never"), whether it is revoked.
func shareRow(token, url string, created, opened time.Time, revoked bool) views.ShareRow {
	row := views.ShareRow{Token: token, URL: url, Revoked: revoked, Created: created.Format("2 Jan 2006 15:04"), LastOpened: "never"}
	if !opened.IsZero() {
		row.LastOpened = opened.Format("2 Jan 2006 15:04")
	}
	return row
}

// sharedPrint reads what a shared army's print routes need: the army behind the link and
// the paper asked for; the pages it answers send no Referer (it would carry the token).
func (a *app) sharedPrint(c *echo.Context) (*roster.Army, string, error) {
	_, army, err := a.loadShared(c)
	if err != nil {
		return nil, "", err
	}
	paper, err := a.sheetsPaper(c)
	if err != nil {
		return nil, "", err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return army, paper, nil
}
