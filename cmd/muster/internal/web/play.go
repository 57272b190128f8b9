package web

// The players' pages of a game night (see handlers_games.go): the player link opens the
// game; a player chooses a side and starts or imports a list, builds it in the army editor
// checked against that side's limits, and submits it. Each list has its own key: the
// player link alone never opens another player's list, and before the lock nobody sees
// another player's list at all. The keys of the lists a browser made are kept in a cookie,
// so the game's page can list them.

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/systems"
	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/rules/textguard"
	"muster/views"
)

// listCookie holds the keys of the lists this browser made, "."-separated (keys are
// base64url, which has no "."), at most maxListKeys of them.
const (
	listCookie  = "muster_lists"
	maxListKeys = 20
)

// listKeys reads the keys of the lists this browser made.
func listKeys(c *echo.Context) []string {
	ck, err := c.Cookie(listCookie)
	if err != nil {
		return nil
	}
	var out []string
	for _, k := range strings.Split(ck.Value, ".") {
		if validID(k) && !slices.Contains(out, k) && len(out) < maxListKeys {
			out = append(out, k)
		}
	}
	return out
}

// rememberList adds a list's key to this browser's cookie (the newest first).
func rememberList(c *echo.Context, key string) {
	keys := append([]string{key}, listKeys(c)...)
	if len(keys) > maxListKeys {
		keys = keys[:maxListKeys]
	}
	c.SetCookie(&http.Cookie{Name: listCookie, Value: strings.Join(keys, "."), Path: "/play/",
		MaxAge: 90 * 24 * 3600, HttpOnly: true, Secure: c.Scheme() == "https", SameSite: http.SameSiteLaxMode})
}

// playGameOf finds the game the :token parameter opens as a player.
func (a *app) playGameOf(c *echo.Context) (db.Game, error) {
	tok := c.Param("token")
	if !validID(tok) {
		return db.Game{}, errNoGame
	}
	g, err := a.store.GameByPlayerToken(c.Request().Context(), tok)
	if errors.Is(err, db.ErrNotFound) {
		return db.Game{}, errNoGame
	}
	return g, err
}

// ownListOf finds the list the :key parameter opens, in the game the player link opens: a
// key to a list of another game finds nothing.
func (a *app) ownListOf(c *echo.Context) (db.Game, db.List, error) {
	g, err := a.playGameOf(c)
	if err != nil {
		return db.Game{}, db.List{}, err
	}
	key := c.Param("key")
	if !validID(key) {
		return db.Game{}, db.List{}, errNoList
	}
	l, err := a.store.ListByKey(c.Request().Context(), g.ID, key)
	if errors.Is(err, db.ErrNotFound) {
		return db.Game{}, db.List{}, errNoList
	}
	return g, l, err
}

// listBase is where a player's list lives: /play/{token}/lists/{key}.
func listBase(c *echo.Context) string {
	return "/play/" + c.Param("token") + "/lists/" + c.Param("key")
}

func playSides(g db.Game) []string {
	out := make([]string, 0, len(g.Sides))
	for _, s := range g.Sides {
		out = append(out, s.Side)
	}
	return out
}

func (a *app) playGame(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	sides := playSides(g)
	f := views.PlayForm{Errors: map[string]string{}}
	if len(sides) > 0 {
		f.Side = sides[0]
	}
	v, err := a.playView(c, g, f, f)
	if err != nil {
		return err
	}
	return render(c, http.StatusOK, views.PlayGame(page(c, g.Name, "games"), v))
}

