package main

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/costing"
	"muster/db"
	"muster/rules"
	"muster/views"
)

// compareRequest is the compare form's shape: two army ids, either may be missing.
type compareRequest struct {
	A string `validate:"omitempty,max=64"`
	B string `validate:"omitempty,max=64"`
}

func (a *app) compare(c *echo.Context) error {
	ctx := c.Request().Context()
	req := compareRequest{A: c.QueryParam("a"), B: c.QueryParam("b")}
	if a.validate.Struct(req) != nil || (req.A != "" && !validID(req.A)) || (req.B != "" && !validID(req.B)) {
		return echo.NewHTTPError(http.StatusBadRequest, "Choose two of your armies to compare.")
	}
	list, err := a.store.List(ctx, ownerID(c))
	if err != nil {
		return err
	}
	cv := views.CompareView{AID: req.A, BID: req.B}
	for _, r := range list {
		cv.Armies = append(cv.Armies, views.ArmyRow{ID: r.ID, Name: r.Name, Side: r.Side, Total: r.Total, Limit: r.Limit})
	}
	if req.A != "" && req.B != "" {
		av, err := a.compared(ctx, ownerID(c), req.A)
		if err != nil {
			return err
		}
		bv, err := a.compared(ctx, ownerID(c), req.B)
		if err != nil {
			return err
		}
		cv.A, cv.B = &av, &bv
		cv.Rows = compareUnits(av.Result, bv.Result)
	}
	return render(c, http.StatusOK, views.Compare(page(c, "Compare armies", "compare"), cv))
}

func (a *app) compared(ctx context.Context, owner, id string) (views.ArmyView, error) {
	rec, file, err := a.store.Get(ctx, owner, id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return views.ArmyView{}, errNoArmy
	}
	if err != nil {
		return views.ArmyView{}, err
	}
	army, err := readStored(id, file)
	if err != nil {
		return views.ArmyView{}, err
	}
	return views.ArmyView{ID: rec.ID, Army: army, Result: a.evaluate(army), Catalog: a.catalogFor(army), Version: rec.Version}, nil
}

// compareUnits pairs the two armies' units by kind and name, in order, and marks where
// they differ: a unit only one army has, or a pair whose costs differ.
func compareUnits(a, b *costing.Result) []views.CompareRow {
	used := make([]bool, len(b.Units))
	var rows []views.CompareRow
	for _, ua := range a.Units {
		row := views.CompareRow{Kind: ua.Kind, AName: ua.Name, ACost: ua.Cost, InA: true}
		for j, ub := range b.Units {
			if !used[j] && ub.Kind == ua.Kind && rules.Normalize(ub.Name) == rules.Normalize(ua.Name) {
				used[j] = true
				row.InB, row.BName, row.BCost = true, ub.Name, ub.Cost
				break
			}
		}
		row.Differs = !row.InB || row.ACost != row.BCost
		rows = append(rows, row)
	}
	for j, ub := range b.Units {
		if !used[j] {
			rows = append(rows, views.CompareRow{Kind: ub.Kind, BName: ub.Name, BCost: ub.Cost, InB: true, Differs: true})
		}
	}
	return rows
}
