package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/views"
)

// evaluate costs an army and checks it: the breakdown and every problem (costing,
// Troop List and creation rules, the army's own force limits and house rules).
func (a *app) evaluate(army *roster.Army) *costing.Result {
	return costing.Evaluate(a.cat, army, nil)
}

// catalogFor is the catalogue the army's names are read against: the built-in one with the
// army's own catalog: block, if it has one.
func (a *app) catalogFor(army *roster.Army) *rules.Catalog {
	c, _ := costing.CatalogFor(a.cat, army)
	return c
}

// merge puts what the editor's form edits (name, side, limit, units) into the stored army,
// keeping what the form does not show (the limits: and rules: blocks, and whatever else
// the file carries at the top level).
// freeHand is the editor's "free-hand" switch: on, it dials the Troop List and creation
// rules (roster.FreeHandRules) to warnings in the army's house rules; off, it removes the
// dials it set.
func merge(stored, form *roster.Army, freeHand bool) *roster.Army {
	out := *stored
	out.Name, out.Side, out.Limit, out.Units = form.Name, form.Side, form.Limit, keepPrinted(stored.Units, form.Units)
	out.SetFreeHand(freeHand)
	return &out
}

// keepPrinted carries each unit's printed: block (the book's own total, which the form does
// not show) over to the form's unit in the same place, when that unit was not changed: an
// edited unit no longer matches the book, an unchanged one still does.
func keepPrinted(stored, form []roster.Unit) []roster.Unit {
	for i := range form {
		// The form lists Force powers in the catalogue's order; the same powers keep the
		// order the player wrote them in.
		if i < len(stored) && stored[i].Force != nil && form[i].Force != nil && samePowers(stored[i].Force.Powers, form[i].Force.Powers) {
			form[i].Force.Powers = slices.Clone(stored[i].Force.Powers)
		}
		if i >= len(stored) || stored[i].Printed == nil || form[i].Printed != nil {
			continue
		}
		if sameUnit(stored[i], form[i]) {
			form[i].Printed = stored[i].Printed
		}
	}
	return form
}

