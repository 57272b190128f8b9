package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/swm"
	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/rules/swm/check"
	"muster/rules/system"
	"muster/views"
)

// The d20 card library (issue 32): a player's own stat cards, entered once from the
// physical cards in a form and used by every squad of theirs. Only the owner reaches a
// card (another owner's is not found); a card's share link shows it read-only and lets
// anyone copy it into their own library.

var errNoCard = echo.NewHTTPError(http.StatusNotFound, "There is no such card in your library. It may have been deleted, or the link is mistyped.")

func (a *app) swmCardRoutes(e *echo.Echo) {
	e.GET("/swm/cards", a.swmLibraryPage)
	e.GET("/swm/cards/new", a.swmNewCard)
	e.POST("/swm/cards", a.swmCreateCard)
	e.GET("/swm/cards/export", a.swmExportCards)
	e.POST("/swm/cards/import", a.swmImportCards)
	e.GET("/swm/cards/:id", a.swmEditCard)
	e.POST("/swm/cards/:id", a.swmSaveCard)
	e.GET("/swm/cards/:id/delete", a.swmConfirmDeleteCard)
	e.POST("/swm/cards/:id/delete", a.swmDeleteCard)
	e.POST("/swm/cards/:id/share", a.swmShareCard)
	e.POST("/swm/cards/:id/unshare", a.swmUnshareCard)
	e.GET("/swm/squads/:id/export", a.swmExportSquad)
	e.GET("/swm/card-share/:token", a.swmSharedCard)
	e.POST("/swm/card-share/:token/copy", a.swmCopySharedCard)
}

// libraryCard is a stored card read back.
type libraryCard struct {
	rec  db.SWMCard
	card cards.Card
	err  error // the stored card no longer reads
}

func readStoredCard(rec db.SWMCard) libraryCard {
	var card cards.Card
	if err := json.Unmarshal(rec.Body, &card); err != nil {
		return libraryCard{rec: rec, err: fmt.Errorf("the stored card does not read: %w", err)}
	}
	card.AbilitiesComplete = card.AbilitiesComplete || card.Abilities != nil
	return libraryCard{rec: rec, card: card}
}

// storedCard is a card as the store keeps it: the engine's card as JSON (read on every page
// of a squad, so JSON, which reads in a tenth of the time YAML does; the export is YAML).
func storedCard(c *cards.Card) ([]byte, error) {
	cp := *c
	cp.Sources, cp.Custom = nil, false
	return json.Marshal(&cp)
}

// swmLibraryCards reads owner's library; of two cards of one name (a guest's merged into an
// account) the newer is first and the older marked.
func (a *app) swmLibraryCards(ctx context.Context, owner string) ([]libraryCard, error) {
	recs, err := a.store.SWMCards(ctx, owner)
	if err != nil {
		return nil, err
	}
	out := make([]libraryCard, 0, len(recs))
	for _, r := range recs {
		out = append(out, readStoredCard(r))
	}
	return out, nil
}

// swmLibrary is owner's library as a squad uses it: each name once (the newest), cards that
// no longer read left out (the library page says which).
func (a *app) swmLibrary(ctx context.Context, owner string) ([]cards.Card, error) {
	if owner == "" {
		return nil, nil
	}
	list, err := a.swmLibraryCards(ctx, owner)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []cards.Card
	for _, lc := range list {
		if lc.err != nil || seen[lc.rec.Key] {
			continue
		}
		seen[lc.rec.Key] = true
		out = append(out, lc.card)
	}
	return out, nil
}

// evaluateOwned costs and checks a file as its system does; a d20 squad with the asker's
// card library.
func (a *app) evaluateOwned(c *echo.Context, sys system.System, file []byte) (*system.Report, error) {
	if sys.ID() != swm.ID {
		return sys.Evaluate(file)
	}
	lib, err := a.swmLibrary(c.Request().Context(), ownerID(c))
	if err != nil {
		return nil, err
	}
	return swm.EvaluateWith(file, lib)
}

