package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v5"

	"muster/costing"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/views"
)

// changeWords says what a version's note records, for "Undone: removed Ewok".
func changeWords(note string) string {
	switch {
	case note == "" || note == "1":
		return "the last change"
	case note == "saved":
		return "the last save"
	case len(note) > 120:
		return note[:120] + "…"
	}
	return note
}

// draftOf returns the asking owner's unsaved draft of their army, if there is one.
func (a *app) draftOf(c *echo.Context, rec db.Army) (db.Draft, bool, error) {
	d, err := a.drafts.get(c.Request().Context(), ownerID(c), rec.ID)
	if errors.Is(err, db.ErrNotFound) {
		return d, false, nil
	}
	return d, err == nil, err
}

// resumeDraft puts a draft's form on top of the stored army, as the preview did when the
// player typed it.
func (a *app) resumeDraft(rec db.Army, stored *roster.Army, d db.Draft) (army *roster.Army, refused refusal, err error) {
	vals, err := url.ParseQuery(string(d.Form))
	if err != nil {
		return nil, refusal{}, fmt.Errorf("web: the draft of army %s does not parse: %w", rec.ID, err)
	}
	form, err := parseArmyForm(vals)
	var fe *formError
	if err != nil && (!errors.As(err, &fe) || form == nil) {
		return nil, refusal{}, fmt.Errorf("web: the draft of army %s is not a form: %w", rec.ID, err)
	}
	// A draft kept with a refused field (typed so, or kept before a field's range narrowed)
	// still opens, that value left empty and named in refused: nothing else in it is lost.
	if fe != nil {
		refused = refusal{field: fe.Field, words: fe.words(form)}
	}
	return typedArmy(stored, form, vals.Get("freehand") == "on"), refused, nil
}

// refusal is a draft's field that Muster could not read: its form name and why, in words.
type refusal struct{ field, words string }

// onResume is what a resumed draft's editor says of the refused field ("" when none), and
// the result without that field's problems (see withoutField). The army editor and a game
// list's share it, so that both name the field the same way.
func (r refusal) onResume(res *costing.Result) (string, *costing.Result) {
	if r.words == "" {
		return "", res
	}
	return r.words + " (that field is left empty: type it again)", withoutField(res, r.field)
}

// withoutField is the result without the problems of a refused form field: the army is
// costed with that field left empty, and its problems would be about the empty field
// ("blaster 0 is below its attribute"), not about what the player typed.
func withoutField(res *costing.Result, field string) *costing.Result {
	out := *res
	out.Problems = nil
	for _, p := range res.Problems {
		if views.FormField(p.Field) != field {
			out.Problems = append(out.Problems, p)
		}
	}
	return &out
}

func unsavedView(rec db.Army, d db.Draft) *views.UnsavedDraft {
	return unsavedAt("/armies/"+rec.ID, rec, d)
}

// unsavedAt offers a draft to resume or discard under base (an army's address, or a game
// list's).
func unsavedAt(base string, rec db.Army, d db.Draft) *views.UnsavedDraft {
	return &views.UnsavedDraft{Updated: d.Updated.Format("2 Jan 2006 15:04"), OnOlderVersion: d.Base != rec.Version,
		ResumeURL: base + "/edit?draft=resume", Discard: base + "/draft/discard"}
}

// formArmy reads the posted editor form into an army.
func formArmy(c *echo.Context) (*roster.Army, error) {
	vals, err := c.FormValues()
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	return parseArmyForm(vals)
}

// draftForm is the posted form as a draft keeps it: without its CSRF token and button.
func draftForm(c *echo.Context) []byte {
	vals, err := c.FormValues()
	if err != nil {
		return nil
	}
	keep := url.Values{}
	for k, v := range vals {
		if k != "_csrf" && k != "action" && k != "rerender" {
			keep[k] = v
		}
	}
	return []byte(keep.Encode())
}

// refusedPreview makes a cost update with a refused field the refusal beside the breakdown
// of the army without that field: the total stays in sight. A reshaping change is answered
// in the breakdown's place, so that the unit's fields, as typed, are not drawn again
// without the refused value. (An army's editor and a game list's answer alike.)
func refusedPreview(c *echo.Context, v *views.ArmyView, fe *formError) {
	v.Refused = fe.words(v.Army)
	v.Result = withoutField(v.Result, fe.Field)
	if c.FormValue("rerender") != "" {
		c.Response().Header().Set("HX-Retarget", "#breakdown-panel")
		c.Response().Header().Set("HX-Reswap", "outerHTML")
	}
}

// renderPreview answers a cost update: the breakdown, or, when a control that reshapes a
// unit changed (the form's "rerender" names the unit), that unit's fields drawn again.
func renderPreview(c *echo.Context, v views.ArmyView) error {
	if s := c.FormValue("rerender"); s != "" {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= len(v.Army.Units) {
			return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("There is no unit %q in this army to draw again.", s))
		}
		return render(c, http.StatusOK, views.UnitPreview(v, i))
	}
	return render(c, http.StatusOK, views.Preview(v))
}