// samePowers reports whether two lists hold the same Force powers, in any order and case.
func samePowers(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	key := func(l []string) []string {
		out := make([]string, len(l))
		for i, p := range l {
			out[i] = rules.Normalize(p)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(key(a), key(b))
}

// sameUnit reports whether two units say the same thing, names in any case (the catalogue
// matches them so), "armor: none" the same as no armor and "origin: rpg" (the default) as
// none; printed: blocks aside.
func sameUnit(a, b roster.Unit) bool {
	a.Printed, b.Printed = nil, nil
	norm := func(u roster.Unit) string {
		if strings.EqualFold(string(u.Armor), "none") {
			u.Armor = ""
		}
		if strings.EqualFold(u.Origin, "rpg") {
			u.Origin = ""
		}
		y, err := (&roster.Army{Units: []roster.Unit{u}}).YAML()
		if err != nil {
			return ""
		}
		return strings.ToLower(string(y))
	}
	return norm(a) == norm(b)
}

// metaOf is what the store indexes of a version.
func metaOf(army *roster.Army, res *costing.Result) db.Meta {
	errs := 0
	for _, p := range res.Problems {
		if p.Severity == roster.Error {
			errs++
		}
	}
	return db.Meta{Name: army.Name, Side: string(army.Side), Total: res.Total, Limit: army.Limit, Valid: errs == 0, Errors: errs}
}

// validID reports whether s can be an army id or share token (URL-safe, bounded).
func validID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

var errNoArmy = echo.NewHTTPError(http.StatusNotFound, "There is no such army. It may have been deleted, or the link is mistyped.")

// loadArmy fetches the asking owner's army named by the :id parameter (not a deleted one:
// that is gone for everything but its owner's undo) and parses its head version.
func (a *app) loadArmy(c *echo.Context) (db.Army, *roster.Army, error) {
	rec, army, err := a.loadArmyOrDeleted(c)
	if err == nil && rec.Deleted {
		return db.Army{}, nil, errNoArmy
	}
	return rec, army, err
}

// loadArmyShared is loadArmy for the pages that only read the army (the editor, the summary,
// the sheets, the export, the API): the parsed version comes from the cache of parsed
// versions (armycache.go), shared with every other request. It must never be changed.
func (a *app) loadArmyShared(c *echo.Context) (db.Army, *roster.Army, error) {
	id := c.Param("id")
	if !validID(id) {
		return db.Army{}, nil, errNoArmy
	}
	return a.headShared(c.Request().Context(), ownerID(c), id)
}

// loadArmyOrDeleted is loadArmy that also finds a deleted army, for its owner's undelete.
func (a *app) loadArmyOrDeleted(c *echo.Context) (db.Army, *roster.Army, error) {
	rec, file, err := a.loadRecordOrDeleted(c)
	if err != nil {
		return db.Army{}, nil, err
	}
	army, err := readStored(rec.ID, file)
	if err != nil {
		return db.Army{}, nil, err
	}
	return rec, army, nil
}

// loadRecord is loadArmy for the routes that need only the stored record (delete, share,
// undo, restore): they serve the armies of every game system alike.
func (a *app) loadRecord(c *echo.Context) (db.Army, error) {
	rec, _, err := a.loadRecordOrDeleted(c)
	if err == nil && rec.Deleted {
		return db.Army{}, errNoArmy
	}
	return rec, err
}

// loadRecordOrDeleted fetches the asking owner's army named by :id, deleted or not, with
// its head version's file.
func (a *app) loadRecordOrDeleted(c *echo.Context) (db.Army, []byte, error) {
	id := c.Param("id")
	if !validID(id) {
		return db.Army{}, nil, errNoArmy
	}
	rec, file, err := a.store.Get(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) {
		return db.Army{}, nil, errNoArmy
	}
	if err != nil {
		return db.Army{}, nil, err
	}
	return rec, file, nil
}

// save stores an army as a new version of the asking owner's army, made on version base
// (a *db.StaleError when the head is no longer base; db.AnyVersion: whatever it is), or,
// when id is "", as a new army of theirs: a visitor with no owner yet becomes a guest here.
func (a *app) save(c *echo.Context, id string, base int, army *roster.Army, note string) (db.Army, *costing.Result, error) {
	ctx := c.Request().Context()
	if err := roster.CheckBounds(army); err != nil {
		return db.Army{}, nil, echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	}
	if army.Units == nil {
		army.Units = []roster.Unit{}
	}
	file, err := army.YAML()
	if err != nil {
		return db.Army{}, nil, fmt.Errorf("web: unable to write the army file: %w", err)
	}
	res := a.evaluate(army)
	var rec db.Army
	if id == "" {
		var owner string
		if owner, err = a.ensureOwner(c); err != nil {
			return db.Army{}, nil, err
		}
		rec, err = a.store.Create(ctx, owner, file, metaOf(army, res), note)
	} else {
		rec, err = a.store.Save(ctx, ownerID(c), id, base, file, metaOf(army, res), note)
	}
	if errors.Is(err, db.ErrNotFound) {
		err = errNoArmy
	}
	return rec, res, err
}

// armyView gathers what the army's pages show, including whether undo and redo apply.
func (a *app) armyView(ctx context.Context, rec db.Army, army *roster.Army) (views.ArmyView, []views.VersionRow, error) {
	v := views.ArmyView{ID: rec.ID, Army: army, Result: a.evaluate(army), Catalog: a.catalogFor(army),
		Version: rec.Version, Versions: rec.Versions, Updated: rec.Updated}
	var hist []db.Version
	var err error
	if rec.Game != "" {
		hist, err = a.store.ListHistory(ctx, rec.Game, rec.ID)
	} else {
		hist, err = a.store.History(ctx, rec.Owner, rec.ID)
	}
	if err != nil {
		return v, nil, err
	}
	rows := make([]views.VersionRow, 0, len(hist))
	for _, h := range hist {
		if h.Number == rec.Version {
			v.CanUndo = h.Parent != 0
		}
		if h.Parent == rec.Version && h.Number != rec.Version {
			v.CanRedo = true
		}
		rows = append(rows, views.VersionRow{Number: h.Number, Parent: h.Parent, Total: h.Total,
			Note: h.Note, Created: h.Created, Head: h.Number == rec.Version})
	}
	return v, rows, nil
}

// readUpload reads the army file from an upload or the pasted text.
func readUpload(c *echo.Context) ([]byte, error) {
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		f, err := fh.Open()
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return io.ReadAll(io.LimitReader(f, roster.MaxFileSize+1))
	}
	return []byte(c.FormValue("text")), nil
}

// sendFile writes the army file for download as YAML or JSON.
func (a *app) sendFile(c *echo.Context, army *roster.Army, format string, attach bool) error {
	if !form.ExportFormat(format) {
		return echo.NewHTTPError(http.StatusBadRequest, "Export as format=yaml, json or text.")
	}
	if format == "text" {
		// The plain-text list for a forum or a chat, shown in the browser to copy.
		return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(costing.Text(army, a.evaluate(army))))
	}
	var (
		data []byte
		err  error
		ct   = "application/yaml"
		ext  = "yaml"
	)
	if format == "json" {
		data, err = army.JSON()
		ct, ext = "application/json", "json"
	} else {
		data, err = army.YAML()
	}
	if err != nil {
		return err
	}
	if attach {
		c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, fileName(army.Name)+"."+ext))
	}
	return c.Blob(http.StatusOK, ct+"; charset=utf-8", data)
}

// fileName turns an army's name into a safe file name.
func fileName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '_':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
				b.WriteByte('-')
			}
		}
	}
	s := strings.Trim(b.String(), "-")
	if s == "" {
		s = "army"
	}
	if len(s) > 60 {
		s = s[:60]
	}
	return s
}

// loadShared finds the army a share token points to.
func (a *app) loadShared(c *echo.Context) (db.Army, *roster.Army, error) {
	tok := c.Param("token")
	if !validID(tok) {
		return db.Army{}, nil, errNoArmy
	}
	rec, file, err := a.store.ByShareToken(c.Request().Context(), tok)
	if errors.Is(err, db.ErrNotFound) || err == nil && rec.Deleted {
		return db.Army{}, nil, errNoArmy
	}
	if err != nil {
		return db.Army{}, nil, err
	}
	army, err := readStored(rec.ID, file)
	if err != nil {
		return db.Army{}, nil, err
	}
	return rec, army, nil
}

// armyPageFlash says what the action that led to an army's page did (every game's page),
// from the query the action redirected with; version is the army's head.
func armyPageFlash(c *echo.Context, version int) string {
	switch {
	case c.QueryParam("imported") != "":
		return "Imported as a new army."
	case c.QueryParam("shared") != "":
		return "Share link ready: anyone with it can view this army, nobody can change it."
	case c.QueryParam("revoked") != "":
		return "Share link revoked: it opens nothing now."
	case c.QueryParam("copied") != "":
		return "Copied into your armies."
	case c.QueryParam("restored") != "":
		return fmt.Sprintf("Restored as version %d.", version)
	case c.QueryParam("saved") != "":
		return fmt.Sprintf("Saved as version %d.", version)
	}
	return ""
}
