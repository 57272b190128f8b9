package web

// Game nights (Chapter Ten, "The Gamemaster"): a gamemaster makes a game with force limits
// per side and gets two links, each a 128-bit random token: the gamemaster's (/gm/{token})
// and the players' (/play/{token}). Players choose a side and bring a list, an army saved
// with its versions, checked as they build it against that side's limits; each list also
// has its player's own key (/play/{token}/lists/{key}), so the shared player link never
// opens another player's list. Lists are judged when they are read, against the game's
// current limits: changing the limits loses nothing. The player pages are in
// handlers_play.go.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/pdf"
	"muster/cmd/muster/internal/web/form"
	"muster/costing"
	"muster/costing/gamenight"
	"muster/db"
	"muster/roster"
	"muster/rules/textguard"
	"muster/views"
)

var (
	errNoGame = echo.NewHTTPError(http.StatusNotFound,
		"There is no game at this link. It may be mistyped, or the gamemaster has made a new link: ask them for it.")
	errNoList = echo.NewHTTPError(http.StatusNotFound,
		"There is no such list in this game. Its link may be mistyped; the game's page lists the lists this browser made.")
	errGameLocked = echo.NewHTTPError(http.StatusConflict,
		"The gamemaster has locked this game: lists can no longer be started, changed, submitted or withdrawn.")
	errListsHidden = echo.NewHTTPError(http.StatusNotFound,
		"Other players' lists are shown once the gamemaster locks the game, as at the table.")
)

// gameRoutes registers the game-night routes: the new-game form, the gamemaster's pages
// under /gm/{token} and the players' under /play/{token}.
func (a *app) gameRoutes(e *echo.Echo) {
	e.GET("/games/new", a.newGame)
	e.POST("/games", a.createGame)

	gm := linkRoutes{e.Group("/gm/:token")}
	gm.GET("", a.gmGame)
	gm.POST("", a.updateGame)
	gm.POST("/lock", a.lockGame)
	gm.POST("/unlock", a.unlockGame)
	gm.GET("/rotate", a.confirmRotate)
	gm.POST("/rotate", a.rotateLink)
	gm.POST("/restore", a.restoreGame)
	gm.GET("/limits/:side", a.exportLimits)
	gm.POST("/limits/:side", a.importLimits)
	gm.GET("/lists/:id", a.gmList)
	gm.GET("/lists/:id/export", a.gmExportList)
	gm.GET("/lists/:id/sheets", a.gmListSheets)
	gm.POST("/resolve", a.resolveLists)
	gm.GET("/sims/:id", a.gmSim)
	gm.GET("/sims/:id/json", a.gmSimJSON)

	play := linkRoutes{e.Group("/play/:token")}
	play.GET("", a.playGame)
	play.POST("/lists", a.startList)
	play.POST("/lists/mine/:id/open", a.openMine)
	play.GET("/lists/:key", a.playList)
	play.POST("/lists/:key", a.saveList)
	play.GET("/lists/:key/edit", a.editList)
	play.POST("/lists/:key/preview", a.previewList)
	play.POST("/lists/:key/draft/discard", a.discardListDraft)
	play.POST("/lists/:key/undo", a.undoList)
	play.POST("/lists/:key/redo", a.redoList)
	play.POST("/lists/:key/submit", a.submitList)
	play.POST("/lists/:key/withdraw", a.withdrawList)
	play.GET("/lists/:key/export", a.exportList)
	play.GET("/lists/:key/sheets", a.listSheets)
	play.GET("/view/:id", a.viewList)
	play.GET("/sims/:id", a.playSim)
	play.GET("/sims/:id/json", a.playSimJSON)
}

// linkRoutes registers routes under a secret link (/gm/{token}, /play/{token}), each
// guarded by linkPage. The guard goes on each route, not on the group: a group's middleware
// makes echo register catch-all routes under the prefix, which answered a wrong method (GET
// /gm/{token}/lock) 404 instead of 405 with the Allow header. Addresses the group does not
// have are guarded too: handleError marks every page under the prefixes as linkPage does.
type linkRoutes struct{ g *echo.Group }

