package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
	"muster/cmd/muster/internal/systems"
	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/roster"
	"muster/rules/swm"
	"muster/rules/swm/cards"
	"muster/rules/system"
	"muster/rules/textguard"
	"muster/views"
)

// The web app's pages for armies of the other game systems (d20 Star Wars Miniatures, the
// skirmish quick reference), reached through the shared interface rules/system: a system
// of internal/systems gets its armies stored, listed, summarised, exported, shared,
// copied, versioned and edited as a file without more code here. The SWMB handlers never
// see such an army: the otherSystemArmies middleware answers the army routes for it, and
// the routes it does not list read the army through readStored, which says in words that
// the page is for SWMB armies only.

// otherArmy is a stored army of another system, as its pages need it.
type otherArmy struct {
	rec   db.Army
	file  []byte
	sys   system.System
	token string // the share link it was reached through, if any
	// lib is the owner's d20 card library (swm_cards.go), for the owner's own squad; a
	// share link's page shows the file alone.
	lib []cards.Card
}

// otherRoute is a page for another system's army.
type otherRoute func(a *app, c *echo.Context, o otherArmy) error

// otherArmyRoutes are the army routes (method and registered path) that other systems'
// armies get their own pages for. The routes that touch only the stored record (delete,
// undelete, undo, redo, restore, share, revoke) serve every system as they are.
var otherArmyRoutes = map[string]otherRoute{
	"GET /armies/:id":                (*app).showOther,
	"POST /armies/:id":               (*app).saveOther,
	"GET /armies/:id/edit":           (*app).editOther,
	"POST /armies/:id/preview":       (*app).previewOther,
	"POST /armies/:id/draft/discard": (*app).discardOtherDraft,
	"POST /armies/:id/duplicate":     (*app).duplicateOther,
	"GET /armies/:id/export":         (*app).exportOther,
	"GET /armies/:id/sheets":         (*app).sheetsOther,
	"GET /armies/:id/sheets.pdf":     (*app).sheetsPDFOther,
	"GET /armies/:id/roster":         (*app).compactOther,
	"GET /armies/:id/roster.pdf":     (*app).compactOther,
	"GET /share/:token":              (*app).sharedOther,
	"GET /share/:token/export":       (*app).exportOther,
	"GET /share/:token/sheets":       (*app).sheetsOther,
	"GET /share/:token/sheets.pdf":   (*app).sheetsPDFOther,
	"GET /share/:token/roster":       (*app).compactOther,
	"GET /share/:token/roster.pdf":   (*app).compactOther,
	"POST /share/:token/copy":        (*app).copySharedOther,
}

// otherSheets are the printable sheets of the systems that have one (swm: the squad
// sheet), keyed by system id: the HTML page, made for print or for the PDF.
var otherSheets = map[string]func(a *app, c *echo.Context, o otherArmy, paper string, forPDF bool) ([]byte, error){
	swm.ID: (*app).swmSheet,
}

// otherEditors are the systems with an editor of their own (swm: the squad editor); the
// others are edited as their file's text.
var otherEditors = map[string]struct {
	edit, preview, save otherRoute
}{
	swm.ID: {edit: (*app).swmEdit, preview: (*app).swmPreview, save: (*app).swmSave},
}

// otherBlank writes a new army file of a system from the create form: the systems that
// need more than format, system and name.
var otherBlank = map[string]func(name, side string, limit int) ([]byte, error){
	swm.ID: blankSquad,
}

// otherSystemArmies answers the routes of otherArmyRoutes when the army asked for belongs to
// another system. Who may reach it is decided as for SWMB armies: the owner's store read
// (another owner's army is not found) or a live share link; anything not found goes on to
// the SWMB handler, which answers 404. A HEAD request is routed to the GET route, so the
// route's method (not the request's) finds the page: it answers as GET does, and net/http
// sends no body for HEAD.
func (a *app) otherSystemArmies(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		h, ok := otherArmyRoutes[c.RouteInfo().Method+" "+c.Path()]
		if !ok {
			return next(c)
		}
		o, found, err := a.findOther(c)
		if err != nil {
			return err
		}
		if !found {
			return next(c)
		}
		return h(a, c, o)
	}
}