// refuseArmyForm shows the editor again on the army as the player typed it (form, read as
// far as it goes), marked not saved, with why: a refused save loses nothing typed. The
// form then edits the latest version, so that saving it again is the player's choice.
func (a *app) refuseArmyForm(c *echo.Context, rec db.Army, stored, form *roster.Army, status int, msg string) error {
	army := stored
	if form != nil {
		army = typedArmy(stored, form, c.FormValue("freehand") == "on")
	}
	v, _, err := a.armyView(c.Request().Context(), rec, army)
	if err != nil {
		return err
	}
	v.Draft = true
	v.Message = "Not saved: " + msg
	return renderRefused(c, status, views.Editor(page(c, "Edit "+stored.Name, "armies"), v))
}

// typedArmy is the form as typed on top of the stored army; a side the form could not
// read stays the stored one.
func typedArmy(stored, form *roster.Army, freeHand bool) *roster.Army {
	army := merge(stored, form, freeHand)
	if army.Side == "" {
		army.Side = stored.Side
	}
	return army
}

// formBase is the version the posted form was drawn from: what its save is made on, so
// that the store refuses it (db.StaleError) when another tab or window changed the army
// since. A form without a version (a script's) is saved on whatever version is the head, as
// before; ok is false for one whose version is not a version (bad says it for the save's
// refusal).
func formBase(c *echo.Context, what string, latest int) (base int, bad string, ok bool) {
	if base, ok = postedBase(c, "version"); ok {
		return base, "", true
	}
	return 0, fmt.Sprintf("this form does not say which version of the %s it edits (version %q). Your changes are below: Save to make them version %d.",
		what, c.FormValue("version"), latest+1), false
}

// postedBase is the version the form posted in field was drawn from (the undo and redo
// forms' "version"; a restore form's "base", its "version" being the one to restore):
// db.AnyVersion when it posts none; ok is false for one that is not a version.
func postedBase(c *echo.Context, field string) (base int, ok bool) {
	posted := strings.TrimSpace(c.FormValue(field))
	if posted == "" {
		return db.AnyVersion, true
	}
	n, err := strconv.Atoi(posted)
	return n, err == nil && n >= 1
}

// staleForm says why the store refused a form as drawn from an older version than the
// latest ("" when err is not that): another tab or window saved the army since, and saving
// it would silently undo that save.
func staleForm(err error, what string) string {
	var se *db.StaleError
	if !errors.As(err, &se) {
		return ""
	}
	return fmt.Sprintf("the %s was saved as version %d in another tab or window after this page opened version %d. "+
		"Your changes are below, as you typed them: look at the %s's history for what that save changed, "+
		"then Save to make your changes version %d (nothing is lost: every version is kept).", what, se.Head, se.Base, what, se.Head+1)
}

// notOnAVersion refuses an undo, redo or restore whose form's version is not a version.
func notOnAVersion(done, what, posted string) string {
	return fmt.Sprintf("Not %s: the form does not say which version of the %s it was on (%q is not a version number). Open the %s again and try again.", done, what, posted, what)
}

// staleChange says why an undo, redo or restore from a page showing an older version was
// refused ("" when err is not that).
func staleChange(err error, what, done string) string {
	var se *db.StaleError
	if !errors.As(err, &se) {
		return ""
	}
	return fmt.Sprintf("Not %s: the %s was saved as version %d in another tab or window after this page opened version %d. "+
		"Open it again to see version %d, then try again if you still want to.", done, what, se.Head, se.Base, se.Head)
}

// boundsWords is a bound the army goes past (roster.CheckBounds), in the player's words.
func boundsWords(err error) string {
	var be *roster.BoundsError
	if errors.As(err, &be) {
		return be.Message
	}
	return err.Error()
}

// editorDone sends the player back to the editor after a save, scrolled to the unit the
// action touched (focus; -1: none). A plain form post is redirected; an htmx post is told
// where to go (HX-Location), which htmx fetches and swaps in without reloading the page.
func editorDone(c *echo.Context, target string, focus int) error {
	if !isHTMX(c) {
		if focus >= 0 {
			target += "#" + views.FieldsAnchor(focus)
		}
		return c.Redirect(http.StatusSeeOther, target)
	}
	loc := map[string]string{"path": target, "target": "body", "swap": "innerHTML show:window:top"}
	if focus >= 0 {
		loc["swap"] = "innerHTML show:#" + views.FieldsAnchor(focus) + ":top"
	}
	b, err := json.Marshal(loc)
	if err != nil {
		return err
	}
	c.Response().Header().Set("HX-Location", string(b))
	return c.NoContent(http.StatusOK)
}

