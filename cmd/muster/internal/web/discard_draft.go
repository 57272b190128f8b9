package web

import (
	"net/http"

	"github.com/labstack/echo/v5"
)

// discardDraft forgets the owner's unsaved changes to their army.
func (a *app) discardDraft(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	if err := a.drafts.discard(c.Request().Context(), ownerID(c), rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"/edit?discarded=1")
}
