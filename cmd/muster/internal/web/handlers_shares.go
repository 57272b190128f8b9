package web

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
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

// armyShares goes to the share links on the army's page.
func (a *app) armyShares(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"#share")
}

func (a *app) revokeShare(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	tok := c.Param("token")
	if !validID(tok) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such share link.")
	}
	if err := a.store.RevokeShare(c.Request().Context(), ownerID(c), rec.ID, tok); errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "There is no such share link.")
	} else if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?revoked=1#share")
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

// sharedSheets is the print view of a shared army.
func (a *app) sharedSheets(c *echo.Context) error {
	army, paper, err := a.sharedPrint(c)
	if err != nil {
		return err
	}
	page, err := pdf.Sheets(c.Request().Context(), a.catalogFor(army), army, a.evaluate(army), paper, "/share/"+c.Param("token"), false)
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, page)
}

// sharedSheetsPDF is the PDF of a shared army's sheets.
func (a *app) sharedSheetsPDF(c *echo.Context) error {
	army, paper, err := a.sharedPrint(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	page, err := pdf.Sheets(ctx, a.catalogFor(army), army, a.evaluate(army), paper, "", true)
	if err != nil {
		return err
	}
	doc, err := pdf.Print(ctx, page, paper)
	if err != nil {
		if !errors.Is(err, pdf.ErrNoChromium) {
			a.log.Error("sheets: PDF failed", "err", err)
		}
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The PDF cannot be made on this server just now. "+
			"The print view has the same sheets: print it from your browser (Ctrl+P, or Save as PDF).")
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename=%q`, fileName(army.Name)+"-sheets.pdf"))
	return c.Blob(http.StatusOK, "application/pdf", doc)
}

// copyShared saves a shared army as a new army of the visitor's, noting where it came from.
func (a *app) copyShared(c *echo.Context) error {
	_, shared, err := a.loadShared(c)
	if err != nil {
		return err
	}
	army := *shared
	rec, _, err := a.save(c, "", db.AnyVersion, &army, "copied from a share link")
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?copied=1")
}
