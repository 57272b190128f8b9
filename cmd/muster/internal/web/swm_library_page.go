package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

// swmLibraryPage lists the player's cards and the pack's, with what each lacks.
func (a *app) swmLibraryPage(c *echo.Context) error {
	v, err := a.swmLibraryView(c)
	if err != nil {
		return err
	}
	p := page(c, "d20 card library", "armies")
	switch {
	case c.QueryParam("deleted") != "":
		p.Flash = "The card was deleted from your library."
	case c.QueryParam("imported") != "":
		p.Flash = c.QueryParam("imported")
	}
	return render(c, http.StatusOK, views.SWMLibraryPage(p, v))
}
