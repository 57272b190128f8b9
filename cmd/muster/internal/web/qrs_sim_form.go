package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/qrs/solo"
	"muster/views"
)

func (a *app) qrsSimForm(c *echo.Context) error {
	f := views.QRSNewForm{Counters: [views.QRSCounterFields]string{solo.Corner, solo.Cover, solo.Open}}
	for _, p := range qrsPoolProfiles {
		f.Pool = append(f.Pool, p.Suggest)
	}
	f.Rows[0] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Hero", Count: "1"}
	f.Rows[1] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Trooper", Count: "3"}
	v := views.QRSSimPage{Setup: qrsSetupList(f, ""), Sight: "1", Objective: "0", MaxTurns: "12", Battles: "1000"}
	var err error
	if v.Setup.Armies, err = a.qrsSavedArmies(c); err != nil {
		return err
	}
	p := page(c, "Skirmish quick-resolve", "qrs")
	if c.QueryParam("cancelled") != "" {
		p.Flash = "Quick-resolve cancelled: nothing was saved."
	}
	return render(c, http.StatusOK, views.QRSSim(p, v))
}
