package web

import (
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v5"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/web/form"
	"muster/views"
)

func (a *app) fairRun(c *echo.Context) error {
	posted, err := c.FormValues()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	v, err := a.fairView(c, posted.Get("scenario"), posted)
	if err != nil {
		return err
	}
	refuse := func(status int, msg string) error {
		v.Errors = append(v.Errors, msg)
		return render(c, status, views.FairPage(page(c, "Is this fair?", "sim"), v))
	}
	field, file, err := a.matchupScenario(c, posted.Get("scenario"))
	if err != nil {
		v.Scenario = fairDefaultScenario
		return refuse(http.StatusBadRequest, "Scenario: "+err.Error()+".")
	}
	req := jobs.FairRequest{Scenario: field.Scenario.ID}
	if file != nil {
		// A player's own scenario: its file goes with the request, its name as the form
		// gave it (for the form again after a cancel).
		req.Scenario, req.ScenarioFile = posted.Get("scenario"), file
	}
	for s := range 2 {
		name := field.Scenario.Sides[s].Name
		n, msg := form.Count(name+": total SGPs", v.Totals[s], 100, 10000)
		if msg != "" {
			return refuse(http.StatusBadRequest, msg)
		}
		req.Totals[s] = n
		if v.Lists[s] != "imperial" && v.Lists[s] != "rebel" {
			return refuse(http.StatusBadRequest, name+": Troop List: choose Imperial or Rebel.")
		}
		req.TroopLists[s] = v.Lists[s]
	}
	var msg string
	if req.Battles, msg = form.Count("Battles at each handicap", v.Battles, 20, views.FairMaxBattles); msg != "" {
		return refuse(http.StatusBadRequest, msg)
	}
	if req.Lists, msg = form.Count("Random lists a side", v.RandomK, 1, 5); msg != "" {
		return refuse(http.StatusBadRequest, msg)
	}
	// A form without the field (one from before strong lists) asks for none, as it did.
	if _, ok := posted["strong"]; ok {
		if req.Strong, msg = form.Count("Strong lists a side", v.Strong, 0, min(views.FairMaxStrong, req.Lists)); msg != "" {
			return refuse(http.StatusBadRequest, msg+" Each strong list starts from one of the side's random lists: at most as many.")
		}
	}
	if v.Seed == "" {
		var b [8]byte
		_, _ = crand.Read(b[:])
		req.Seed = binary.LittleEndian.Uint64(b[:]) >> 1
	} else if req.Seed, err = strconv.ParseUint(v.Seed, 10, 64); err != nil {
		return refuse(http.StatusBadRequest, "Seed: a whole number from 0 to 18446744073709551615, or empty for a new one.")
	}
	req.SeedTyped = v.Seed != ""
	title := fmt.Sprintf("Is this fair? %s, %d against %d SGPs", field.Scenario.Name, req.Totals[0], req.Totals[1])
	return a.queueFair(c, field, req, title, refuse)
}
