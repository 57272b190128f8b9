package web

import (
	"muster/views"

	"github.com/labstack/echo/v5"
)

func (a *app) account(c *echo.Context) error { return a.accountView(c, views.AccountView{}) }