func (r linkRoutes) GET(path string, h echo.HandlerFunc)  { r.g.GET(path, h, linkPage) }
func (r linkRoutes) POST(path string, h echo.HandlerFunc) { r.g.POST(path, h, linkPage) }

// linkPage marks the pages reached through a secret link: not cached, not indexed, and no
// Referer (which would carry the token) when following a link off the page.
func linkPage(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		markLinkPage(c.Response().Header())
		return next(c)
	}
}

func markLinkPage(h http.Header) {
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Robots-Tag", "noindex, nofollow")
}

// underLink reports whether a path is reached through a game's secret link.
func underLink(path string) bool {
	return strings.HasPrefix(path, "/gm/") || strings.HasPrefix(path, "/play/")
}

// gameBackLinks are the ways back from an error under a game's link to the pages the
// player came from: the game's page, and the list's when the error was about one (a locked
// game refusing a change to it). None when the link itself opens nothing: a wrong or
// rotated token, or an address the link does not have, would only lead to another refusal.
func gameBackLinks(path string, err error, status int) []views.BackLink {
	parts := strings.Split(path, "/") // "", "gm" or "play", token, ...
	if !underLink(path) || len(parts) < 3 || parts[2] == "" {
		return nil
	}
	gameFound := errors.Is(err, errListsHidden) || errors.Is(err, errNoList) || errors.Is(err, errNotYourList) ||
		status != http.StatusNotFound && status != http.StatusMethodNotAllowed
	if !gameFound {
		return nil
	}
	game := "/" + parts[1] + "/" + parts[2]
	var out []views.BackLink
	if parts[1] == "play" && len(parts) > 4 && parts[3] == "lists" && parts[4] != "" && !errors.Is(err, errNoList) && !errors.Is(err, errNotYourList) {
		out = append(out, views.BackLink{Href: game + "/lists/" + parts[4], Label: "Back to your list"})
	}
	return append(out, views.BackLink{Href: game, Label: "Back to the game"})
}

// baseURL is the scheme and host the request came to, for the links a gamemaster copies.
func baseURL(c *echo.Context) string {
	return c.Scheme() + "://" + c.Request().Host
}

// presetViews are the game form's preset buttons.
func presetViews() []views.Preset {
	out := make([]views.Preset, len(gamenight.Presets))
	for i, p := range gamenight.Presets {
		out[i] = views.Preset{Key: p.Key, Label: p.Label, Title: p.Title}
	}
	return out
}

// applyPreset fills the form's sides with a preset's limits (a name too, when it has none).
func applyPreset(f *views.GameForm, key string) bool {
	p, ok := gamenight.PresetByKey(key)
	if !ok {
		return false
	}
	for i := range f.Sides {
		text, ok := p.Side(f.Sides[i].Side)
		f.Sides[i].Plays = ok
		if ok {
			f.Sides[i].Limits = text
		}
	}
	if f.Name == "" {
		f.Name = p.Name
	}
	return true
}

// sideLimits returns a game's limits for a side, and whether the side plays. Limits were
// checked when the gamemaster saved them; should they not parse now, the side has none.
func (a *app) sideLimits(g db.Game, side string) (*roster.Limits, bool) {
	text, ok := g.SideLimits(side)
	if !ok {
		return nil, false
	}
	l, err := gamenight.ReadSideLimits(text)
	if err != nil {
		a.log.Warn("games: stored limits do not parse", "game", g.ID, "side", side, "err", err)
		return nil, true
	}
	return l, true
}

// --- the game form -------------------------------------------------------------------

// maxLimitsText bounds one side's limits as written in the form.
const maxLimitsText = 64 << 10

