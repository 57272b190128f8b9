package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

// gmOptimizeForm is "What should this list bring?" for any list of the gamemaster's game.
func (a *app) gmOptimizeForm(c *echo.Context) error { return a.gameOptimizeForm(c, optimizeByGM) }

// playOptimizeForm is "What should I bring?" for the player's own list: the form once the
// game is locked, before it why there is none.
func (a *app) playOptimizeForm(c *echo.Context) error {
	return a.gameOptimizeForm(c, optimizeByPlayer)
}

func (a *app) gameOptimizeForm(c *echo.Context, by string) error {
	st, err := a.loadGameOptimize(c, by)
	if err != nil {
		return err
	}
	p := page(c, "What should "+st.army.Name+" bring?", "games")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Search cancelled: nothing was saved. Ask again below."
	}
	return render(c, http.StatusOK, views.OptimizePage(p, st.view))
}
