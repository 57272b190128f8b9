package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A matchup from the browser: choose two saved armies, play 4000 battles, watch the progress
// bar move (static/sim.js following the server-sent events, under the CSP), and land on the
// saved result with its pictures.
func TestMatchupInChromium(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, base+"/sim", 1400, 1000)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	// The browser imports both armies: they are its guest owner's, so its pickers offer them.
	ids := []string{b.importArmy(base, rebel1500), b.importArmy(base, imperial1500)}
	b.do("back to the matchup page", chromedp.Navigate(base+"/sim"))
	b.do("fill in the matchup",
		chromedp.WaitVisible(css("#sim-form")),
		chromedp.SetValue(css("#compare-a"), ids[0]),
		chromedp.SetValue(css("#compare-b"), ids[1]),
		chromedp.SetValue(css("#sim-battles"), "4000"),
	)
	b.shot("sim-form")
	b.do("play", chromedp.Click(css("#sim-form button[type=submit]")), chromedp.WaitVisible(css("#sim-progress")))
	b.shot("sim-running")
	deadline := time.Now().Add(testkit.Backstop)
	for !strings.Contains(b.location(), "/sims/") {
		if time.Now().After(deadline) {
			t.Fatalf("the progress page never opened the result: at %s", b.location())
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.do("the result", chromedp.WaitVisible(css("#odds-table")), chromedp.WaitVisible(css("#turns-chart")))
	b.shot("sim-result")
	if h := b.text("h1"); h != "Reference Rebel force against Reference Imperial force" {
		t.Errorf("heading %q", h)
	}
	if s := b.text("#odds-table"); !strings.Contains(s, "%") {
		t.Errorf("odds table %q", s)
	}
}
