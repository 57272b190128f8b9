package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// replayKeyJS measures, with the map's frame scrolled to the top of the window (under the
// phone's pinned scrubber), whether the key starts in the window, and where it is: beside
// or under the map, not under the log.
const replayKeyJS = `(async function(){
	var root = document.querySelector("#replay");
	var k = Number(root.getAttribute("data-current"));
	var fr = document.getElementById("replay-frame-" + k);
	fr.scrollIntoView({block: "start"});
	await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
	var key = document.querySelector(".replay-legend").getBoundingClientRect();
	var log = document.querySelector(".replay-log").getBoundingClientRect();
	var svg = Array.from(fr.querySelectorAll("svg.replay-svg")).find(s => s.getClientRects().length > 0).getBoundingClientRect();
	return JSON.stringify({keyTop: key.top, keyH: key.height, logTop: log.top, logBottom: log.bottom, mapBottom: svg.bottom, mapTop: svg.top, win: window.innerHeight});
})()`

type replayKeyView struct {
	KeyTop, KeyH, LogTop, LogBottom, MapBottom, MapTop, Win float64
}

// woodsJS lists the woods areas of the frame on show (in the map as the table lies, which
// the upright map shows by reference).
const woodsJS = `(function(){
	var fr = document.getElementById("replay-frame-" + document.querySelector("#replay").getAttribute("data-current"));
	var out = [];
	fr.querySelectorAll("svg.replay-svg:not(.replay-upright) polygon").forEach(function (p) {
		var t = p.querySelector("title");
		if (t && /woods/.test(t.textContent)) out.push(t.textContent);
	});
	return JSON.stringify(out);
})()`

// The replay's key sits with the map, not under the log off-screen: with the map scrolled
// into the window, the key starts in the window too, at 1280 px and at 360 px. And woods
// look unlike open ground: each wood's area is drawn with trees on it (a pattern of its
// own in the drawing, not only a tint), in light and dark.
func TestReplayKeyIsSeenWithTheMapAndWoodsStandOut(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	console := testkit.WatchConsole(t, ctx)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	ids := []string{b.importArmy(base, rebel1500), b.importArmy(base, imperial1500)}
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+ids[0]+"&b="+ids[1]), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#sim-battles"), "10"), chromedp.SetValue(css("#sim-seed"), "7"),
		chromedp.Click(css("#sim-form button[type=submit]")))
	deadline := time.Now().Add(testkit.Backstop)
	for !strings.Contains(b.location(), "/sims/") {
		if time.Now().After(deadline) {
			t.Fatalf("the matchup never finished: at %s", b.location())
		}
		time.Sleep(100 * time.Millisecond)
	}
	simURL, _, _ := strings.Cut(b.location(), "#")
	simURL, _, _ = strings.Cut(simURL, "?")
	for _, size := range []struct{ w, h int64 }{{1280, 800}, {360, 740}} {
		b.do("the replay", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(simURL+"/replay"), chromedp.WaitVisible(css("#replay-range")))
		for _, theme := range []string{"light", "dark"} {
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
				t.Fatal(err)
			}
			var v replayKeyView
			out, err := chromedp.Run(ctx, chromedp.Evaluate[string](replayKeyJS, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(out), &v); err != nil {
				t.Fatal(err)
			}
			where := fmt.Sprintf("%d px, %s", size.w, theme)
			if v.KeyTop >= v.Win-40 {
				t.Errorf("%s: with the map in the window (%.0f..%.0f) the key starts at %.0f, out of the %.0f px window", where, v.MapTop, v.MapBottom, v.KeyTop, v.Win)
			}
			if v.KeyTop >= v.LogBottom-1 {
				t.Errorf("%s: the key (at %.0f) is under the log (%.0f..%.0f)", where, v.KeyTop, v.LogTop, v.LogBottom)
			}
			viewShot(t, ctx, fmt.Sprintf("replay-key-%d-%s", size.w, theme))
			// Woods: trees drawn on each wood, as the key says.
			woods := evalJSON[[]string](t, ctx, woodsJS)
			if len(woods) == 0 {
				t.Fatalf("%s: no woods on the map", where)
			}
			trees, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(function(){
				var fr = document.getElementById("replay-frame-" + document.querySelector("#replay").getAttribute("data-current"));
				return Array.from(fr.querySelectorAll("svg.replay-svg:not(.replay-upright) .woods-trees")).filter(g => g.querySelector("circle")).length;
			})()`))
			if err != nil || trees < len(woods) {
				t.Errorf("%s: %d woods drawn with trees of %d woods (%v)", where, trees, len(woods), err)
			}
			key, _ := chromedp.Run(ctx, chromedp.Text(css(".replay-legend")))
			if !strings.Contains(key, "woods") {
				t.Errorf("%s: the key does not say how woods are drawn: %q", where, key)
			}
		}
	}
	for _, l := range console.Take() {
		t.Errorf("the console says %s", l)
	}
}
