package web

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// looks checks the page as it stands at 1280 and 360 px, light and dark: a screenshot of
// each (MUSTER_SCREENSHOTS), no serious or critical axe-core finding, and at 360 px no
// sideways scrolling. The pages after a POST cannot be reached by the accessibility test's
// GETs, so they are checked here.
func (b *browser) looks(name string) {
	b.t.Helper()
	axe, axeErr := os.ReadFile(axePath)
	for _, size := range []struct{ w, h int64 }{{1280, 900}, {360, 800}} {
		for _, theme := range []string{"light", "dark"} {
			b.do("window", chromedp.EmulateViewport(size.w, size.h))
			if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
				b.t.Fatal(err)
			}
			b.shot(fmt.Sprintf("%s-%d-%s", name, size.w, theme))
			if size.w == 360 {
				wide, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
				if err != nil {
					b.t.Fatal(err)
				}
				if wide {
					culprits, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](wideElements))
					b.t.Errorf("%s, %s: wider than a 360 px window (%s)", name, theme, culprits)
				}
			}
			if axeErr != nil {
				continue
			}
			out, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(function(){`+string(axe)+`
				return axe.run(document, {resultTypes: ["violations"]}).then(function (r) {
					return JSON.stringify(r.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; })
						.map(function (v) { return {id: v.id, impact: v.impact, help: v.help,
							nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); })}; }));
				});
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				b.t.Fatalf("axe on %s: %v", name, err)
			}
			var vs []axeViolation
			_ = json.Unmarshal([]byte(out), &vs)
			for _, v := range vs {
				b.t.Errorf("%s at %d px, %s: %s %s (%s) at %v", name, size.w, theme, v.Impact, v.ID, v.Help, v.Nodes)
			}
		}
	}
	b.do("back to a desktop window", chromedp.EmulateViewport(1280, 900))
}

// What to change and a round robin in a real browser: from a matchup's page to the ranked
// changes, one saved as a new version; then three armies all against all, a cell opening
// its matchup. Screenshots at 1280 and 360 px, light and dark.
func TestWhatToChangeAndRoundRobinInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	ids := []string{b.importArmy(base, unarmedArmy), b.importArmy(base, imperials1000), b.importArmy(base, rebel1500)}

	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+ids[0]+"&b="+ids[1]), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#compare-b"), ids[1]),
		chromedp.SetValue(css("#sim-battles"), "100"), chromedp.SetValue(css("#sim-seed"), "7"),
		chromedp.Click(css("#sim-form button[type=submit]")))
	b.waitText("h1", func(s string) bool { return strings.Contains(s, " against ") })
	b.do("what to change", chromedp.Click(css("#whatif-link")), chromedp.WaitVisible(css("#whatif-form")))
	b.looks("whatif-form")
	b.do("play the what-if", chromedp.SetValue(css("#whatif-battles"), "200"),
		chromedp.Click(css("#whatif-form button[type=submit]")))
	b.waitText("#whatif-variants-list li", func(s string) bool { return s != "" })
	// The first single change (not one spending the points another frees) arms the squad.
	at, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#whatif-variants-list li")].findIndex(li => !li.textContent.includes("with the SGPs it frees"))`))
	first, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("#whatif-variants-list li")[`+strconv.Itoa(at)+`].textContent`))
	if !strings.Contains(first, "Bare Hands: arm with ") || !strings.Contains(first, "surely better") {
		t.Errorf("first change: %q", first)
	}
	b.looks("whatif-result")
	b.do("save the best", chromedp.Click(css("#whatif-save-"+strconv.Itoa(at))))
	b.waitText("h1", func(s string) bool { return strings.Contains(b.location(), "/armies/"+ids[0]) })
	body, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.textContent`))
	if !strings.Contains(body, "what to change: Bare Hands: arm with") {
		t.Errorf("the army page does not show the saved change in its history")
	}

	b.do("round robin", chromedp.Navigate(base+"/sim"), chromedp.Click(css("#roundrobin-link")), chromedp.WaitVisible(css("#rr-form")))
	b.do("tick three", chromedp.Click(css("#rr-army-0")), chromedp.Click(css("#rr-army-1")), chromedp.Click(css("#rr-army-2")),
		chromedp.SetValue(css("#rr-battles"), "60"), chromedp.SetValue(css("#rr-seed"), "11"))
	b.looks("roundrobin-form")
	b.do("play", chromedp.Click(css("#rr-form button[type=submit]")))
	b.waitText("#rr-matrix", func(s string) bool { return strings.Contains(s, "%") })
	b.looks("roundrobin-result")
	b.do("open a cell", chromedp.Click(css("#rr-matrix tbody tr:first-child td a")))
	b.waitText("h1", func(s string) bool {
		return strings.Contains(s, " against ") && strings.Contains(b.location(), "/sims/")
	})
}