// findOther reads the army of the :id (the asker's own) or :token (a share link) parameter
// and reports whether it belongs to a registered other system.
func (a *app) findOther(c *echo.Context) (otherArmy, bool, error) {
	ctx := c.Request().Context()
	var (
		rec  db.Army
		file []byte
		err  error
		tok  string
	)
	if id := c.Param("id"); id != "" {
		if !validID(id) {
			return otherArmy{}, false, nil
		}
		rec, file, err = a.store.Get(ctx, ownerID(c), id)
	} else {
		tok = c.Param("token")
		if !validID(tok) {
			return otherArmy{}, false, nil
		}
		rec, file, err = a.store.ByShareToken(ctx, tok)
	}
	if errors.Is(err, db.ErrNotFound) {
		return otherArmy{}, false, nil
	}
	if err != nil {
		return otherArmy{}, false, err
	}
	sys := systems.ByID(rec.System)
	if sys == nil {
		return otherArmy{}, false, nil
	}
	if rec.Deleted {
		return otherArmy{}, false, errNoArmy
	}
	o := otherArmy{rec: rec, file: file, sys: sys, token: tok}
	if tok == "" && rec.System == swm.ID {
		if o.lib, err = a.swmLibrary(ctx, ownerID(c)); err != nil {
			return otherArmy{}, false, err
		}
	}
	return o, true, nil
}

// errNotSWMB is the answer of an SWMB-only page (record sheets, compare, matchups, games)
// asked about another system's army.
func errNotSWMB(sys system.System, what string) error {
	return echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf(
		"%q is an army of %s. %s is for Star Wars Miniatures Battles armies only; "+
			"this army's own page has what Muster does for its game.", what, sys.Title(), "This page"))
}

// readStored reads a stored army file as SWMB: another system's army is refused in words
// (the page has no meaning for it), and a file that does not parse is Muster's fault.
func readStored(id string, file []byte) (*roster.Army, error) {
	if sys := systems.For(file); sys != nil {
		name := id
		if rep, err := sys.Evaluate(file); err == nil && rep.Name != "" {
			name = rep.Name
		}
		return nil, errNotSWMB(sys, name)
	}
	army, err := roster.Read(file)
	if err != nil {
		return nil, fmt.Errorf("web: stored army %s does not parse: %w", id, err)
	}
	return army, nil
}

// otherMeta is what the store indexes of another system's army.
func otherMeta(sys system.System, rep *system.Report) db.Meta {
	errs := 0
	for _, p := range rep.Problems {
		if p.Severity == system.Error {
			errs++
		}
	}
	return db.Meta{Name: rep.Name, Side: rep.Faction, Total: rep.Total, Limit: rep.Limit, Valid: errs == 0, Errors: errs, System: sys.ID()}
}

// saveOtherFile costs and checks a file of another system and stores it: as a new army of
// the asker's when id is "", else as the next version of theirs, made on version base (a
// *db.StaleError when the head is no longer base; db.AnyVersion: whatever it is). A file the system cannot
// read is refused with its reader's message (the caller shows it beside the text).
func (a *app) saveOtherFile(c *echo.Context, id string, base int, sys system.System, file []byte, note string) (db.Army, *system.Report, error) {
	rep, err := a.evaluateOwned(c, sys, file)
	if err != nil {
		return db.Army{}, nil, &fileError{msg: err.Error()}
	}
	if msg := reportTextProblem(rep); msg != "" {
		return db.Army{}, nil, &fileError{msg: msg}
	}
	ctx := c.Request().Context()
	var rec db.Army
	if id == "" {
		owner, err := a.ensureOwner(c)
		if err != nil {
			return db.Army{}, nil, err
		}
		rec, err = a.store.Create(ctx, owner, file, otherMeta(sys, rep), note)
		if err != nil {
			return db.Army{}, nil, err
		}
	} else {
		rec, err = a.store.Save(ctx, ownerID(c), id, base, file, otherMeta(sys, rep), note)
		if errors.Is(err, db.ErrNotFound) {
			return db.Army{}, nil, errNoArmy
		}
		if err != nil {
			return db.Army{}, nil, err
		}
	}
	return rec, rep, nil
}

