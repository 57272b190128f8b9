package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/swm/army"
	"muster/rules/swm/check"
	"muster/views"
)

// The d20 squad editor: era and faction pickers, the card picker (what the squad may not
// take greyed out, with the reason), counts, the limit, and the total and problems recomputed
// as the player types (htmx). It posts to the army's own routes, which handlers_systems.go
// hands to it for a system: swm army.

// squadForm is the editor's form as posted: the squad's settings and its units in order.
type squadForm struct {
	Name, Faction, Era string
	Limit              int
	Units              []army.Unit
	Action             string // save, add:CARD, remove:N
}

// formErr is a form value that cannot be used, named by its field, with the fix.
type formErr struct{ msg string }

func (e *formErr) Error() string { return e.msg }

// readSquadForm reads the posted editor form. Unknown card names are kept as typed: the
// checks name them, and the player decides.
func readSquadForm(c *echo.Context) (squadForm, error) {
	vals, err := c.FormValues()
	if err != nil {
		return squadForm{}, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	return readSquadValues(vals)
}

// readSquadValues reads the editor's form from its values (as posted, or as a draft keeps
// them). On a *formErr it still reads the rest (a refused value left at the stored one or
// out), so that the refused form comes back as typed.
func readSquadValues(vals url.Values) (squadForm, error) {
	f := squadForm{Name: strings.TrimSpace(vals.Get("name")), Faction: vals.Get("faction"), Era: vals.Get("era"), Action: vals.Get("action")}
	var first error
	refuse := func(msg string) {
		if first == nil {
			first = &formErr{msg}
		}
	}
	if f.Name == "" || len([]rune(f.Name)) > army.MaxName {
		refuse(fmt.Sprintf("Name: give the squad a name of 1 to %d characters (this one has %d).", army.MaxName, len([]rune(f.Name))))
	}
	lim := strings.TrimSpace(vals.Get("limit"))
	if lim == "" {
		f.Limit = army.DefaultLimit
	} else if n, err := strconv.Atoi(lim); err != nil || n < 1 || n > army.MaxLimit {
		refuse(fmt.Sprintf("Limit: write the scenario's points as a whole number from 1 to %d (100 in a standard scenario), not %q.", army.MaxLimit, lim))
	} else {
		f.Limit = n
	}
	names, counts := vals["card"], vals["count"]
	if len(names) != len(counts) {
		return f, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read: each unit needs its card and its count.")
	}
	if len(names) > army.MaxUnits {
		refuse(fmt.Sprintf("Units: a squad may list at most %d units.", army.MaxUnits))
		names = names[:army.MaxUnits]
	}
	for i, name := range names {
		n, err := strconv.Atoi(strings.TrimSpace(counts[i]))
		if err != nil || n < 1 || n > army.MaxCount {
			refuse(fmt.Sprintf("%s count: write how many figures, a whole number from 1 to %d, not %q.", check.Label(i, name), army.MaxCount, counts[i]))
			n = 0 // kept in its place, shown empty
		}
		f.Units = append(f.Units, army.Unit{Card: name, Count: n})
	}
	return f, first
}

// apply carries out the button pressed: add a card (one more figure when the squad already
// lists that card) or remove a unit.
func (f *squadForm) apply() error {
	switch {
	case strings.HasPrefix(f.Action, "add:"):
		name := strings.TrimPrefix(f.Action, "add:")
		for i := range f.Units {
			if f.Units[i].Card == name {
				if f.Units[i].Count < army.MaxCount {
					f.Units[i].Count++
				}
				return nil
			}
		}
		if len(f.Units) >= army.MaxUnits {
			return &formErr{fmt.Sprintf("Units: a squad may list at most %d units.", army.MaxUnits)}
		}
		f.Units = append(f.Units, army.Unit{Card: name, Count: 1})
	case strings.HasPrefix(f.Action, "remove:"):
		i, err := strconv.Atoi(strings.TrimPrefix(f.Action, "remove:"))
		if err != nil || i < 0 || i >= len(f.Units) {
			return echo.NewHTTPError(http.StatusBadRequest, "There is no such unit to remove.")
		}
		f.Units = append(f.Units[:i], f.Units[i+1:]...)
	}
	return nil
}

// squadFile writes the form into the stored squad file: name, faction, era, limit and units
// replaced, everything else the file holds (its cards: block, fields Muster does not show)
// kept in its place.
func squadFile(stored []byte, f squadForm) ([]byte, error) {
	var m yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(stored, &m, yaml.UseOrderedMap()); err != nil {
		return nil, fmt.Errorf("web: the stored squad file does not decode: %w", err)
	}
	units := make([]yaml.MapSlice, 0, len(f.Units))
	for _, u := range f.Units {
		e := yaml.MapSlice{{Key: "card", Value: u.Card}}
		if u.Count != 1 {
			e = append(e, yaml.MapItem{Key: "count", Value: u.Count})
		}
		units = append(units, e)
	}
	set := map[string]any{"name": f.Name, "faction": f.Faction, "era": f.Era, "limit": f.Limit, "units": units}
	order := []string{"format", "system", "name", "faction", "era", "limit", "units"}
	out := yaml.MapSlice{}
	done := map[string]bool{}
	for _, it := range m {
		k, _ := it.Key.(string)
		if v, ok := set[k]; ok {
			if !(k == "era" && f.Era == "") {
				out = append(out, yaml.MapItem{Key: k, Value: v})
			}
			done[k] = true
			continue
		}
		out = append(out, it)
	}
	for _, k := range order {
		if v, ok := set[k]; ok && !done[k] && !(k == "era" && f.Era == "") {
			out = append(out, yaml.MapItem{Key: k, Value: v})
		}
	}
	return yaml.MarshalWithOptions(out, yaml.IndentSequence(true))
}

// swmEditorView costs a squad file and gathers the editor's page.
func (a *app) swmEditorView(o otherArmy, file []byte) (views.SWMEditorView, error) {
	sq, err := army.Read(file)
	if err != nil {
		return views.SWMEditorView{}, &fileError{msg: err.Error()}
	}
	sq.Library = o.lib
	costed, err := check.Evaluate(sq)
	if err != nil {
		return views.SWMEditorView{}, &fileError{msg: err.Error()}
	}
	// The checks put the faction and era in the table's spelling ("Rebel" is Rebel Alliance).
	name, faction, era, limit := sq.Name, sq.Faction, sq.Era, sq.Limit
	v := views.SWMEditorView{
		Army: views.OtherArmyView{ID: o.rec.ID, SystemID: o.sys.ID(), SystemTitle: o.sys.Title(), Report: costed.Report(),
			Version: o.rec.Version, Versions: o.rec.Versions, Updated: o.rec.Updated},
		Name: name, Faction: faction, Era: era, Limit: limit, Squad: sq, Costed: costed,
		Offers: check.Offers(sq, costed.Catalog), Factions: check.Factions(), Eras: check.Eras,
	}
	return v, nil
}

func (a *app) swmEdit(c *echo.Context, o otherArmy) error {
	v, err := a.swmEditorView(o, o.file)
	var fe *fileError
	if errors.As(err, &fe) {
		// A file the editor cannot show goes to the text editor, with the reason.
		ov, verr := a.otherView(c, o)
		if verr != nil {
			return verr
		}
		return render(c, http.StatusOK, views.OtherFileEditor(page(c, "Edit "+o.rec.Name, "armies"), ov, string(o.file), "The squad editor cannot show this file: "+fe.msg))
	}
	if err != nil {
		return err
	}
	p := page(c, "Edit "+v.Name, "armies")
	switch {
	case c.QueryParam("saved") != "":
		p.Flash = fmt.Sprintf("Saved as version %d.", o.rec.Version)
	case c.QueryParam("discarded") != "":
		p.Flash = "Unsaved changes discarded."
	}
	// The form the player last typed is kept on the server (swmPreview): offered, or resumed.
	draft, hasDraft, err := a.draftOf(c, o.rec)
	if err != nil {
		return err
	}
	if hasDraft && c.QueryParam("draft") == "resume" {
		if dv, ok := a.swmResume(o, draft); ok {
			p.Flash = "Resumed your unsaved changes from " + draft.Updated.Format("2 Jan 2006 15:04") + ": save to keep them."
			return render(c, http.StatusOK, views.SWMEditor(p, dv))
		}
	}
	if hasDraft {
		v.Unsaved = unsavedView(o.rec, draft)
	}
	return render(c, http.StatusOK, views.SWMEditor(p, v))
}

// swmResume draws the editor on a draft's form, on top of the stored squad; ok is false when
// the draft no longer reads (the stored page is shown, with the draft still offered).
func (a *app) swmResume(o otherArmy, d db.Draft) (views.SWMEditorView, bool) {
	vals, err := url.ParseQuery(string(d.Form))
	if err != nil {
		return views.SWMEditorView{}, false
	}
	f, err := readSquadValues(vals)
	if err != nil {
		return views.SWMEditorView{}, false
	}
	file, err := squadFile(o.file, f)
	if err != nil {
		return views.SWMEditorView{}, false
	}
	v, err := a.swmEditorView(o, file)
	if err != nil {
		return views.SWMEditorView{}, false
	}
	v.Army.Draft = true
	return v, true
}

// swmPreview costs the form as typed, without saving it: the total, the problems and the
// units' costs.
func (a *app) swmPreview(c *echo.Context, o otherArmy) error {
	f, err := readSquadForm(c)
	var fe *formErr
	if errors.As(err, &fe) {
		return render(c, http.StatusOK, views.InlineError(fe.msg))
	}
	if err != nil {
		return err
	}
	file, err := squadFile(o.file, f)
	if err != nil {
		return err
	}
	v, err := a.swmEditorView(o, file)
	var ferr *fileError
	if errors.As(err, &ferr) {
		return render(c, http.StatusOK, views.InlineError("The squad cannot be read: "+ferr.msg))
	}
	if err != nil {
		return err
	}
	v.Army.Draft = true
	// The form as typed is the owner's draft: leaving the page loses nothing.
	if err := a.store.SaveDraft(c.Request().Context(), ownerID(c), o.rec.ID, o.rec.Version, draftForm(c)); err != nil {
		a.log.Warn("editor: squad draft not kept", "army", o.rec.ID, "err", err)
	}
	return render(c, http.StatusOK, views.SWMPreview(v))
}

// swmRefusedView draws the editor on the form as the player typed it, so that a refused save
// loses nothing: the squad the form makes when it costs, else the stored squad with the
// typed name, faction, era and limit (a refused number stays the stored one, the message
// quoting what was typed).
func (a *app) swmRefusedView(o otherArmy, f squadForm) (views.SWMEditorView, error) {
	stored, err := a.swmEditorView(o, o.file)
	if err != nil {
		return stored, err
	}
	typed := f
	if typed.Limit == 0 {
		typed.Limit = stored.Limit
	}
	if typed.Name == "" || len([]rune(typed.Name)) > army.MaxName {
		typed.Name = stored.Name
	}
	v := stored
	if file, err := squadFile(o.file, typed); err == nil {
		if tv, err := a.swmEditorView(o, file); err == nil {
			v = tv
		}
	}
	v.Name, v.Faction, v.Era, v.Limit = f.Name, f.Faction, f.Era, typed.Limit
	v.Army.Draft = true
	return v, nil
}

// refuseStaleSquad shows the squad editor again on the form as typed, not saved (409), with
// why.
func (a *app) refuseStaleSquad(c *echo.Context, o otherArmy, f squadForm, msg string) error {
	v, err := a.swmRefusedView(o, f)
	if err != nil {
		return err
	}
	v.Problem = "The squad was not saved: " + msg
	return render(c, http.StatusConflict, views.SWMEditor(page(c, "Edit "+o.rec.Name, "armies"), v))
}

// swmSave applies the button pressed and saves the squad as a new version. A form that
// cannot be saved is shown again as typed, with the reason.
func (a *app) swmSave(c *echo.Context, o otherArmy) error {
	f, err := readSquadForm(c)
	base := db.AnyVersion
	if err == nil {
		var bad string
		var ok bool
		if base, bad, ok = formBase(c, "squad", o.rec.Version); !ok {
			return a.refuseStaleSquad(c, o, f, bad)
		}
		err = f.apply()
	}
	var file []byte
	if err == nil {
		file, err = squadFile(o.file, f)
	}
	if err == nil {
		note := "edited"
		switch {
		case strings.HasPrefix(f.Action, "add:"):
			note = "added " + strings.TrimPrefix(f.Action, "add:")
		case strings.HasPrefix(f.Action, "remove:"):
			note = "removed a unit"
		}
		_, _, err = a.saveOtherFile(c, o.rec.ID, base, o.sys, file, note)
	}
	if msg := staleForm(err, "squad"); msg != "" {
		// The form as typed (before its button's change), on the latest version: saving it
		// again is the player's choice.
		typed, ferr := readSquadForm(c)
		if ferr != nil {
			return ferr
		}
		if o, err = a.reloadOther(c); err != nil {
			return err
		}
		return a.refuseStaleSquad(c, o, typed, msg)
	}
	var fe *formErr
	var fle *fileError
	switch {
	case errors.As(err, &fe), errors.As(err, &fle):
		msg := ""
		if fe != nil {
			msg = fe.msg
		} else {
			msg = fle.msg
		}
		v, verr := a.swmRefusedView(o, f)
		if verr != nil {
			return verr
		}
		v.Problem = "The squad was not saved: " + msg
		return render(c, http.StatusUnprocessableEntity, views.SWMEditor(page(c, "Edit "+o.rec.Name, "armies"), v))
	case err != nil:
		return err
	}
	if err := a.store.DeleteDraft(c.Request().Context(), ownerID(c), o.rec.ID); err != nil {
		a.log.Warn("editor: saved squad draft not forgotten", "army", o.rec.ID, "err", err)
	}
	anchor := ""
	if strings.HasPrefix(f.Action, "add:") || strings.HasPrefix(f.Action, "remove:") {
		anchor = "#squad-units"
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+o.rec.ID+"/edit?saved=1"+anchor)
}
