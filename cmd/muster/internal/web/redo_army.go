package web

import "github.com/labstack/echo/v5"

func (a *app) redoArmy(c *echo.Context) error { return a.moveHead(c, false) }
