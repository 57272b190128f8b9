package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/roster"
)

func (a *app) duplicateArmy(c *echo.Context) error {
	rec, army, err := a.loadArmy(c)
	if err != nil {
		return err
	}
	army.Name = roster.CopyName(army.Name)
	dup, _, err := a.save(c, "", db.AnyVersion, army, "duplicated from "+rec.ID)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+dup.ID)
}