// playView gathers the player link's page: this browser's lists, a signed-in account's
// lists of the game on its other devices, and after the lock every submitted list.
func (a *app) playView(c *echo.Context, g db.Game, form, imp views.PlayForm) (views.PlayView, error) {
	ctx := c.Request().Context()
	base := "/play/" + c.Param("token")
	v := views.PlayView{Game: gameInfo(g), Base: base, Sides: playSides(g), Form: form, Import: imp, Account: account(c) != ""}
	held := map[string]bool{}
	for _, key := range listKeys(c) {
		l, err := a.store.ListByKey(ctx, g.ID, key)
		if errors.Is(err, db.ErrNotFound) {
			continue // another game's list, or a key from elsewhere
		}
		if err != nil {
			return v, err
		}
		r, _, _, err := a.listRow(ctx, g, l, 0)
		if err != nil {
			return v, err
		}
		r.Href = base + "/lists/" + key
		v.Mine = append(v.Mine, r)
		held[l.ID] = true
	}
	elsewhere, err := a.otherDevices(c, g, held)
	if err != nil {
		return v, err
	}
	v.Elsewhere = elsewhere
	if !g.Locked {
		return v, nil
	}
	lists, err := a.store.GameLists(ctx, g.ID)
	if err != nil {
		return v, err
	}
	bySide := map[string][]views.ListRow{}
	for _, l := range lists {
		if l.Submitted == 0 {
			continue
		}
		r, _, _, err := a.listRow(ctx, g, l, l.Submitted)
		if err != nil {
			return v, err
		}
		r.Href = base + "/view/" + l.ID
		bySide[l.Side] = append(bySide[l.Side], r)
	}
	for _, s := range g.Sides {
		sl := views.SideLists{Side: s.Side, Lists: bySide[s.Side], Summary: "none"}
		if lim, _ := a.sideLimits(g, s.Side); lim != nil {
			sl.Summary = lim.Summary()
		}
		v.All = append(v.All, sl)
	}
	sims, err := a.gameSims(c.Request().Context(), g.ID, base+"/sims")
	if err != nil {
		return v, err
	}
	v.Sims = sims
	return v, nil
}

// startList starts a list for a side: a new, empty army, or an imported army file.
func (a *app) startList(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	if g.Locked {
		return errGameLocked
	}
	importing := c.FormValue("action") == "import"
	f := views.PlayForm{Player: strings.TrimSpace(c.FormValue("player")), Name: strings.TrimSpace(c.FormValue("name")),
		Side: c.FormValue("side"), Errors: map[string]string{}}
	for k, msg := range (form.StartList{Player: f.Player, Name: f.Name}).Check() {
		f.Errors[k] = msg
	}
	// The player's name is shown to everyone in the game: one line, its text the right way round.
	if msg := textguard.Problem(f.Player, false); msg != "" && f.Errors["player"] == "" {
		f.Errors["player"] = "Your name " + msg + "."
	}
	if msg := textguard.Problem(f.Name, false); msg != "" && f.Errors["name"] == "" {
		f.Errors["name"] = "The list's name " + msg + "."
	}
	if _, ok := g.SideLimits(f.Side); !ok {
		f.Errors["side"] = "Choose one of the sides that play in this game."
	}
	var army *roster.Army
	var data []byte
	if importing {
		var err error
		data, err = readUpload(c)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "The file could not be read: "+err.Error())
		}
		if sys := systems.For(data); sys != nil {
			// Game nights are Chapter Ten's: a list of another game is refused in its words.
			f.Errors["file"] = "This is a " + sys.Title() + " file (system: " + sys.ID() + "); a game night takes Star Wars Miniatures Battles armies (system: swmb). Import it under New or import instead."
			if len(data) <= 64<<10 {
				f.Text = string(data)
			}
		} else if army, err = roster.Read(data); err != nil {
			f.Errors["file"] = "The army file could not be read: " + err.Error()
			if len(data) <= 64<<10 {
				f.Text = string(data)
			}
		}
	} else if f.Name == "" {
		f.Errors["name"] = "Give the list a name."
	}
	refuse := func() error {
		blank := views.PlayForm{Side: f.Side, Player: f.Player, Errors: map[string]string{}}
		form, imp := f, blank
		if importing {
			form, imp = blank, f
		}
		v, err := a.playView(c, g, form, imp)
		if err != nil {
			return err
		}
		return render(c, http.StatusUnprocessableEntity, views.PlayGame(page(c, g.Name, "games"), v))
	}
	if len(f.Errors) > 0 {
		return refuse()
	}
	note := "started"
	if importing {
		note = "imported"
	} else {
		army = &roster.Army{Format: 1, System: "swmb", Name: f.Name}
	}
	if army.Units == nil {
		army.Units = []roster.Unit{}
	}
	lim, _ := a.sideLimits(g, f.Side)
	army.Side = rules.Side(f.Side)
	army.Limit = 0
	if lim != nil {
		army.Limit = lim.Total
	}
	if err := roster.CheckBounds(army); err != nil {
		// A file that reads but holds more than an army keeps: shown again as pasted.
		field := "name"
		if importing {
			field = "file"
			if len(data) <= 64<<10 {
				f.Text = string(data)
			}
		}
		f.Errors[field] = "Not started: " + boundsWords(err)
		return refuse()
	}
	file, err := army.YAML()
	if err != nil {
		return fmt.Errorf("web: unable to write the army file: %w", err)
	}
	shown, res := a.judge(army, lim)
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	_, key, err := a.store.CreateList(c.Request().Context(), owner, g.ID, f.Side, f.Player, file, metaOf(shown, res), note)
	if errors.Is(err, db.ErrLocked) {
		return errGameLocked
	}
	if err != nil {
		return err
	}
	rememberList(c, key)
	base := "/play/" + c.Param("token") + "/lists/" + key
	if importing {
		return c.Redirect(http.StatusSeeOther, base+"?imported=1")
	}
	return c.Redirect(http.StatusSeeOther, base+"/edit")
}

