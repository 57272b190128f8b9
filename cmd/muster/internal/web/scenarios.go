package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/battle"
	"muster/rules/battle/design"
	"muster/views"
	"muster/views/replay"
)

// A player's own scenarios (issue 33): designed on the map or as text, imported, copied
// from a built-in or a share link, exported as the file the built-in scenarios are, played
// on in matchups. Only the owner reaches a scenario (another owner's is not found); a
// share link shows it read-only, to download or copy.

var errNoScenario = echo.NewHTTPError(http.StatusNotFound, "There is no such scenario among yours. It may have been deleted, or the link is mistyped.")

func (a *app) scenarioRoutes(e *echo.Echo) {
	e.GET("/scenarios", a.scenariosPage)
	e.POST("/scenarios", a.newScenario)
	e.POST("/scenarios/import", a.importScenario)
	e.POST("/scenarios/builtin/:name/copy", a.copyBuiltinScenario)
	e.GET("/scenarios/:id", a.designScenario)
	e.POST("/scenarios/:id", a.saveScenario)
	e.GET("/scenarios/:id/export", a.exportScenario)
	e.GET("/scenarios/:id/history", a.scenarioHistory)
	e.GET("/scenarios/:id/history/:number", a.scenarioVersion)
	e.GET("/scenarios/:id/history/:number/export", a.exportScenarioVersion)
	e.POST("/scenarios/:id/restore", a.restoreScenario)
	e.POST("/scenarios/:id/delete", a.deleteScenario)
	e.POST("/scenarios/:id/share", a.shareScenario)
	e.POST("/scenarios/:id/unshare", a.unshareScenario)
	e.GET("/scenario-share/:token", a.sharedScenario, linkPage)
	e.GET("/scenario-share/:token/export", a.exportSharedScenario, linkPage)
	e.POST("/scenario-share/:token/copy", a.copySharedScenario)
}

// ownScenario reads the asker's scenario of the :id parameter; another owner's is not found.
func (a *app) ownScenario(c *echo.Context) (db.Scenario, error) {
	id := c.Param("id")
	if !validID(id) {
		return db.Scenario{}, errNoScenario
	}
	rec, err := a.store.Scenario(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) {
		return db.Scenario{}, errNoScenario
	}
	return rec, err
}

// sharedScenarioRec reads the scenario of a live share link.
func (a *app) sharedScenarioRec(c *echo.Context) (db.Scenario, *battle.Scenario, error) {
	tok := c.Param("token")
	notFound := echo.NewHTTPError(http.StatusNotFound, "This scenario link opens nothing: it was revoked, the scenario deleted, or the link is mistyped.")
	if !validID(tok) {
		return db.Scenario{}, nil, notFound
	}
	rec, err := a.store.ScenarioByShare(c.Request().Context(), tok)
	if errors.Is(err, db.ErrNotFound) {
		return db.Scenario{}, nil, notFound
	}
	if err != nil {
		return db.Scenario{}, nil, err
	}
	sc, err := design.Parse(rec.Body)
	if err != nil {
		return db.Scenario{}, nil, notFound
	}
	return rec, sc, nil
}

// storeNewScenario checks a scenario file with the engine and saves it as a new scenario of
// the asker's, the file's bytes as given, its version 1 (note: what made it, for its
// history); it answers the engine's refusal as an error message (and no redirect).
func (a *app) storeNewScenario(c *echo.Context, file []byte, note string) (db.Scenario, string, error) {
	f, err := battle.ParseScenario(file)
	if err != nil {
		return db.Scenario{}, "This is not a scenario Muster can play: " + err.Error(), nil
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return db.Scenario{}, "", err
	}
	rec, err := a.store.SaveScenario(c.Request().Context(), owner, "", db.AnyVersion, f.Scenario.Name, file, note)
	if errors.Is(err, db.ErrScenariosFull) {
		return db.Scenario{}, fmt.Sprintf("You have %d scenarios, the most one may keep: delete one first.", db.MaxScenarios), nil
	}
	return rec, "", err
}

// readScenarioUpload is an uploaded scenario file (or the pasted text), at most
// db.MaxScenarioFile bytes.
func readScenarioUpload(c *echo.Context) ([]byte, error) {
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		f, err := fh.Open()
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return io.ReadAll(io.LimitReader(f, db.MaxScenarioFile+1))
	}
	return []byte(c.FormValue("text")), nil
}

// designView is the designer of a stored scenario: its form as the file says, or as posted
// (with the refusals) when errs is given.
func designView(rec db.Scenario, form *design.Form, errs design.Errors) views.ScenarioDesignView {
	v := views.ScenarioDesignView{ID: rec.ID, Share: rec.Share, Errors: errs,
		TerrainTypes: design.TerrainTypes(), BarrierTypes: design.BarrierTypes(),
		Version: rec.Version, Versions: rec.Version, Updated: rec.Updated}
	var names []string
	for _, t := range v.TerrainTypes {
		names = append(names, t.Name)
	}
	v.Fills = replay.Fills(names)
	sc, err := design.Parse(rec.Body)
	if err != nil {
		// A stored file that no longer reads (the format changed): a blank table to design
		// on, the refusal said.
		sc = design.Blank("scenario", rec.Name)
		if v.Errors == nil {
			v.Errors = design.Errors{"": "The saved file no longer reads (" + err.Error() + "); saving replaces it."}
		}
	}
	v.Map = replay.Designer(sc, "The table of "+sc.Name)
	if form != nil {
		v.Form = *form
	} else {
		v.Form = design.FromScenario(sc)
	}
	return v
}

// scenarioFileName is the export's file name: the scenario's id, as the built-in files.
func scenarioFileName(body []byte) string {
	var s struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(body, &s)
	id := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return '-'
	}, s.ID)
	if id == "" {
		id = "scenario"
	}
	return id + ".json"
}

func sendScenarioFile(c *echo.Context, body []byte) error {
	c.Response().Header().Set("Content-Disposition", `attachment; filename="`+scenarioFileName(body)+`"`)
	return c.Blob(http.StatusOK, "application/json; charset=utf-8", body)
}
