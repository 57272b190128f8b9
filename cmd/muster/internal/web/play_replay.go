package web

import "github.com/labstack/echo/v5"

// playReplay: players see a game's battles only after the lock, as they see its matchups.
func (a *app) playReplay(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	if !g.Locked {
		return errNoSim
	}
	return a.gameReplay(c, g, "/play/"+c.Param("token"))
}