// reportTextProblem holds another system's names to the rules of SWMB's (roster.CheckBounds,
// rules/textguard): the army's name and faction are stored in columns (a NUL in either
// answered a 500 on PostgreSQL), and they and the units' names are shown to whoever opens
// the army or its share link. "" when all are one line of text, the right way round.
func reportTextProblem(rep *system.Report) string {
	if msg := textguard.Problem(rep.Name, false); msg != "" {
		return "name: the army's name " + msg
	}
	if msg := textguard.Problem(rep.Faction, false); msg != "" {
		return "faction: the faction " + msg
	}
	for i, u := range rep.Units {
		if msg := textguard.Problem(u.Name, false); msg != "" {
			return fmt.Sprintf("unit %d: its name %s", i+1, msg)
		}
	}
	return ""
}

// fileError is an army file the system cannot read: its reader's message, for the player.
type fileError struct{ msg string }

func (e *fileError) Error() string { return e.msg }

// report evaluates a stored army of another system. A stored file always read once; one
// that no longer does (a system's reader grew stricter) is shown as such, not as a crash.
func (o otherArmy) report() (*system.Report, error) {
	rep, err := o.evaluate(o.file)
	if err != nil {
		return nil, echo.NewHTTPError(http.StatusUnprocessableEntity,
			"This army file no longer reads as "+o.sys.Title()+": "+err.Error()+". Edit it as text to fix it.")
	}
	return rep, nil
}

// otherView gathers what another system's army pages show.
func (a *app) otherView(c *echo.Context, o otherArmy) (views.OtherArmyView, error) {
	rep, err := o.report()
	if err != nil {
		return views.OtherArmyView{}, err
	}
	v := views.OtherArmyView{ID: o.rec.ID, SystemID: o.sys.ID(), SystemTitle: o.sys.Title(), Report: rep,
		Version: o.rec.Version, Versions: o.rec.Versions, Updated: o.rec.Updated, Token: o.token, Shared: o.token != ""}
	_, v.HasSheet = otherSheets[o.sys.ID()]
	return v, nil
}

func (a *app) showOther(c *echo.Context, o otherArmy) error {
	v, err := a.otherView(c, o)
	if err != nil {
		return err
	}
	if v.Shares, err = a.shareRows(c, o.rec); err != nil {
		return err
	}
	hist, err := a.store.History(c.Request().Context(), o.rec.Owner, o.rec.ID)
	if err != nil {
		return err
	}
	rows := make([]views.VersionRow, 0, len(hist))
	for _, h := range hist {
		rows = append(rows, views.VersionRow{Number: h.Number, Parent: h.Parent, Total: h.Total,
			Note: h.Note, Created: h.Created, Head: h.Number == o.rec.Version})
	}
	if o.sys.ID() == swm.ID {
		if v.SWMBlanks, err = a.swmSquadBlanks(c, o); err != nil {
			return err
		}
	}
	p := page(c, v.Report.Name, "armies")
	p.Flash = armyPageFlash(c, o.rec.Version)
	return render(c, http.StatusOK, views.OtherArmyPage(p, v, rows))
}

func (a *app) sharedOther(c *echo.Context, o otherArmy) error {
	v, err := a.otherView(c, o)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Referrer-Policy", "no-referrer")
	return render(c, http.StatusOK, views.OtherSharedArmy(page(c, v.Report.Name, ""), v))
}

// editOther opens the system's own editor, or the file as text (?as=text, or for a system
// without an editor).
func (a *app) editOther(c *echo.Context, o otherArmy) error {
	if ed, ok := otherEditors[o.sys.ID()]; ok && c.QueryParam("as") != "text" {
		return ed.edit(a, c, o)
	}
	v, err := a.otherView(c, o)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.OtherFileEditor(page(c, "Edit "+v.Report.Name, "armies"), v, string(o.file), ""))
}

// textForm reports whether the posted form is the file-as-text editor's.
func textForm(c *echo.Context) bool {
	_, ok := c.Request().PostForm["text"]
	return ok
}

// sameSystem refuses a text that names another game: an army keeps its system.
func sameSystem(sys system.System, file []byte) error {
	if got := system.Detect(file); got != sys.ID() {
		return &fileError{msg: fmt.Sprintf("system: the file now says %q; this army is %s, so write \"system: %s\" "+
			"(to make an army of another game, import the file as a new army)", got, sys.Title(), sys.ID())}
	}
	return nil
}

