package web

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"muster/rules/qrs/solo"
	"muster/views"
)

func (a *app) qrsSoloHome(c *echo.Context) error {
	f := views.QRSNewForm{Counters: [views.QRSCounterFields]string{solo.Corner, solo.Cover, solo.Open}}
	for _, p := range qrsPoolProfiles {
		f.Pool = append(f.Pool, p.Suggest)
	}
	f.Rows[0] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Hero", Count: "1"}
	f.Rows[1] = views.QRSGroupRow{Group: "Red Team", Profile: "Rebel Trooper", Count: "3"}
	return a.renderSoloHome(c, http.StatusOK, f, "")
}
