package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/views"
	"muster/views/replay"
)

// sharedScenario shows a scenario through its share link: read-only.
func (a *app) sharedScenario(c *echo.Context) error {
	rec, sc, err := a.sharedScenarioRec(c)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	v := views.SharedScenarioView{Token: rec.Share, Name: sc.Name, Description: sc.Description, Victory: sc.Victory.Text,
		Map: replay.Designer(sc, "The table of "+sc.Name), Width: strconv.FormatFloat(sc.Width, 'f', -1, 64),
		Height: strconv.FormatFloat(sc.Height, 'f', -1, 64), Turns: strconv.Itoa(sc.Turns)}
	for i, sd := range sc.Sides {
		v.Sides[i] = views.SharedSide{Name: sd.Name, Edge: sd.Edge, Orders: sd.Orders, Hidden: sd.Hidden}
	}
	return render(c, http.StatusOK, views.SharedScenarioPage(page(c, sc.Name, ""), v))
}
