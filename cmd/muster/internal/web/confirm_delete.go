package web

import (
	"net/http"

	"muster/views"

	"github.com/labstack/echo/v5"
)

func (a *app) confirmDelete(c *echo.Context) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.ConfirmDelete(page(c, "Delete "+rec.Name, "armies"), rec.ID, rec.Name))
}
