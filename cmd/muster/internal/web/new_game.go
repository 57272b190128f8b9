package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v5"

	"muster/costing/gamenight"
	"muster/views"
)

func (a *app) newGame(c *echo.Context) error {
	f := views.GameForm{Action: "/games", Errors: map[string]string{}, Date: time.Now().Format("2006-01-02"), Catalog: a.cat}
	for _, s := range gamenight.Sides {
		f.Sides = append(f.Sides, views.SideForm{Side: s, Plays: s != "neutral", Form: limitsFormOf(nil)})
	}
	var err error
	if f.Battlefields, err = a.battlefieldChoices(c, nil); err != nil {
		return err
	}
	return render(c, http.StatusOK, views.NewGame(page(c, "New game", "games"), f, presetViews()))
}
