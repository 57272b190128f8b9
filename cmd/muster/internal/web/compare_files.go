package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/views"
)

// comparedFile reads one side of a comparison: the army's saved head, or one of its
// versions, as stored.
func (a *app) comparedFile(ctx context.Context, owner, id string, version int) (db.Army, []byte, error) {
	rec, file, err := a.store.Get(ctx, owner, id)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return rec, nil, errNoArmy
	}
	if err != nil {
		return rec, nil, err
	}
	if version > 0 && version != rec.Version {
		v, err := a.store.Version(ctx, owner, id, version)
		if errors.Is(err, db.ErrNotFound) {
			return rec, nil, echo.NewHTTPError(http.StatusNotFound, fmt.Sprintf("%s has no version %d.", rec.Name, version))
		}
		if err != nil {
			return rec, nil, err
		}
		file, rec.Version = v.File, version
	}
	return rec, file, nil
}

// comparedSWMB costs a Star Wars Miniatures Battles army for the comparison.
func (a *app) comparedSWMB(rec db.Army, file []byte) (views.ArmyView, error) {
	army, err := readStored(rec.ID, file)
	if err != nil {
		return views.ArmyView{}, err
	}
	return views.ArmyView{ID: rec.ID, Army: army, Result: a.evaluate(army), Catalog: a.catalogFor(army), Version: rec.Version}, nil
}