// previewOther costs the text being edited, without saving it.
func (a *app) previewOther(c *echo.Context, o otherArmy) error {
	if _, err := c.FormValues(); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	if ed, ok := otherEditors[o.sys.ID()]; ok && !textForm(c) {
		return ed.preview(a, c, o)
	}
	file := []byte(c.FormValue("text"))
	if err := sameSystem(o.sys, file); err != nil {
		return render(c, http.StatusOK, views.InlineError(err.Error()))
	}
	rep, err := o.evaluate(file)
	if err != nil {
		return render(c, http.StatusOK, views.InlineError("The file cannot be read: "+err.Error()))
	}
	v := views.OtherArmyView{ID: o.rec.ID, SystemID: o.sys.ID(), SystemTitle: o.sys.Title(), Report: rep, Draft: true}
	return render(c, http.StatusOK, views.OtherPreview(v))
}

// saveOther stores the edited text as a new version; a text the system cannot read is
// shown again with the reason, nothing lost.
func (a *app) saveOther(c *echo.Context, o otherArmy) error {
	if _, err := c.FormValues(); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	if ed, ok := otherEditors[o.sys.ID()]; ok && !textForm(c) {
		return ed.save(a, c, o)
	}
	text := c.FormValue("text")
	file := []byte(text)
	base, bad, ok := formBase(c, "army", o.rec.Version)
	if !ok {
		return a.refuseOtherText(c, o, text, bad)
	}
	err := sameSystem(o.sys, file)
	if err == nil {
		_, _, err = a.saveOtherFile(c, o.rec.ID, base, o.sys, file, "edited as text")
	}
	if msg := staleForm(err, "army"); msg != "" {
		// The text as typed, on the latest version: saving it again is the player's choice.
		if o, err = a.reloadOther(c); err != nil {
			return err
		}
		return a.refuseOtherText(c, o, text, msg)
	}
	var fe *fileError
	if errors.As(err, &fe) {
		v, verr := a.otherView(c, o)
		if verr != nil {
			return verr
		}
		return render(c, http.StatusUnprocessableEntity, views.OtherFileEditor(page(c, "Edit "+v.Report.Name, "armies"), v, text, "The file was not saved: "+fe.msg))
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+o.rec.ID+"?saved=1")
}

// reloadOther reads the army again after a save was refused as drawn from an older
// version, for the page that says so to edit the latest one.
func (a *app) reloadOther(c *echo.Context) (otherArmy, error) {
	o, found, err := a.findOther(c)
	if err == nil && !found {
		err = errNoArmy
	}
	return o, err
}

// refuseOtherText shows the text editor again with the text as typed, not saved because it
// was drawn from an older version (409), with why.
func (a *app) refuseOtherText(c *echo.Context, o otherArmy, text, msg string) error {
	v, err := a.otherView(c, o)
	if err != nil {
		return err
	}
	return render(c, http.StatusConflict, views.OtherFileEditor(page(c, "Edit "+v.Report.Name, "armies"), v, text, "The file was not saved: "+msg))
}

// renamed returns the file with its top-level name: replaced (a copy's name), the rest
// kept in order. A file that does not decode as a mapping is returned as it was.
func renamed(file []byte, name string) []byte {
	var m yaml.MapSlice
	if err := yaml.UnmarshalWithOptions(file, &m, yaml.UseOrderedMap()); err != nil {
		return file
	}
	found := false
	for i := range m {
		if k, ok := m[i].Key.(string); ok && k == "name" {
			m[i].Value, found = name, true
		}
	}
	if !found {
		return file
	}
	out, err := yaml.MarshalWithOptions(m, yaml.IndentSequence(true))
	if err != nil {
		return file
	}
	return out
}

func (a *app) duplicateOther(c *echo.Context, o otherArmy) error {
	rep, err := o.report()
	if err != nil {
		return err
	}
	dup, _, err := a.saveOtherFile(c, "", db.AnyVersion, o.sys, renamed(o.file, roster.CopyName(rep.Name)), "duplicated from "+o.rec.ID)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+dup.ID)
}

func (a *app) copySharedOther(c *echo.Context, o otherArmy) error {
	rec, _, err := a.saveOtherFile(c, "", db.AnyVersion, o.sys, o.file, "copied from a share link")
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?copied=1")
}

