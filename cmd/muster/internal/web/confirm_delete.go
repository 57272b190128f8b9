package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) confirmDelete(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.ConfirmDelete(page(c, "Delete "+rec.Name, "armies"), rec.ID, rec.Name))
}