// readGameForm reads the posted game form: the details and each side's limits, checked;
// ok is false when something must be fixed first (the form says what, where).
func (a *app) readGameForm(c *echo.Context, kept []byte) (views.GameForm, db.GameDetails, bool) {
	clean := func(s string) string { return strings.TrimSpace(strings.ReplaceAll(s, "\r\n", "\n")) }
	f := views.GameForm{Name: clean(c.FormValue("name")), Date: clean(c.FormValue("date")),
		Scenario: clean(c.FormValue("scenario")), Notes: clean(c.FormValue("notes")), Errors: map[string]string{},
		Battlefield: c.FormValue("battlefield")}
	vals, err := c.FormValues()
	if err != nil {
		vals = url.Values{}
	}
	var fieldErrs [][]string
	for _, s := range gamenight.Sides {
		text, lf, errs := sideLimitsText(vals, s)
		if strings.TrimSpace(text) == "" {
			text = ""
		}
		sf := views.SideForm{Side: s, Plays: c.FormValue("plays."+s) == "on", Limits: text}
		if lf != nil && len(errs) > 0 {
			sf.Form = *lf
			sf.Form.Typed = true
		}
		f.Sides = append(f.Sides, sf)
		fieldErrs = append(fieldErrs, errs)
	}
	d := a.checkGameForm(&f)
	var err2 error
	if f.Battlefields, err2 = a.battlefieldChoices(c, kept); err2 != nil {
		f.Errors["battlefield"] = "Battlefield: your scenarios could not be read; try again."
	}
	if file, msg := a.battlefieldFile(c, f.Battlefield, kept); msg != "" {
		f.Errors["battlefield"] = msg
	} else {
		d.Battlefield = file
	}
	// A field of the wrong shape is shown beside the side's fields, as typed.
	for i, errs := range fieldErrs {
		if len(errs) > 0 && f.Sides[i].Plays {
			f.Sides[i].Errors = append(errs, f.Sides[i].Errors...)
		}
	}
	return f, d, len(f.Errors) == 0 && !sideErrors(f)
}

// checkGameForm checks a game form, noting what is wrong in it, and returns the details
// it holds.
func (a *app) checkGameForm(f *views.GameForm) db.GameDetails {
	if f.Errors == nil {
		f.Errors = map[string]string{}
	}
	for k, msg := range (form.Game{Name: f.Name, Date: f.Date, Scenario: f.Scenario, Notes: f.Notes}).Check() {
		f.Errors[k] = msg
	}
	// What the players read of the game: the name one line, and none of it turned around.
	for _, fld := range []struct {
		key, what, text string
		lines           bool
	}{{"name", "The name", f.Name, false}, {"scenario", "The scenario", f.Scenario, true}, {"notes", "The notes", f.Notes, true}} {
		if msg := textguard.Problem(fld.text, fld.lines); msg != "" && f.Errors[fld.key] == "" {
			f.Errors[fld.key] = fld.what + " " + msg + "."
		}
	}
	f.Catalog = a.cat
	d := db.GameDetails{Name: f.Name, Date: f.Date, Scenario: f.Scenario, Notes: f.Notes, Sides: []db.Side{}}
	for i := range f.Sides {
		s := &f.Sides[i]
		s.Errors, s.Summary = nil, ""
		if len(s.Limits) > maxLimitsText {
			s.Errors = []string{"the limits may be at most 64 KiB"}
			continue
		}
		l, summary, errs := gamenight.CheckSideLimits(a.cat, s.Side, s.Limits)
		s.Summary = summary
		s.Was = s.Limits
		if !s.Form.Typed {
			// The fields are drawn from the file; a file that does not parse leaves them
			// empty and is shown open, as written, with why.
			if l == nil && len(errs) == 0 {
				l, _ = gamenight.ReadSideLimits(s.Limits)
			}
			s.Form = limitsFormOf(l)
		}
		if s.Plays {
			s.Errors = errs
			d.Sides = append(d.Sides, db.Side{Side: s.Side, Limits: s.Limits})
		}
	}
	if len(d.Sides) == 0 {
		f.Errors["sides"] = "Choose at least one side that plays (tick \"side plays\")."
	}
	return d
}

func sideErrors(f views.GameForm) bool {
	for _, s := range f.Sides {
		if s.Plays && len(s.Errors) > 0 {
			return true
		}
	}
	return false
}

