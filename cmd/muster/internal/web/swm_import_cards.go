package web

import (
	"fmt"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules/swm/army"
	"muster/rules/swm/cards"
	"muster/views"
)

// swmImportCards reads a library file (or a squad file's cards:) into the asker's library:
// all or nothing, a pack card's printed values never changed.
func (a *app) swmImportCards(c *echo.Context) error {
	data, err := readUpload(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The file could not be read: "+err.Error())
	}
	refuse := func(msg string) error {
		v, err := a.swmLibraryView(c)
		if err != nil {
			return err
		}
		v.Error = "The card library was not imported: " + msg
		if len(data) <= 64<<10 {
			v.Import = string(data)
		}
		return render(c, http.StatusUnprocessableEntity, views.SWMLibraryPage(page(c, "d20 card library", "armies"), v))
	}
	list, err := army.ReadLibrary(data)
	if err != nil {
		return refuse(err.Error())
	}
	var news []db.NewSWMCard
	for i, card := range list {
		cat, conflicts, err := cards.Builtin().Extend([]cards.Card{card})
		if err != nil {
			return refuse(err.Error())
		}
		if len(conflicts) > 0 {
			cf := conflicts[0]
			return refuse(fmt.Sprintf("cards[%d] (%s): %s %s contradicts the printed %s; correct the file", i, cf.Card, cf.Field, cf.Given, cf.Printed))
		}
		full, _ := cat.Lookup(card.Name)
		clean := *full
		clean.Sources, clean.Custom = nil, false
		body, err := storedCard(&clean)
		if err != nil {
			return err
		}
		news = append(news, db.NewSWMCard{Name: clean.Name, Key: cards.Normalize(clean.Name), Body: body})
	}
	owner, err := a.ensureOwner(c)
	if err != nil {
		return err
	}
	existing, err := a.store.SWMCards(c.Request().Context(), owner)
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, r := range existing {
		have[r.Key] = true
	}
	fresh := 0
	for _, n := range news {
		if !have[n.Key] {
			fresh++
		}
	}
	if len(existing)+fresh > db.MaxSWMCards {
		return refuse(fmt.Sprintf("your library would hold %d cards; it holds at most %d", len(existing)+fresh, db.MaxSWMCards))
	}
	added, replaced, err := a.store.ImportSWMCards(c.Request().Context(), owner, news)
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("Imported: %s added, %s replaced.", plural(added, "card", "cards"), plural(replaced, "card", "cards"))
	return c.Redirect(http.StatusSeeOther, "/swm/cards?imported="+url.QueryEscape(msg))
}
