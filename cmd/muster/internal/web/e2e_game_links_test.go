package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A game's quick-resolve and round robin, asked on one browser, seen in Chromium by the same
// account signed in on another, which holds no key to the game's sealed links
// (link_seal.go): the progress page, once its script hears the matchup is done, says where
// the result is instead of following a link it does not have; the round robin shows its
// matrix without links or form. Both pass axe at 1280 and 360 px, light and dark, with a
// clean console.
func TestGameResultsOnAnotherBrowserInChromium(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t) // its Go browser is signed in as "tester"
	gm, player := ts.chakton("")
	_, lukeID := ts.importGameList(player, "rebel", "Luke", unarmedArmy, true)
	_, vaderID := ts.importGameList(player, "imperial", "Vader", imperials1000, true)
	q := ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {lukeID}, "b": {vaderID}, "scenario": {"open-field"}, "battles": {"20"}})
	wantStatus(t, "resolve", q, http.StatusSeeOther)
	run := q.header.Get("Location")
	waitResult(t, ts, run)
	q = ts.postForm("/gm/"+gm+"/roundrobin", url.Values{"army": {lukeID, vaderID}, "battles": {"10"}, "scenario": {"open-field"}, "seed": {"2"}})
	wantStatus(t, "round robin", q, http.StatusSeeOther)
	rrRun := q.header.Get("Location")
	waitResult(t, ts, rrRun)

	base := ts.srv.URL
	ctx := testkit.StartChromium(t, base+"/signin", 1280, 900)
	console := testkit.WatchConsole(t, ctx)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	b.do("sign in on another browser", chromedp.WaitVisible(css("#signin-form")),
		chromedp.SendKeys(css("#name"), "tester"), chromedp.SendKeys(css("#password"), "password-tester"),
		chromedp.Click(css("#signin-form button[type=submit]")))
	b.waitText("header nav", func(s string) bool { return strings.Contains(s, "tester") })

	b.do("the quick-resolve's progress page", chromedp.Navigate(base+run), chromedp.WaitVisible(css("#sim-run")))
	got := b.waitText("[data-sim-label]", func(s string) bool { return strings.Contains(s, "kept with the game") })
	if !strings.Contains(got, "open the game from the link you were given") {
		t.Errorf("the finished quick-resolve says %q", got)
	}
	if loc := b.location(); !strings.HasSuffix(loc, run) {
		t.Errorf("the page went on to %q", loc)
	}
	b.looks("game-result-elsewhere")

	b.do("the round robin", chromedp.Navigate(base+"/roundrobin/"+strings.TrimPrefix(rrRun, "/sim/run/")), chromedp.WaitVisible(css("main h1")))
	if got := b.text("main"); !strings.Contains(got, "This browser cannot lead you back into the game") || strings.Contains(got, gm) {
		t.Errorf("the round robin on another browser: %q", got)
	}
	b.looks("game-round-robin-elsewhere")
	for _, l := range console.Take() {
		t.Errorf("the console says %s", l)
	}
}