// formOf is the game form filled with a game's details.
func (a *app) formOf(c *echo.Context, g db.Game, action string) (views.GameForm, error) {
	f := views.GameForm{Name: g.Name, Date: g.Date, Scenario: g.Scenario, Notes: g.Notes, Action: action, Version: g.Version, Errors: map[string]string{}}
	if len(g.Battlefield) > 0 {
		f.Battlefield = keptBattlefield
	}
	var err error
	if f.Battlefields, err = a.battlefieldChoices(c, g.Battlefield); err != nil {
		return f, err
	}
	for _, s := range gamenight.Sides {
		text, plays := g.SideLimits(s)
		f.Sides = append(f.Sides, views.SideForm{Side: s, Plays: plays, Limits: text})
	}
	a.checkGameForm(&f)
	return f, nil
}

// --- the gamemaster's pages ----------------------------------------------------------

// gmGameOf finds the game the :token parameter opens as its gamemaster, and its player
// token.
func (a *app) gmGameOf(c *echo.Context) (db.Game, string, error) {
	tok := c.Param("token")
	if !validID(tok) {
		return db.Game{}, "", errNoGame
	}
	g, player, err := a.store.GameByGMToken(c.Request().Context(), tok)
	if errors.Is(err, db.ErrNotFound) {
		return db.Game{}, "", errNoGame
	}
	return g, player, err
}

func gameInfo(g db.Game) views.GameInfo {
	return views.GameInfo{Name: g.Name, Date: g.Date, Scenario: g.Scenario, Notes: g.Notes, Locked: g.Locked,
		Version: g.Version, Versions: g.Versions, Updated: g.Updated, Battlefield: battlefieldInfo(g)}
}

func (a *app) gmGame(c *echo.Context) error {
	g, player, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	v, err := a.gmView(c, g, player, nil)
	if err != nil {
		return err
	}
	v.Created = c.QueryParam("created") != ""
	p := page(c, g.Name, "games")
	switch {
	case c.QueryParam("saved") != "":
		p.Flash = fmt.Sprintf("Saved as version %d: every list is judged against these limits now.", g.Version)
	case c.QueryParam("restored") != "":
		p.Flash = fmt.Sprintf("Restored as version %d.", g.Version)
	case c.QueryParam("locked") != "":
		p.Flash = "Submissions are locked: players see every list."
	case c.QueryParam("unlocked") != "":
		p.Flash = "Submissions are open again."
	case c.QueryParam("rotated") == "gm":
		p.Flash = "This page has a new address: bookmark it. The old gamemaster link opens nothing any more."
	case c.QueryParam("rotated") == "player":
		p.Flash = "New player link made: send it to your players. The old one opens nothing any more; lists are kept."
	case c.QueryParam("imported") != "":
		p.Flash = fmt.Sprintf("Limits imported as version %d.", g.Version)
	}
	return render(c, http.StatusOK, views.GMGame(p, v))
}