// playList is the player's own list: judged as it stands against the side's limits, with
// what the gamemaster sees of it.
func (a *app) playList(c *echo.Context) error {
	g, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	v, err := a.listView(c, g, l, l.Army.Version)
	if err != nil {
		return err
	}
	base := listBase(c)
	v.Owner = true
	v.Back = "/play/" + c.Param("token")
	v.KeyURL = baseURL(c) + base
	v.Army.Base = base
	v.Row.Export = base + "/export"
	v.Row.Sheets = base + "/sheets"
	// Offered before the lock too: its page says why there is no field yet.
	v.Optimize, v.OptimizeLabel = base+"/optimize", "What should I bring?"
	p := page(c, v.Row.Name, "games")
	switch {
	case c.QueryParam("submitted") != "" && l.Submitted > 0:
		// (Opened again after a withdrawal, from the history or another tab, the address
		// still says submitted: the list's status below says what holds now.)
		p.Flash = fmt.Sprintf("Submitted version %d to the gamemaster.", l.Submitted)
	case c.QueryParam("withdrawn") != "":
		p.Flash = "Withdrawn: the gamemaster no longer counts this list."
	case c.QueryParam("opened") != "":
		p.Flash = "Opened on this device: it is listed on the game's page here from now on, and your other devices keep their links."
	case c.QueryParam("imported") != "":
		p.Flash = "Imported: see how it keeps to your side's limits below, then edit or submit it."
	case c.QueryParam("locked") != "":
		p.Flash = "The gamemaster has locked the game: the list can no longer be changed."
	}
	return render(c, http.StatusOK, views.ListPage(p, v))
}

// listEditor is the army editor on a player's list: its forms post under the list's link,
// its side and limit are the game's, and it is judged against the side's limits.
func (a *app) listEditor(c *echo.Context, g db.Game, l db.List, army *roster.Army) (views.ArmyView, error) {
	v, _, err := a.armyView(c.Request().Context(), l.Army, army)
	if err != nil {
		return v, err
	}
	lim, _ := a.sideLimits(g, l.Side)
	v.ID = l.ID
	v.Army, v.Result = a.judge(army, lim)
	v.Base = listBase(c)
	v.Fixed = a.fixedNote(g, l, lim)
	return v, nil
}

