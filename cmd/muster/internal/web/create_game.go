package web

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) createGame(c *echo.Context) error {
	f, d, ok := a.readGameForm(c, nil)
	f.Action = "/games"
	if key, isPreset := strings.CutPrefix(c.FormValue("action"), "preset:"); isPreset {
		applyPreset(&f, key)
		f.Errors = map[string]string{}
		a.checkGameForm(&f)
		delete(f.Errors, "name")
		return render(c, http.StatusOK, views.NewGame(page(c, "New game", "games"), f, presetViews()))
	}
	if !ok {
		return render(c, http.StatusUnprocessableEntity, views.NewGame(page(c, "New game", "games"), f, presetViews()))
	}
	_, links, err := a.store.CreateGame(c.Request().Context(), ownerID(c), d)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+links.GM+"?created=1")
}
