package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
)

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