// gmView gathers the gamemaster's page: links, lists by side (each judged against its
// side's current limits), the form (form, when the posted one is shown again) and the
// history.
func (a *app) gmView(c *echo.Context, g db.Game, player string, form *views.GameForm) (views.GMView, error) {
	ctx := c.Request().Context()
	tok := c.Param("token")
	base := "/gm/" + tok
	v := views.GMView{Game: gameInfo(g), Base: base, GMURL: baseURL(c) + base, PlayerURL: baseURL(c) + "/play/" + player,
		Presets: presetViews()}
	// The built-in scenarios and the gamemaster's own (the one holding the link, signed in
	// or as a guest), for the quick-resolve and the fairness test.
	scenarios, err := a.scenarioChoices(c)
	if err != nil {
		return v, err
	}
	if b := battlefieldInfo(g); b != nil {
		// The game's own battlefield first: what the forms start on.
		scenarios = append([]views.Choice{{Value: gameBattlefield, Label: "The game's battlefield: " + b.Name}}, scenarios...)
	}
	v.Scenarios = scenarios
	sims, err := a.gameSims(ctx, g.ID, base+"/sims")
	if err != nil {
		return v, err
	}
	v.Sims = sims
	if form != nil {
		v.Form = *form
	} else if v.Form, err = a.formOf(c, g, base); err != nil {
		return v, err
	}
	lists, err := a.store.GameLists(ctx, g.ID)
	if err != nil {
		return v, err
	}
	rows := map[string][]views.ListRow{}
	for _, l := range lists {
		r, _, _, err := a.listRow(ctx, g, l, l.Submitted)
		if err != nil {
			return v, err
		}
		r.Href = base + "/lists/" + l.ID
		r.Sheets = r.Href + "/sheets"
		r.Export = r.Href + "/export"
		if r.NoSide {
			v.Other = append(v.Other, r)
		} else {
			rows[l.Side] = append(rows[l.Side], r)
		}
	}
	for _, s := range g.Sides {
		sl := views.SideLists{Side: s.Side, Lists: rows[s.Side]}
		if l, _ := a.sideLimits(g, s.Side); l != nil {
			sl.Summary = l.Summary()
		} else {
			sl.Summary = "none"
		}
		v.Sides = append(v.Sides, sl)
	}
	hist, err := a.store.GameHistory(ctx, g.ID)
	if err != nil {
		return v, err
	}
	for _, h := range hist {
		var parts []string
		for _, s := range h.Sides {
			sum := "none"
			if l, err := gamenight.ReadSideLimits(s.Limits); err == nil && l != nil {
				sum = l.Summary()
			}
			parts = append(parts, sideName(s.Side)+": "+sum)
		}
		v.History = append(v.History, views.VersionNote{Number: h.Number, Note: h.Note, Created: h.Created,
			Head: h.Number == g.Version, Summary: strings.Join(parts, " · ")})
	}
	return v, nil
}

func sideName(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// listRow judges a list at a version (its head when version is 0 and the list was never
// submitted: a draft is judged as it stands) against its side's current limits.
func (a *app) listRow(ctx context.Context, g db.Game, l db.List, version int) (views.ListRow, *roster.Army, *costing.Result, error) {
	r := views.ListRow{ID: l.ID, Player: l.Player, Name: l.Army.Name, Side: l.Side, Submitted: l.Submitted,
		Head: l.Army.Version, Updated: l.Updated, Total: l.Army.Total}
	lim, plays := a.sideLimits(g, l.Side)
	r.NoSide = !plays
	if lim != nil {
		r.Limit = lim.Total
	}
	if version == 0 {
		version = l.Army.Version
	}
	army, err := a.listArmy(ctx, l, version)
	if err != nil {
		return r, nil, nil, err
	}
	shown, res := a.judge(army, lim)
	r.Name, r.Total = shown.Name, res.Total
	for _, p := range res.Problems {
		switch p.Severity {
		case roster.Error:
			r.Errors++
			r.Problems = append(r.Problems, p)
		case roster.Warning:
			r.Warnings++
		}
	}
	return r, shown, res, nil
}

// listArmy returns a list's army at a version, parsed (from the cache when it can). The
// result is shared: read it, never change it.
func (a *app) listArmy(ctx context.Context, l db.List, version int) (*roster.Army, error) {
	armyID, gameID := l.Army.ID, l.GameID
	key := fmt.Sprintf("%s@%d", armyID, version)
	if army := a.parsed.get(key); army != nil {
		return army, nil
	}
	v, err := a.store.GameArmyVersion(ctx, gameID, armyID, version)
	if err != nil {
		return nil, err
	}
	army, err := roster.Read(v.File)
	if err != nil {
		return nil, fmt.Errorf("web: stored list %s does not parse: %w", armyID, err)
	}
	a.parsed.put(key, army)
	return army, nil
}

// judge is gamenight.Judge against the app's catalogue.
func (a *app) judge(army *roster.Army, lim *roster.Limits) (*roster.Army, *costing.Result) {
	return gamenight.Judge(a.cat, army, lim)
}

func (a *app) updateGame(c *echo.Context) error {
	g, player, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	f, d, ok := a.readGameForm(c, g.Battlefield)
	f.Action = "/gm/" + c.Param("token")
	// The form shown again edits the latest version: saving it then is the gamemaster's choice.
	f.Version = g.Version
	if key, isPreset := strings.CutPrefix(c.FormValue("action"), "preset:"); isPreset {
		applyPreset(&f, key)
		f.Errors = map[string]string{}
		a.checkGameForm(&f)
		return a.showGameForm(c, g, player, &f, http.StatusOK, "Example limits filled in below: not saved yet.")
	}
	if !ok {
		return a.showGameForm(c, g, player, &f, http.StatusUnprocessableEntity, "Not saved: see what to fix below.")
	}
	base, bad, ok := formBase(c, "game", g.Version)
	if !ok {
		return a.showGameForm(c, g, player, &f, http.StatusConflict, "Not saved: "+bad)
	}
	_, err = a.store.UpdateGame(c.Request().Context(), g.ID, base, d, "saved")
	if msg := staleForm(err, "game"); msg != "" {
		// Saved from another tab since the form was drawn: the form as typed, on the latest.
		if g, player, err = a.gmGameOf(c); err != nil {
			return err
		}
		f.Version = g.Version
		return a.showGameForm(c, g, player, &f, http.StatusConflict, "Not saved: "+msg)
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+c.Param("token")+"?saved=1#edit-game")
}

// showGameForm shows the gamemaster's page with the game form as typed (f), and why.
func (a *app) showGameForm(c *echo.Context, g db.Game, player string, f *views.GameForm, status int, flash string) error {
	v, err := a.gmView(c, g, player, f)
	if err != nil {
		return err
	}
	p := page(c, g.Name, "games")
	p.Flash = flash
	return render(c, status, views.GMGame(p, v))
}

func (a *app) lockGame(c *echo.Context) error   { return a.setLocked(c, true) }
func (a *app) unlockGame(c *echo.Context) error { return a.setLocked(c, false) }

func (a *app) setLocked(c *echo.Context, locked bool) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	if _, err := a.store.SetLocked(c.Request().Context(), g.ID, locked); err != nil {
		return err
	}
	q := "?locked=1"
	if !locked {
		q = "?unlocked=1"
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+c.Param("token")+q+"#lists")
}

