package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"muster/cmd/muster/internal/testkit"
)

const (
	swmSalvageRebel    = "../../../../rules/swm/testdata/salvage-rebel.yaml"
	swmSalvageImperial = "../../../../rules/swm/testdata/salvage-imperial.yaml"
)

// swmQuickResolved plays a d20 quick-resolve in the browser as a player would (the Echo
// Base Salvage Mission's squads on its map, 10 battles, seed 7) and answers its result's
// address.
func (b *browser) swmQuickResolved(base string) string {
	b.t.Helper()
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	rebels, imperials := b.importArmy(base, swmSalvageRebel), b.importArmy(base, swmSalvageImperial)
	b.do("the quick-resolve's form", chromedp.Navigate(base+"/swm/quick-resolve?a="+rebels+"&b="+imperials+"&scenario=salvage&battles=10&seed=7"),
		chromedp.WaitVisible(css("#swm-battle-form")))
	b.do("play", chromedp.Click(css("#swm-battle-form button[type=submit]")), chromedp.WaitVisible(css("#swm-outcome")))
	return b.location()
}

// swmReplayStepJS reads the step on show: its index, the counter, the figures drawn on it
// (figure: square) and where the Previous and Next buttons stand.
const swmReplayStepJS = `(function(){
	var root = document.querySelector("#replay");
	var k = Number(root.getAttribute("data-current"));
	var fr = document.getElementById("replay-frame-" + k);
	var figs = [];
	fr.querySelectorAll("g.fig").forEach(function (g) { figs.push(g.getAttribute("data-fig") + "@" + g.getAttribute("data-square")); });
	var shown = Array.from(document.querySelectorAll(".replay-frame")).filter(function (f) { return !f.hidden; }).length;
	var p = document.getElementById("replay-prev").getBoundingClientRect(), n = document.getElementById("replay-next").getBoundingClientRect();
	var svg = fr.querySelector("svg").getBoundingClientRect();
	return k + "|" + shown + "|" + figs.join(",") + "|" + [p.left, p.top, n.left, n.top].map(Math.round).join(",") + "|" +
		document.getElementById("replay-now").textContent + "|" + Math.round(svg.width) + "|" +
		(document.getElementById("replay-log-" + k).classList.contains("current"));
})()`

// The d20 quick-resolve's replay in Chromium: from the result's page to a battle on the
// map, stepped with Next (the map changes, one step shows at a time, the log follows, the
// buttons stay put however long the step's name) and the arrow keys; a battle picked by
// outcome opens; axe-core finds nothing serious at 1280 and 360 px, light and dark, and the
// console stays clean.
func TestSWMReplayInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	console := testkit.WatchConsole(t, ctx)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	b.swmQuickResolved(base)
	b.do("the replay", chromedp.Click(css("#swm-replay-link")), chromedp.WaitVisible(css("#replay-next")))
	step := func() []string {
		t.Helper()
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](swmReplayStepJS))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(out, "|")
	}
	first := step()
	if first[0] != "0" || first[1] != "1" || !strings.HasPrefix(first[4], "Set-up (1 of ") || first[6] != "true" {
		t.Fatalf("the replay opens on %v, want the setup alone, its log marked", first)
	}
	if w, _ := strconv.Atoi(first[5]); w < 300 {
		t.Errorf("the map is %d px wide at 1280 px", w)
	}
	changed := false
	prev := first
	for i := 1; i <= 4; i++ {
		b.do("next", chromedp.Click(css("#replay-next")))
		now := step()
		if now[0] != strconv.Itoa(i) || now[1] != "1" || now[6] != "true" {
			t.Errorf("after %d clicks on Next the replay shows %v", i, now)
		}
		if now[3] != first[3] {
			t.Errorf("the buttons moved: %s, then %s (step %q)", first[3], now[3], now[4])
		}
		if !strings.HasPrefix(now[4], "Round ") {
			t.Errorf("step %d is called %q", i, now[4])
		}
		if now[2] != prev[2] {
			changed = true
		}
		prev = now
	}
	if !changed {
		t.Errorf("four steps on, no figure stands anywhere else: %s", prev[2])
	}
	b.do("the arrow key back", chromedp.KeyEvent(kb.ArrowLeft))
	if now := step(); now[0] != "3" {
		t.Errorf("the left arrow key went to step %s, want 3", now[0])
	}
	// Looked at on a step with moves and attacks.
	b.looks("swm-replay")
	b.do("Home", chromedp.KeyEvent(kb.Home))
	if now := step(); now[0] != "0" {
		t.Errorf("Home went to step %s", now[0])
	}
	// A battle picked by outcome opens on its own page, marked as shown.
	pick, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#replay-picks li:last-child a").getAttribute("data-battle")`))
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(pick)
	b.do("a pick", chromedp.Click(css("#replay-picks li:last-child a")))
	b.waitText(".lead", func(s string) bool { return strings.HasPrefix(s, "Battle "+strconv.Itoa(n+1)+" of 10 ") })
	// Waited for, not read once: when the pick is the battle already shown, the lead reads
	// right before the click's page has loaded, and a node read during the load is gone.
	b.waitText("#replay-picks [aria-current=page]", func(s string) bool { return strings.Contains(s, "Battle "+strconv.Itoa(n+1)+":") })
	for _, l := range console.Take() {
		t.Errorf("the console says %s", l)
	}
}