// fixedNote says what the editor cannot change on a game's list, and why.
func (a *app) fixedNote(g db.Game, l db.List, lim *roster.Limits) string {
	s := "none"
	if lim != nil {
		s = lim.Summary()
	}
	return fmt.Sprintf("%s's %s list for %s. The gamemaster's limits for the side: %s. Your own house rules do not count in a game.",
		l.Player, sideName(l.Side), g.Name, s)
}

func (a *app) editList(c *echo.Context) error {
	g, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	if g.Locked {
		return c.Redirect(http.StatusSeeOther, listBase(c)+"?locked=1")
	}
	army, err := a.listArmy(c.Request().Context(), l, l.Army.Version)
	if err != nil {
		return err
	}
	v, err := a.listEditor(c, g, l, army)
	if err != nil {
		return err
	}
	p := page(c, "Edit "+army.Name, "games")
	// The player's unsaved changes, kept as they typed, are offered as on an army's editor.
	draft, hasDraft, err := a.draftOf(c, l.Army)
	if err != nil {
		return err
	}
	if hasDraft && c.QueryParam("draft") == "resume" {
		resumed, refused, err := a.resumeDraft(l.Army, army, draft)
		if err != nil {
			return err
		}
		lim, _ := a.sideLimits(g, l.Side)
		resumed.Side, resumed.Limit = rules.Side(l.Side), 0
		if lim != nil {
			resumed.Limit = lim.Total
		}
		v.Army, v.Result = a.judge(resumed, lim)
		// A field the editor refused (typed so, or kept before its range narrowed) is left
		// empty and named, as on an army's editor.
		v.Refused, v.Result = refused.onResume(v.Result)
		v.Catalog, v.Draft = a.catalogFor(resumed), true
		p.Flash = "Resumed your unsaved changes from " + draft.Updated.Format("2 Jan 2006 15:04") + ": save to keep them."
		return render(c, http.StatusOK, views.Editor(p, v))
	}
	if hasDraft {
		v.Unsaved = unsavedAt(listBase(c), l.Army, draft)
	}
	switch {
	case c.QueryParam("discarded") != "":
		p.Flash = "Unsaved changes discarded."
	case c.QueryParam("saved") != "":
		p.Flash = "Saved as version " + strconv.Itoa(l.Army.Version) + "."
	case c.QueryParam("undone") != "":
		p.Flash = "Undone: " + changeWords(c.QueryParam("undone")) + "; back to version " + strconv.Itoa(l.Army.Version) + "."
	case c.QueryParam("redone") != "":
		p.Flash = "Redone: " + changeWords(c.QueryParam("redone")) + "; version " + strconv.Itoa(l.Army.Version) + "."
	}
	if l.Submitted > 0 && l.Submitted != l.Army.Version {
		p.Flash = strings.TrimSpace(p.Flash + fmt.Sprintf(" The gamemaster sees version %d until you submit again (the list's page).", l.Submitted))
	}
	return render(c, http.StatusOK, views.Editor(p, v))
}

// formList reads the editor's form into the list's army: the side and limit stay the
// game's.
func (a *app) formList(c *echo.Context, g db.Game, l db.List, stored *roster.Army) (*roster.Army, *roster.Limits, error) {
	form, ferr := formArmy(c)
	if form == nil {
		return nil, nil, ferr
	}
	// On a *formError the army as far as the form reads comes back too, to show it again.
	army := merge(stored, form, false)
	lim, _ := a.sideLimits(g, l.Side)
	army.Side = rules.Side(l.Side)
	army.Limit = 0
	if lim != nil {
		army.Limit = lim.Total
	}
	return army, lim, ferr
}