// rotateWhich reads which link the gamemaster means to replace.
func (a *app) rotateWhich(c *echo.Context) (string, error) {
	which := c.FormValue("which")
	if !form.RotateWhich(which) {
		return "", echo.NewHTTPError(http.StatusBadRequest, "Choose the link to replace: gm or player.")
	}
	return which, nil
}

// confirmRotate asks before a link is replaced: replacing one cuts off everyone who has it,
// mid-evening if the button is pressed by mistake.
func (a *app) confirmRotate(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	which, err := a.rotateWhich(c)
	if err != nil {
		return err
	}
	return a.renderConfirmRotate(c, g, which)
}

func (a *app) renderConfirmRotate(c *echo.Context, g db.Game, which string) error {
	lists, err := a.store.GameLists(c.Request().Context(), g.ID)
	if err != nil {
		return err
	}
	v := views.RotateView{Game: g.Name, Base: "/gm/" + c.Param("token"), Which: which, Lists: len(lists)}
	title := "Replace the player link?"
	if which == "gm" {
		title = "Replace the gamemaster link?"
	}
	return render(c, http.StatusOK, views.ConfirmRotate(page(c, title, "games"), v))
}

// rotateLink makes a new gamemaster or player link; the old one opens nothing any more. A
// post without the confirmation (the one-click button of a GM page loaded before there was
// one) replaces nothing: it gets the confirmation page.
func (a *app) rotateLink(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	which, err := a.rotateWhich(c)
	if err != nil {
		return err
	}
	if c.FormValue("confirm") != "yes" {
		return a.renderConfirmRotate(c, g, which)
	}
	ctx, tok := c.Request().Context(), c.Param("token")
	if which == "gm" {
		fresh, err := a.store.RotateGM(ctx, g.ID, tok)
		if err != nil {
			return err
		}
		return c.Redirect(http.StatusSeeOther, "/gm/"+fresh+"?rotated=gm")
	}
	if _, err := a.store.RotatePlayer(ctx, g.ID, tok); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+tok+"?rotated=player")
}

