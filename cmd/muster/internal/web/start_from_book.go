package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/roster"
	"muster/rules"
)

// startFromBook saves one of the book's forces as a new army of the player's.
func (a *app) startFromBook(c *echo.Context) error {
	data, ok := rules.BookForceFile(c.FormValue("file"))
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, "Choose one of the book's forces from the list.")
	}
	army, err := roster.Read(data)
	if err != nil {
		return err
	}
	rec, _, err := a.save(c, "", db.AnyVersion, army, "from the book")
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?imported=1")
}