func (a *app) swmLibraryView(c *echo.Context) (views.SWMLibraryView, error) {
	list, err := a.swmLibraryCards(c.Request().Context(), ownerID(c))
	if err != nil {
		return views.SWMLibraryView{}, err
	}
	var v views.SWMLibraryView
	var lib []cards.Card
	mine := map[string]string{}
	for _, lc := range list {
		row := views.SWMLibraryRow{ID: lc.rec.ID, Name: lc.rec.Name, Share: lc.rec.Share}
		_, row.FromPack = cards.Builtin().Lookup(lc.rec.Name)
		switch {
		case lc.err != nil:
			row.Problem = lc.err.Error()
		case mine[lc.rec.Key] != "":
			row.Duplicate = true
		default:
			mine[lc.rec.Key] = lc.rec.ID
			lib = append(lib, lc.card)
		}
		if lc.err == nil {
			row.Faction = lc.card.Faction
			if n, ok := lc.card.StatValue("cost"); ok {
				row.Cost = strconv.Itoa(n)
			}
		}
		v.Cards = append(v.Cards, row)
	}
	// Each card as a squad would field it: the pack's, completed by the library.
	cat, _, err := cards.Builtin().Extend(lib)
	if err != nil {
		cat = cards.Builtin()
	}
	for i := range v.Cards {
		r := &v.Cards[i]
		if r.Problem == "" && !r.Duplicate {
			if card, ok := cat.Lookup(r.Name); ok {
				r.Blanks = card.Blanks()
				if r.Faction == "" {
					r.Faction = card.Faction
				}
				if r.Cost == "" && card.Cost != nil {
					r.Cost = strconv.Itoa(*card.Cost)
				}
			}
		}
	}
	for _, pc := range cards.Builtin().Cards() {
		card, _ := cat.Lookup(pc.Name)
		row := views.SWMPackRow{Name: pc.Name, Faction: pc.Faction, Blanks: card.Blanks(), LibraryID: mine[cards.Normalize(pc.Name)]}
		if pc.Cost != nil {
			row.Cost = strconv.Itoa(*pc.Cost)
		}
		v.Pack = append(v.Pack, row)
	}
	return v, nil
}

func formTitle(v views.SWMCardFormView) string {
	if v.Printed != nil {
		return v.Printed.Name
	}
	if v.Entry.Name != "" {
		return v.Entry.Name
	}
	return "new"
}

// squadParam is the squad the form returns to, when it is an id.
func squadParam(c *echo.Context) string {
	if s := c.QueryParam("squad"); validID(s) {
		return s
	}
	return ""
}

func cardURL(id, squad string, saved bool) string {
	u := "/swm/cards/" + id
	q := url.Values{}
	if saved {
		q.Set("saved", "1")
	}
	if squad != "" {
		q.Set("squad", squad)
	}
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	return u
}