func (a *app) restoreGame(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	n, ok := form.Version(c.FormValue("version"))
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, "Choose a version to restore.")
	}
	base, ok := postedBase(c, "base")
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, notOnAVersion("restored", "game", c.FormValue("base")))
	}
	if _, err := a.store.RestoreGame(c.Request().Context(), g.ID, base, n); err != nil {
		if msg := staleChange(err, "game", "restored"); msg != "" {
			return echo.NewHTTPError(http.StatusConflict, msg)
		}
		if errors.Is(err, db.ErrNotFound) {
			return echo.NewHTTPError(http.StatusNotFound, "That version of the game does not exist.")
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+c.Param("token")+"?restored=1")
}

// limitsSide checks the :side parameter against the game's sides.
func limitsSide(c *echo.Context, g db.Game) (string, error) {
	side := c.Param("side")
	if _, ok := g.SideLimits(side); !ok {
		return "", echo.NewHTTPError(http.StatusNotFound, "That side does not play in this game.")
	}
	return side, nil
}

// exportLimits downloads a side's limits as a limits file for `muster check --limits`: as
// the gamemaster wrote it, with a sides: clause added when it has none.
func (a *app) exportLimits(c *echo.Context) error {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	side, err := limitsSide(c, g)
	if err != nil {
		return err
	}
	text, _ := g.SideLimits(side)
	if l, err := gamenight.ReadSideLimits(text); err == nil && (l == nil || len(l.Sides) == 0) {
		with := strings.TrimRight(text, "\n")
		if with != "" {
			with += "\n"
		}
		with += "sides: [" + side + "]\n"
		if _, err := roster.ReadLimits([]byte(with)); err == nil {
			text = with
		}
	}
	c.Response().Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, side+"-limits.yaml"))
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", []byte(text))
}

