package web

import (
	"github.com/labstack/echo/v5"

	"muster/views"
)

func (a *app) account(c *echo.Context) error { return a.accountView(c, views.AccountView{}) }
