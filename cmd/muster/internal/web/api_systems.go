package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/systems"
	"muster/db"
	"muster/rules/system"
)

// The JSON API for the armies of the other game systems: create from a file, read the
// costed army and the file. The SWMB API handlers hand such an army to these; the shape is
// the shared report (total, problems with severity), as `muster cost --json` prints it.

// apiOtherArmy is the answer to GET /api/armies/{id} for another system's army.
type apiOtherArmy struct {
	ID      string `json:"id"`
	Version int    `json:"version"`
	Valid   bool   `json:"valid"`
	*system.Report
}

// apiCreateOther saves a file of another system through the API; it reports false for an
// SWMB file.
func (a *app) apiCreateOther(c *echo.Context, data []byte) (bool, error) {
	sys := systems.For(data)
	if sys == nil {
		return false, nil
	}
	rec, rep, err := a.saveOtherFile(c, "", db.AnyVersion, sys, data, "created through the API")
	var fe *fileError
	if errors.As(err, &fe) {
		return true, c.JSON(http.StatusBadRequest, apiError{Error: fe.msg})
	}
	if err != nil {
		return true, err
	}
	c.Response().Header().Set("Location", "/api/armies/"+rec.ID)
	return true, c.JSON(http.StatusCreated, struct {
		ID       string           `json:"id"`
		Total    int              `json:"total"`
		Problems []system.Problem `json:"problems"`
	}{rec.ID, rep.Total, rep.Problems})
}

// apiGetOther answers GET /api/armies/{id} (file: false) or its file (file: true) when the
// caller's army belongs to another system; it reports false otherwise.
func (a *app) apiGetOther(c *echo.Context, file bool) (bool, error) {
	o, found, err := a.findOther(c)
	if err != nil || !found {
		return found, err
	}
	if file {
		return true, a.exportOther(c, o)
	}
	rep, err := o.report()
	if err != nil {
		return true, err
	}
	return true, c.JSON(http.StatusOK, apiOtherArmy{ID: o.rec.ID, Version: o.rec.Version, Valid: o.rec.Valid, Report: rep})
}