// importLimits replaces a side's limits with a limits file (upload or paste): a new
// version of the game. A file that cannot be used is shown in the form with the reason.
func (a *app) importLimits(c *echo.Context) error {
	g, player, err := a.gmGameOf(c)
	if err != nil {
		return err
	}
	side, err := limitsSide(c, g)
	if err != nil {
		return err
	}
	data, err := readUpload(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The file could not be read: "+err.Error())
	}
	if len(data) > maxLimitsText {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge, "A limits file may be at most 64 KiB here.")
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	d := g.GameDetails
	d.Sides = slices.Clone(g.Sides)
	for i := range d.Sides {
		if d.Sides[i].Side == side {
			d.Sides[i].Limits = text
		}
	}
	_, _, errs := gamenight.CheckSideLimits(a.cat, side, text)
	if strings.TrimSpace(text) == "" {
		// "Import" pressed with no file chosen: an empty file would wipe the side's limits.
		errs = []string{"Choose a limits file to import: none was sent, so the " + sideName(side) + " limits were not changed."}
	}
	if len(errs) > 0 {
		f, err := a.formOf(c, g, "/gm/"+c.Param("token"))
		if err != nil {
			return err
		}
		for i := range f.Sides {
			if f.Sides[i].Side == side {
				f.Sides[i].Limits, f.Sides[i].Errors, f.Sides[i].Summary = text, errs, ""
			}
		}
		v, err := a.gmView(c, g, player, &f)
		if err != nil {
			return err
		}
		p := page(c, g.Name, "games")
		p.Flash = "The limits file was not imported: see why under " + sideName(side) + " below."
		return render(c, http.StatusUnprocessableEntity, views.GMGame(p, v))
	}
	// Made on the version read above, so that a save landing meanwhile is not undone by
	// the rest of d.
	if _, err := a.store.UpdateGame(c.Request().Context(), g.ID, g.Version, d, "imported "+side+" limits"); err != nil {
		if msg := staleChange(err, "game", "imported"); msg != "" {
			return echo.NewHTTPError(http.StatusConflict, msg)
		}
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/gm/"+c.Param("token")+"?imported=1#edit-game")
}

// gmListOf finds the list named by :id in the gamemaster's game.
func (a *app) gmListOf(c *echo.Context) (db.Game, db.List, error) {
	g, _, err := a.gmGameOf(c)
	if err != nil {
		return db.Game{}, db.List{}, err
	}
	id := c.Param("id")
	if !validID(id) {
		return db.Game{}, db.List{}, errNoList
	}
	l, err := a.store.GameList(c.Request().Context(), g.ID, id)
	if errors.Is(err, db.ErrNotFound) {
		return db.Game{}, db.List{}, errNoList
	}
	return g, l, err
}

// shownVersion is the version others see of a list: the one submitted, or, for a list not
// submitted, its latest.
func shownVersion(l db.List) int {
	if l.Submitted > 0 {
		return l.Submitted
	}
	return l.Army.Version
}

func (a *app) gmList(c *echo.Context) error {
	g, l, err := a.gmListOf(c)
	if err != nil {
		return err
	}
	base := "/gm/" + c.Param("token")
	v, err := a.listView(c, g, l, shownVersion(l))
	if err != nil {
		return err
	}
	v.Back = base + "#lists"
	v.Row.Sheets = base + "/lists/" + l.ID + "/sheets"
	v.Row.Export = base + "/lists/" + l.ID + "/export"
	v.Optimize, v.OptimizeLabel = base+"/lists/"+l.ID+"/optimize", "What should this list bring?"
	p := page(c, v.Row.Name, "games")
	if c.QueryParam("saved") != "" {
		p.Flash = fmt.Sprintf("Saved as version %d of the list, not submitted: this page shows the version its player submitted until they submit again.", l.Army.Version)
	}
	return render(c, http.StatusOK, views.ListPage(p, v))
}

// listView is a list's page at a version, judged against its side's current limits.
func (a *app) listView(c *echo.Context, g db.Game, l db.List, version int) (views.ListView, error) {
	ctx := c.Request().Context()
	r, shown, res, err := a.listRow(ctx, g, l, version)
	if err != nil {
		return views.ListView{}, err
	}
	v := views.ListView{Game: gameInfo(g), Row: r, Shown: version,
		Army: views.ArmyView{ID: l.ID, Army: shown, Result: res, Catalog: a.catalogFor(shown), Version: version, Versions: l.Army.Versions}}
	v.Limits, _ = g.SideLimits(l.Side)
	v.Summary = "none"
	if lim, _ := a.sideLimits(g, l.Side); lim != nil {
		v.Summary = lim.Summary()
	}
	if r.NoSide {
		v.Summary = "this side no longer plays in the game"
	}
	subs, err := a.store.Submissions(ctx, l.ID)
	if err != nil {
		return v, err
	}
	for _, s := range subs {
		v.Submitted = append(v.Submitted, views.SubmissionRow{Version: s.Version, Created: s.Created})
	}
	return v, nil
}

func (a *app) gmExportList(c *echo.Context) error {
	_, l, err := a.gmListOf(c)
	if err != nil {
		return err
	}
	army, err := a.listArmy(c.Request().Context(), l, shownVersion(l))
	if err != nil {
		return err
	}
	return a.sendFile(c, army, c.QueryParam("format"), true)
}

func (a *app) gmListSheets(c *echo.Context) error {
	g, l, err := a.gmListOf(c)
	if err != nil {
		return err
	}
	return a.sendListSheets(c, g, l, shownVersion(l))
}

// sendListSheets prints a list's record sheets at a version, its problems against its
// side's limits on the roster page.
func (a *app) sendListSheets(c *echo.Context, g db.Game, l db.List, version int) error {
	paper, err := a.sheetsPaper(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	army, err := a.listArmy(ctx, l, version)
	if err != nil {
		return err
	}
	lim, _ := a.sideLimits(g, l.Side)
	shown, res := a.judge(army, lim)
	out, err := pdf.Sheets(ctx, a.catalogFor(shown), shown, res, paper, "", false)
	if err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, out)
}
