package web

import "github.com/labstack/echo/v5"

func (a *app) undoArmy(c *echo.Context) error { return a.moveHead(c, true) }
