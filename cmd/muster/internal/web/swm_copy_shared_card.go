package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

// swmCopySharedCard copies a shared card into the asker's library (a card of the name
// there already is not replaced: the asker is sent to it).
func (a *app) swmCopySharedCard(c *echo.Context) error {
	lc, err := a.sharedCard(c)
	if err != nil {
		return err
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	if lc.rec.Owner == owner {
		return c.Redirect(http.StatusSeeOther, cardURL(lc.rec.ID, "", false))
	}
	rec, err := a.store.SaveSWMCard(c.Request().Context(), owner, "", lc.rec.Name, lc.rec.Key, lc.rec.Body)
	switch {
	case errors.Is(err, db.ErrCardNameTaken):
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Your library has a card named %q already, so this one was not copied. Delete yours from the library first to copy this one in its place.", lc.rec.Name))
	case errors.Is(err, db.ErrLibraryFull):
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("Your library holds %d cards, the most it may: delete one first.", db.MaxSWMCards))
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, cardURL(rec.ID, "", false))
}