// isHTMX reports whether htmx sent the request (rather than a plain form or link).
func isHTMX(c *echo.Context) bool { return c.Request().Header.Get("HX-Request") == "true" }

// renderRefused shows the editor again with why a save was refused. htmx does not swap
// error answers, so an htmx post gets the page as a 200 swapped over the body (its address
// unchanged); a plain post gets status (422 for a form that cannot be saved, 409 for one
// drawn from an older version).
func renderRefused(c *echo.Context, status int, comp templ.Component) error {
	if isHTMX(c) {
		h := c.Response().Header()
		h.Set("HX-Retarget", "body")
		h.Set("HX-Reswap", "innerHTML show:window:top")
		return render(c, http.StatusOK, comp)
	}
	return render(c, status, comp)
}

// applyAction changes the army as the pressed button asks ("add", "dup:2", "remove:0",
// "up:3", "crew:4") and says what was done, for the version's note; focus is the unit to scroll to
// (-1: none). The changes are roster's; the form's words and the web's bound are here.
func applyAction(cat *rules.Catalog, army *roster.Army, action, add string) (note string, focus int, err error) {
	verb, arg, _ := strings.Cut(action, ":")
	i := -1
	if arg != "" {
		i, err = strconv.Atoi(arg)
		if err != nil || i < 0 || i >= len(army.Units) {
			return "", -1, fmt.Errorf("there is no unit %q in this army", arg)
		}
	}
	// The unit verbs need a unit: "remove" alone (or "remove:") names none.
	if i < 0 && (verb == "dup" || verb == "remove" || verb == "up" || verb == "down" || verb == "crew") {
		return "", -1, fmt.Errorf("say which unit to %s: the form's button names it (for example %s:0)", verb, verb)
	}
	if (verb == "add" || verb == "dup" || verb == "crew") && len(army.Units) >= maxUnits {
		return "", -1, fmt.Errorf("an army may have at most %d units here", maxUnits)
	}
	switch verb {
	case "", "save":
		return "saved", -1, nil
	case "add":
		j, err := army.AddUnit(cat, add)
		if err != nil {
			return "", -1, err
		}
		return "added " + army.Units[j].Describe(), j, nil
	case "dup":
		j, err := army.DuplicateUnit(i)
		if err != nil {
			return "", -1, err
		}
		return "duplicated " + army.Units[i].Describe(), j, nil
	case "crew":
		if army.Units[i].Kind != roster.KindArtillery {
			return "", -1, fmt.Errorf("unit %d is a %s: only an artillery piece has a crew to add", i+1, army.Units[i].Kind)
		}
		crew, err := costing.Crew(cat, army.Side, army.Units[i].Artillery, army.Limits)
		if err != nil {
			return "", -1, err
		}
		j, err := army.AddCrew(i, crew)
		if err != nil {
			return "", -1, err
		}
		return "added " + army.Units[j].Describe() + " to crew " + army.Units[i].Describe(), j, nil
	case "remove":
		u, err := army.RemoveUnit(i)
		if err != nil {
			return "", -1, err
		}
		return "removed " + u.Describe(), -1, nil
	case "up", "down":
		j, moved, err := army.MoveUnit(i, verb == "up")
		if err != nil {
			return "", -1, err
		}
		if !moved {
			return "saved", i, nil
		}
		return "moved " + army.Units[j].Describe() + " " + verb, j, nil
	}
	return "", -1, fmt.Errorf("%q is not something the editor does", action)
}

func (a *app) moveHead(c *echo.Context, undo bool) error {
	rec, err := a.loadRecord(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	what, done := "undo", "undone"
	if !undo {
		what, done = "redo", "redone"
	}
	base, ok := postedBase(c, "version")
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, notOnAVersion(done, "army", c.FormValue("version")))
	}
	// What is undone is the head's change; what is redone, the new head's: the flash says it.
	from, _ := a.store.Version(ctx, ownerID(c), rec.ID, rec.Version)
	var to db.Army
	if undo {
		to, err = a.store.Undo(ctx, ownerID(c), rec.ID, base)
	} else {
		to, err = a.store.Redo(ctx, ownerID(c), rec.ID, base)
	}
	if msg := staleChange(err, "army", done); msg != "" {
		return echo.NewHTTPError(http.StatusConflict, msg)
	}
	if errors.Is(err, db.ErrNotFound) {
		return echo.NewHTTPError(http.StatusConflict, "There is nothing to "+what+".")
	}
	if err != nil {
		return err
	}
	q := "?undone=" + url.QueryEscape(from.Note)
	if !undo {
		redone, _ := a.store.Version(ctx, ownerID(c), rec.ID, to.Version)
		q = "?redone=" + url.QueryEscape(redone.Note)
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"/edit"+q)
}
