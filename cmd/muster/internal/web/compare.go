package web

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/systems"
	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

func (a *app) compare(c *echo.Context) error {
	ctx := c.Request().Context()
	req := form.Compare{A: c.QueryParam("a"), B: c.QueryParam("b")}
	var err1, err2 error
	if s := c.QueryParam("av"); s != "" {
		req.AV, err1 = strconv.Atoi(s)
	}
	if s := c.QueryParam("bv"); s != "" {
		req.BV, err2 = strconv.Atoi(s)
	}
	if err1 != nil || err2 != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "av and bv are version numbers, as the army's history lists them: av=3.")
	}
	if !req.Check() || (req.A != "" && !validID(req.A)) || (req.B != "" && !validID(req.B)) {
		return echo.NewHTTPError(http.StatusBadRequest, "Choose two of your armies to compare.")
	}
	list, err := a.store.List(ctx, ownerID(c))
	if err != nil {
		return err
	}
	cv := views.CompareView{AID: req.A, BID: req.B, AV: req.AV, BV: req.BV}
	for _, r := range list {
		cv.Armies = append(cv.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit, Updated: r.Updated, System: r.System})
	}
	if req.A != "" && req.B != "" {
		ra, fa, err := a.comparedFile(ctx, ownerID(c), req.A, req.AV)
		if err != nil {
			return err
		}
		rb, fb, err := a.comparedFile(ctx, ownerID(c), req.B, req.BV)
		if err != nil {
			return err
		}
		sa, sb := systems.For(fa), systems.For(fb)
		switch {
		case sa == nil && sb == nil:
			av, err := a.comparedSWMB(ra, fa)
			if err != nil {
				return err
			}
			bv, err := a.comparedSWMB(rb, fb)
			if err != nil {
				return err
			}
			cv.A, cv.B = &av, &bv
			cv.Rows = compareUnits(av.Army, bv.Army, av.Result, bv.Result)
		case sa != nil && sb != nil && sa.ID() == sb.ID():
			other, rows, err := compareOther(a.ownedSystem(c, sa), ra, fa, rb, fb)
			if err != nil {
				return err
			}
			cv.Other, cv.Rows = other, rows
		default:
			return echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf("%s and %s are armies of different games: compare two armies of the same game.", ra.Name, rb.Name))
		}
		cv.Subtotals = compareSubtotals(cv.Rows)
	}
	return render(c, http.StatusOK, views.Compare(page(c, "Compare armies", "compare"), cv))
}
