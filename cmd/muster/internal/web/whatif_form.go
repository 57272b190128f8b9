package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

func (a *app) whatifForm(c *echo.Context) error {
	st, err := a.loadWhatif(c, c.QueryParam("side"))
	if err != nil {
		return err
	}
	v := st.view
	// A cancelled what-if comes back with its picks (cancelledURL).
	if _, msg := form.Count("", c.QueryParam("battles"), whatifMinBattles, whatifMaxBattles); msg == "" {
		v.Battles = c.QueryParam("battles")
	}
	if _, msg := form.Count("", c.QueryParam("variants"), 1, whatifMaxVariants); msg == "" {
		v.Variants = c.QueryParam("variants")
	}
	p := page(c, "What to change in "+st.army.Name, "sim")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "What-if cancelled: nothing was saved. Your picks are below, to ask again."
	}
	return render(c, http.StatusOK, views.WhatIfPage(p, v))
}