// entryFromForm reads the card form.
func entryFromForm(c *echo.Context) (cards.Entry, error) {
	form, err := c.FormValues()
	if err != nil {
		return cards.Entry{}, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	e := cards.Entry{Name: form.Get("name"), GivenName: form.Get("given_name"), Faction: form.Get("faction"),
		Values: map[string]string{}, Numbers: map[string]string{}, Size: form.Get("size"), Unique: form.Get("unique"),
		Abilities: form["abilities"], Powers: form["powers"], Commander: form.Get("commander"), CommanderText: form.Get("commander_text"),
		RapportName: form.Get("rapport_name"), RapportAmount: form.Get("rapport_amount")}
	for _, s := range cards.Stats {
		e.Values[s.Key] = form.Get(s.Key)
	}
	for _, k := range cards.KnownAbilities {
		if k.Numbered {
			e.Numbers[k.Name] = form.Get("ability." + k.Name)
		}
	}
	for i := range cards.MaxEffects {
		p := "effect" + strconv.Itoa(i) + "."
		e.Effects = append(e.Effects, cards.EffectEntry{Stat: form.Get(p + "stat"), Bonus: form.Get(p + "bonus"),
			NameContains: form.Get(p + "name"), Range: form.Get(p + "range"), FollowersOnly: form.Get(p+"followers") != ""})
	}
	return e, nil
}

// swmStoreCard reads the form's entry into a card and saves it; a refusal shows the form
// again as typed (422), each refusal beside its field.
func (a *app) swmStoreCard(c *echo.Context, v views.SWMCardFormView) error {
	card, errs := v.Entry.Card(v.Printed, check.Faction)
	p := page(c, "Card: "+formTitle(v), "armies")
	if len(errs) > 0 {
		v.Errors = errs
		return render(c, http.StatusUnprocessableEntity, views.SWMCardForm(p, v))
	}
	body, err := storedCard(&card)
	if err != nil {
		return err
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	rec, err := a.store.SaveSWMCard(c.Request().Context(), owner, v.ID, card.Name, cards.Normalize(card.Name), body)
	switch {
	case errors.Is(err, db.ErrCardNameTaken):
		v.Errors = []cards.FieldError{{Field: "name", Msg: fmt.Sprintf("Name: your library has a card named %q already; open it from the library to change it, or give this card its full printed name", card.Name)}}
		return render(c, http.StatusUnprocessableEntity, views.SWMCardForm(p, v))
	case errors.Is(err, db.ErrLibraryFull):
		v.Errors = []cards.FieldError{{Msg: fmt.Sprintf("Your library holds %d cards, the most it may: delete one you no longer need first", db.MaxSWMCards)}}
		return render(c, http.StatusUnprocessableEntity, views.SWMCardForm(p, v))
	case errors.Is(err, db.ErrNotFound):
		return errNoCard
	case err != nil:
		return err
	}
	return c.Redirect(http.StatusSeeOther, cardURL(rec.ID, v.Squad, true))
}

// ownCard reads the asker's card of the :id parameter; another owner's is not found.
func (a *app) ownCard(c *echo.Context) (libraryCard, error) {
	id := c.Param("id")
	if !validID(id) {
		return libraryCard{}, errNoCard
	}
	rec, err := a.store.SWMCard(c.Request().Context(), ownerID(c), id)
	if errors.Is(err, db.ErrNotFound) {
		return libraryCard{}, errNoCard
	}
	if err != nil {
		return libraryCard{}, err
	}
	return readStoredCard(rec), nil
}

func plural(n int, one, many string) string { return views.Plural(n, one, many) }

// sharedCard reads the card of a live share link.
func (a *app) sharedCard(c *echo.Context) (libraryCard, error) {
	tok := c.Param("token")
	notFound := echo.NewHTTPError(http.StatusNotFound, "This card link opens nothing: it was revoked, the card deleted, or the link is mistyped.")
	if !validID(tok) {
		return libraryCard{}, notFound
	}
	rec, err := a.store.SWMCardByShare(c.Request().Context(), tok)
	if errors.Is(err, db.ErrNotFound) {
		return libraryCard{}, notFound
	}
	if err != nil {
		return libraryCard{}, err
	}
	lc := readStoredCard(rec)
	if lc.err != nil {
		return libraryCard{}, notFound
	}
	return lc, nil
}

// swmSquadBlanks lists a squad's cards that still have blanks, each with its form (the
// squad's page).
func (a *app) swmSquadBlanks(c *echo.Context, o otherArmy) ([]views.SWMSquadCard, error) {
	sq, err := army.Read(o.file)
	if err != nil {
		return nil, nil // the page says why the file does not read
	}
	sq.Library = o.lib
	costed, err := check.Evaluate(sq)
	if err != nil {
		return nil, nil
	}
	var out []views.SWMSquadCard
	seen := map[string]bool{}
	for _, u := range costed.Units {
		if u.Card == nil || seen[cards.Normalize(u.Card.Name)] {
			continue
		}
		seen[cards.Normalize(u.Card.Name)] = true
		blanks := u.Card.Blanks()
		if len(blanks) == 0 {
			continue
		}
		sc := views.SWMSquadCard{Name: u.Card.Name, Blanks: blanks}
		rec, err := a.store.SWMCardByName(c.Request().Context(), ownerID(c), cards.Normalize(u.Card.Name))
		_, pack := cards.Builtin().Lookup(u.Card.Name)
		switch {
		case err == nil:
			sc.Fill = cardURL(rec.ID, o.rec.ID, false)
		case !errors.Is(err, db.ErrNotFound):
			return nil, err
		case pack:
			sc.Fill = "/swm/cards/new?" + url.Values{"pack": {u.Card.Name}, "squad": {o.rec.ID}}.Encode()
		default:
			// A card the squad file's cards: block adds: completed in the file.
			sc.Fill = armyURL(o.rec.ID) + "/edit?as=text"
		}
		out = append(out, sc)
	}
	return out, nil
}

func armyURL(id string) string { return "/armies/" + id }

// evaluate costs and checks a file of the army's system, a d20 squad with its owner's card
// library (none through a share link).
func (o otherArmy) evaluate(file []byte) (*system.Report, error) {
	if o.sys.ID() == swm.ID && o.lib != nil {
		return swm.EvaluateWith(file, o.lib)
	}
	return o.sys.Evaluate(file)
}

// swmPlayFile is one of the asker's d20 squad files with their library's cards folded into
// its cards: block (army.WithLibrary): the squad as the asker's pages cost and play it, as
// one file for whatever reads files alone (muster swm battle, a job's worker).
func (a *app) swmPlayFile(c *echo.Context, file []byte) ([]byte, error) {
	lib, err := a.swmLibrary(c.Request().Context(), ownerID(c))
	if err != nil {
		return nil, err
	}
	return army.WithLibrary(file, lib)
}

// ownedSystem is a game system whose Evaluate reads a d20 squad with the asker's card
// library (evaluateOwned): for the pages that take a system.System (compare).
type ownedSystem struct {
	system.System
	eval func([]byte) (*system.Report, error)
}

func (o ownedSystem) Evaluate(file []byte) (*system.Report, error) { return o.eval(file) }

func (a *app) ownedSystem(c *echo.Context, sys system.System) system.System {
	return ownedSystem{System: sys, eval: func(file []byte) (*system.Report, error) { return a.evaluateOwned(c, sys, file) }}
}