// exportOther sends the army file: YAML as stored (the player's comments kept), JSON, or
// the plain-text cost and check that `muster cost` prints.
func (a *app) exportOther(c *echo.Context, o otherArmy) error {
	format := c.QueryParam("format")
	if !form.ExportFormat(format) {
		return echo.NewHTTPError(http.StatusBadRequest, "Export as format=yaml, json or text.")
	}
	rep, err := o.report()
	if err != nil {
		return err
	}
	if o.token != "" {
		c.Response().Header().Set("Referrer-Policy", "no-referrer")
	}
	switch format {
	case "text":
		var buf bytes.Buffer
		systems.PrintReport(&buf, o.sys, rep)
		return c.Blob(http.StatusOK, "text/plain; charset=utf-8", buf.Bytes())
	case "json":
		data, err := yaml.YAMLToJSON(o.file)
		if err != nil {
			return fmt.Errorf("web: army %s: unable to write JSON: %w", o.rec.ID, err)
		}
		var out bytes.Buffer
		if err := json.Indent(&out, data, "", "  "); err != nil {
			return fmt.Errorf("web: army %s: unable to write JSON: %w", o.rec.ID, err)
		}
		c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, fileName(rep.Name)+".json"))
		return c.Blob(http.StatusOK, "application/json; charset=utf-8", out.Bytes())
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, fileName(rep.Name)+".yaml"))
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", o.file)
}

// otherSheet makes another game's printable sheet on the paper asked for; done is set when
// the game has none and the page saying so has been answered instead.
func (a *app) otherSheet(c *echo.Context, o otherArmy, forPDF bool) (html []byte, paper string, done bool, err error) {
	sheet, ok := otherSheets[o.sys.ID()]
	if !ok {
		return nil, "", true, a.noMeaning(c, o, "Record sheets", "The record sheets are Star Wars Miniatures Battles' own; "+o.sys.Title()+" has no printed sheet in Muster. Print the army's text list instead.")
	}
	if paper, err = a.sheetsPaper(c); err != nil {
		return nil, "", false, err
	}
	html, err = sheet(a, c, o, paper, forPDF)
	return html, paper, false, err
}

// sheetsOther is the system's printable sheet, or a page saying it has none.
func (a *app) sheetsOther(c *echo.Context, o otherArmy) error {
	html, _, done, err := a.otherSheet(c, o, false)
	if done || err != nil {
		return err
	}
	if o.token != "" {
		c.Response().Header().Set("Referrer-Policy", "no-referrer")
	}
	return c.HTMLBlob(http.StatusOK, html)
}

