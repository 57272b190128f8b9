package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) newArmy(c *echo.Context) error {
	return render(c, http.StatusOK, views.NewArmy(page(c, "New army", "new"), systemChoices(), views.NewArmyForm{Side: "rebel"}, views.ImportForm{Book: a.bookChoices()}))
}