func (a *app) previewList(c *echo.Context) error {
	g, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	if g.Locked {
		return errGameLocked
	}
	stored, err := a.listArmy(c.Request().Context(), l, l.Army.Version)
	if err != nil {
		return err
	}
	army, lim, err := a.formList(c, g, l, stored)
	var fe *formError
	if err != nil && (!errors.As(err, &fe) || army == nil) {
		return err
	}
	// The form as typed is the player's draft, a refused field and all, as on an army's
	// editor; the browser becomes a guest owner if it is no one, so that the draft is the
	// typist's.
	who, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	a.drafts.saveList(who, l.Army.ID, l.Army.Version, draftForm(c)) // written behind the answer (drafts.go)
	shown, res := a.judge(army, lim)
	v := views.ArmyView{ID: l.ID, Army: shown, Result: res, Catalog: a.catalogFor(shown), Draft: true, Base: listBase(c)}
	if fe != nil {
		// The refusal beside the breakdown of the list without the refused field, as
		// previewArmy answers it.
		refusedPreview(c, &v, fe)
		return render(c, http.StatusOK, views.Preview(v))
	}
	return renderPreview(c, v)
}

// discardListDraft forgets the player's unsaved changes to their list.
func (a *app) discardListDraft(c *echo.Context) error {
	_, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	if err := a.drafts.discard(c.Request().Context(), ownerID(c), l.Army.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, listBase(c)+"/edit?discarded=1")
}

func (a *app) saveList(c *echo.Context) error {
	g, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	if g.Locked {
		return errGameLocked
	}
	ctx := c.Request().Context()
	stored, err := a.listArmy(ctx, l, l.Army.Version)
	if err != nil {
		return err
	}
	army, lim, err := a.formList(c, g, l, stored)
	if err != nil {
		var fe *formError
		if !errors.As(err, &fe) || army == nil {
			return err
		}
		return a.refuseList(c, g, l, army, http.StatusUnprocessableEntity, fe.words(army))
	}
	base, bad, ok := formBase(c, "list", l.Army.Version)
	if !ok {
		return a.refuseList(c, g, l, army, http.StatusConflict, bad)
	}
	if err := roster.CheckBounds(army); err != nil {
		return a.refuseList(c, g, l, army, http.StatusUnprocessableEntity, boundsWords(err))
	}
	note, focus, err := applyAction(a.catalogFor(army), army, c.FormValue("action"), c.FormValue("add"))
	if err != nil {
		// A button that names no unit, or nothing to add: the form as typed, with why.
		typed, _, _ := a.formList(c, g, l, stored)
		return a.refuseList(c, g, l, typed, http.StatusBadRequest, err.Error())
	}
	if army.Units == nil {
		army.Units = []roster.Unit{}
	}
	if err := roster.CheckBounds(army); err != nil {
		// The button pressed went past a bound (a 201st unit): the form as typed, before it.
		typed, _, _ := a.formList(c, g, l, stored)
		return a.refuseList(c, g, l, typed, http.StatusUnprocessableEntity, boundsWords(err))
	}
	file, err := army.YAML()
	if err != nil {
		return fmt.Errorf("web: unable to write the army file: %w", err)
	}
	shown, res := a.judge(army, lim)
	if _, err := a.store.SaveList(ctx, l.ID, base, file, metaOf(shown, res), note); err != nil {
		if errors.Is(err, db.ErrLocked) {
			return errGameLocked
		}
		if msg := staleForm(err, "list"); msg != "" {
			// The form as typed, on the latest version: saving it again is the player's choice.
			if g, l, err = a.ownListOf(c); err != nil {
				return err
			}
			if stored, err = a.listArmy(ctx, l, l.Army.Version); err != nil {
				return err
			}
			typed, _, _ := a.formList(c, g, l, stored)
			return a.refuseList(c, g, l, typed, http.StatusConflict, msg)
		}
		return err
	}
	if err := a.drafts.discard(ctx, ownerID(c), l.Army.ID); err != nil {
		a.log.Warn("editor: saved list draft not forgotten", "list", l.ID, "err", err)
	}
	return editorDone(c, listBase(c)+"/edit?saved=1", focus)
}

// refuseList shows a game list's editor again on the list as the player typed it, marked
// not saved, with why (as refuseArmyForm does for an army).
func (a *app) refuseList(c *echo.Context, g db.Game, l db.List, typed *roster.Army, status int, msg string) error {
	v, err := a.listEditor(c, g, l, typed)
	if err != nil {
		return err
	}
	v.Draft = true
	v.Message = "Not saved: " + msg
	return renderRefused(c, status, views.Editor(page(c, "Edit "+typed.Name, "games"), v))
}

