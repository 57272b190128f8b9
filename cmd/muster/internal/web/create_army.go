package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/web/form"
	"muster/db"
	"muster/roster"
	"muster/rules"
	"muster/views"
)

func (a *app) createArmy(c *echo.Context) error {
	req := form.NewArmy{Name: strings.TrimSpace(c.FormValue("name")), Side: c.FormValue("side"), Limit: strings.TrimSpace(c.FormValue("limit"))}
	nf := views.NewArmyForm{Name: req.Name, Side: req.Side, Limit: req.Limit, System: c.FormValue("system"), Errors: req.Check()}
	refuse := func() error {
		return render(c, http.StatusUnprocessableEntity, views.NewArmy(page(c, "New army", "new"), systemChoices(), nf, views.ImportForm{Book: a.bookChoices()}))
	}
	if len(nf.Errors) > 0 {
		return refuse()
	}
	limit, _ := strconv.Atoi(req.Limit) // digits only, at most 7 of them (checked above)
	if sys := c.FormValue("system"); sys != "" && sys != "swmb" {
		// The other game's own bounds (a d20 squad's limit is 1 to 10000) come back as its
		// reader's words, on the form as typed.
		err := a.createOther(c, sys, req.Name, req.Side, limit)
		var fe *fileError
		if errors.As(err, &fe) {
			field := "name"
			if strings.HasPrefix(fe.msg, "limit") {
				field = "limit"
			}
			nf.Errors[field] = "Not created: " + fe.msg + "."
			return refuse()
		}
		return err
	}
	if limit > roster.MaxLimitTotal {
		nf.Errors["limit"] = fmt.Sprintf("The limit is at most %d Squad Generation Points, or empty for none.", roster.MaxLimitTotal)
		return refuse()
	}
	army := &roster.Army{Format: 1, System: "swmb", Name: req.Name, Side: rules.Side(req.Side), Limit: limit, Units: []roster.Unit{}}
	rec, _, err := a.save(c, "", db.AnyVersion, army, "created")
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/armies/"+rec.ID+"/edit")
}
