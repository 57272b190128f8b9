package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// compareRequest is the compare form's shape: two army ids, either may be missing.
type compareRequest struct {
	A  string `validate:"omitempty,max=64"`
	B  string `validate:"omitempty,max=64"`
	AV int    `validate:"min=0,max=1000000"`
	BV int    `validate:"min=0,max=1000000"`
}

func (a *app) compare(c *echo.Context) error {
	ctx := c.Request().Context()
	req := compareRequest{A: c.QueryParam("a"), B: c.QueryParam("b")}
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
	if a.validate.Struct(req) != nil || (req.A != "" && !validID(req.A)) || (req.B != "" && !validID(req.B)) {
		return echo.NewHTTPError(http.StatusBadRequest, "Choose two of your armies to compare.")
	}
	list, err := a.store.List(ctx, ownerID(c))
	list = swmbOnly(list)
	if err != nil {
		return err
	}
	cv := views.CompareView{AID: req.A, BID: req.B, AV: req.AV, BV: req.BV}
	for _, r := range list {
		cv.Armies = append(cv.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit, Updated: r.Updated})
	}
	if req.A != "" && req.B != "" {
		av, err := a.compared(ctx, ownerID(c), req.A, req.AV)
		if err != nil {
			return err
		}
		bv, err := a.compared(ctx, ownerID(c), req.B, req.BV)
		if err != nil {
			return err
		}
		cv.A, cv.B = &av, &bv
		cv.Rows = compareUnits(av.Army, bv.Army, av.Result, bv.Result)
		cv.Subtotals = compareSubtotals(cv.Rows)
	}
	return render(c, http.StatusOK, views.Compare(page(c, "Compare armies", "compare"), cv))
}

// compared reads one side of a comparison: the army's saved head, or one of its versions.
func (a *app) compared(ctx context.Context, owner, id string, version int) (views.ArmyView, error) {
	rec, file, err := a.store.Get(ctx, owner, id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return views.ArmyView{}, errNoArmy
	}
	if err != nil {
		return views.ArmyView{}, err
	}
	if version > 0 && version != rec.Version {
		v, err := a.store.Version(ctx, owner, id, version)
		if errors.Is(err, db.ErrNotFound) {
			return views.ArmyView{}, echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf("%s has no version %d.", rec.Name, version))
		}
		if err != nil {
			return views.ArmyView{}, err
		}
		file, rec.Version = v.File, version
	}
	army, err := readStored(id, file)
	if err != nil {
		return views.ArmyView{}, err
	}
	return views.ArmyView{ID: rec.ID, Army: army, Result: a.evaluate(army), Catalog: a.catalogFor(army), Version: rec.Version}, nil
}