func (a *app) undoList(c *echo.Context) error { return a.moveList(c, true) }
func (a *app) redoList(c *echo.Context) error { return a.moveList(c, false) }

func (a *app) moveList(c *echo.Context, undo bool) error {
	_, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	what, done, q := "undo", "undone", "?undone=1"
	if !undo {
		what, done, q = "redo", "redone", "?redone=1"
	}
	base, ok := postedBase(c, "version")
	if !ok {
		return echo.NewHTTPError(http.StatusBadRequest, notOnAVersion(done, "list", c.FormValue("version")))
	}
	// What is undone is the head's change; what is redone, the new head's: the flash says
	// it, as the army editor's does.
	from, _ := a.store.GameArmyVersion(ctx, l.GameID, l.Army.ID, l.Army.Version)
	var to db.List
	if undo {
		to, err = a.store.UndoList(ctx, l.ID, base)
	} else {
		to, err = a.store.RedoList(ctx, l.ID, base)
	}
	switch {
	case errors.Is(err, db.ErrLocked):
		return errGameLocked
	case staleChange(err, "list", done) != "":
		return echo.NewHTTPError(http.StatusConflict, staleChange(err, "list", done))
	case errors.Is(err, db.ErrNotFound):
		return echo.NewHTTPError(http.StatusConflict, "There is nothing to "+what+".")
	case err != nil:
		return err
	}
	if undo && from.Note != "" {
		q = "?undone=" + url.QueryEscape(from.Note)
	} else if !undo {
		if redone, err := a.store.GameArmyVersion(ctx, l.GameID, to.Army.ID, to.Army.Version); err == nil && redone.Note != "" {
			q = "?redone=" + url.QueryEscape(redone.Note)
		}
	}
	return c.Redirect(http.StatusSeeOther, listBase(c)+"/edit"+q)
}

func (a *app) submitList(c *echo.Context) error   { return a.submission(c, true) }
func (a *app) withdrawList(c *echo.Context) error { return a.submission(c, false) }

// submission submits the list as it stands (a list that breaks the limits is submitted
// too, and shown to the gamemaster as invalid, with why), or withdraws it.
func (a *app) submission(c *echo.Context, submit bool) error {
	_, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	q := "?submitted=1"
	if submit {
		_, err = a.store.Submit(ctx, l.ID)
	} else {
		_, err = a.store.Withdraw(ctx, l.ID)
		q = "?withdrawn=1"
	}
	if errors.Is(err, db.ErrLocked) {
		return errGameLocked
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, listBase(c)+q)
}

func (a *app) exportList(c *echo.Context) error {
	_, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	army, err := a.listArmy(c.Request().Context(), l, l.Army.Version)
	if err != nil {
		return err
	}
	return a.sendFile(c, army, c.QueryParam("format"), true)
}

func (a *app) listSheets(c *echo.Context) error {
	g, l, err := a.ownListOf(c)
	if err != nil {
		return err
	}
	return a.sendListSheets(c, g, l, l.Army.Version)
}

// viewList shows another player's submitted list, once the game is locked.
func (a *app) viewList(c *echo.Context) error {
	g, err := a.playGameOf(c)
	if err != nil {
		return err
	}
	if !g.Locked {
		return errListsHidden
	}
	id := c.Param("id")
	if !validID(id) {
		return errNoList
	}
	l, err := a.store.GameList(c.Request().Context(), g.ID, id)
	if errors.Is(err, db.ErrNotFound) || err == nil && l.Submitted == 0 {
		return errNoList
	}
	if err != nil {
		return err
	}
	v, err := a.listView(c, g, l, l.Submitted)
	if err != nil {
		return err
	}
	v.Back = "/play/" + c.Param("token") + "#all-lists"
	return render(c, http.StatusOK, views.ListPage(page(c, v.Row.Name, "games"), v))
}