// sheetsPDFOther is the system's sheet as a PDF, printed by Chromium as SWMB's are.
func (a *app) sheetsPDFOther(c *echo.Context, o otherArmy) error {
	html, paper, done, err := a.otherSheet(c, o, true)
	if done || err != nil {
		return err
	}
	ctx := c.Request().Context()
	doc, err := pdf.Print(ctx, html, paper)
	if err != nil {
		if !errors.Is(err, pdf.ErrNoChromium) {
			a.log.Error("sheets: PDF failed", "err", err)
		}
		return echo.NewHTTPError(http.StatusServiceUnavailable, "The PDF cannot be made on this server just now. "+
			"The print view has the same sheet: print it from your browser (Ctrl+P, or Save as PDF).")
	}
	rep, _ := o.report()
	name := "squad"
	if rep != nil {
		name = fileName(rep.Name)
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename=%q`, name+"-sheet.pdf"))
	return c.Blob(http.StatusOK, "application/pdf", doc)
}

// compactOther sends a reader of the compact roster (SWMB's one-page roster, from its
// record sheets) to the army's own sheet, or its PDF, on the same paper: that sheet is what
// the army's game prints for the table (a game without one says so there).
func (a *app) compactOther(c *echo.Context, o otherArmy) error {
	to := o.base() + "/sheets"
	if strings.HasSuffix(c.Path(), ".pdf") {
		to += ".pdf"
	}
	if paper := c.QueryParam("paper"); paper != "" {
		to += "?" + url.Values{"paper": {paper}}.Encode()
	}
	return c.Redirect(http.StatusSeeOther, to)
}

// base is the army's address as it was reached: its owner's, or the share link's.
func (o otherArmy) base() string {
	if o.token != "" {
		return "/share/" + o.token
	}
	return "/armies/" + o.rec.ID
}

// noMeaning is the page for something a system's armies do not have: it says so, and
// links back to the army.
func (a *app) noMeaning(c *echo.Context, o otherArmy, what, why string) error {
	return render(c, http.StatusNotFound, views.NotForSystem(page(c, what, "armies"), views.NotForSystemView{
		What: what, Why: why, SystemTitle: o.sys.Title(), Back: o.base()}))
}

// createOther makes a new army of another system from the create form.
func (a *app) createOther(c *echo.Context, sysID, name, side string, limit int) error {
	sys := systems.ByID(sysID)
	if sys == nil {
		return echo.NewHTTPError(http.StatusBadRequest, "system: choose one of "+strings.Join(systems.Known(), ", ")+".")
	}
	var file []byte
	var err error
	if blank, ok := otherBlank[sysID]; ok {
		file, err = blank(name, side, limit)
	} else {
		file, err = yaml.MarshalWithOptions(yaml.MapSlice{{Key: "format", Value: 1}, {Key: "system", Value: sysID}, {Key: "name", Value: name}})
	}
	if err != nil {
		return fmt.Errorf("web: unable to write a new %s army: %w", sysID, err)
	}
	rec, _, err := a.saveOtherFile(c, "", db.AnyVersion, sys, file, "created")
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"/edit")
}

// importOther saves an uploaded or pasted file of another system. The form's system choice
// is the file's system: when the file names none; a file that names another is refused.
// It reports false for an SWMB file, which the SWMB import reads.
func (a *app) importOther(c *echo.Context, data []byte) (bool, error) {
	chosen := c.FormValue("system")
	named := system.Detect(data)
	if named == system.SWMB {
		named = "" // no system: line (or an SWMB one): the form's choice decides
	}
	var sys system.System
	switch {
	case named != "" && chosen != "" && named != chosen:
		return true, a.importRefused(c, data, fmt.Sprintf("system: the file says %q but you chose %q; choose \"as the file says\" or correct the file's system: line", named, chosen))
	case named != "":
		sys = systems.ByID(named)
	case chosen != "" && chosen != system.SWMB:
		sys = systems.ByID(chosen)
		if sys == nil {
			return true, a.importRefused(c, data, "system: choose one of "+strings.Join(systems.Known(), ", "))
		}
		trimmed := bytes.TrimSpace(data)
		if bytes.HasPrefix(trimmed, []byte("{")) || bytes.HasPrefix(trimmed, []byte("---")) {
			return true, a.importRefused(c, data, fmt.Sprintf("system: the file names no system; add \"system: %s\" to it", chosen))
		}
		data = append([]byte("system: "+chosen+"\n"), data...)
	}
	if sys == nil {
		return false, nil
	}
	rec, _, err := a.saveOtherFile(c, "", db.AnyVersion, sys, data, "imported")
	var fe *fileError
	if errors.As(err, &fe) {
		return true, a.importRefused(c, data, fe.msg)
	}
	if err != nil {
		return true, err
	}
	return true, c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"?imported=1")
}

// importRefused shows the import form again with the file and why it was refused.
func (a *app) importRefused(c *echo.Context, data []byte, msg string) error {
	imp := views.ImportForm{Error: "The army file could not be read: " + msg, Book: a.bookChoices(), System: c.FormValue("system")}
	if len(data) <= 64<<10 {
		imp.Text = string(data)
	}
	return render(c, http.StatusUnprocessableEntity, views.NewArmy(page(c, "Import", "new"), systemChoices(), views.NewArmyForm{Side: "rebel"}, imp))
}

// systemChoices are the systems the create and import forms offer.
func systemChoices() []views.SystemChoice {
	out := []views.SystemChoice{{ID: systems.SWMB().ID(), Title: systems.SWMB().Title()}}
	for _, id := range systems.Known()[1:] {
		out = append(out, views.SystemChoice{ID: id, Title: systems.ByID(id).Title()})
	}
	return out
}

// swmbOnly keeps the Star Wars Miniatures Battles armies of a list, for the pickers of pages
// that only SWMB has (matchups, the volley odds, round robins): an army of another game is
// not offered there, rather than refused once picked.
func swmbOnly(list []db.Army) []db.Army {
	out := make([]db.Army, 0, len(list))
	for _, r := range list {
		if r.System == "" || r.System == system.SWMB {
			out = append(out, r)
		}
	}
	return out
}

// discardOtherDraft forgets the owner's unsaved changes to another game's army.
func (a *app) discardOtherDraft(c *echo.Context, o otherArmy) error {
	if err := a.store.DeleteDraft(c.Request().Context(), ownerID(c), o.rec.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+o.rec.ID+"/edit?discarded=1")
}
