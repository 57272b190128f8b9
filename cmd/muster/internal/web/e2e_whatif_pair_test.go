package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"muster/cmd/muster/internal/testkit"
)

// A battle with and without a change, side by side, in a real browser: from a what-if's
// ranked changes to the pair; the arrow keys step both viewers together, each button only
// its own; on a phone each upright picture shows its own battle. Screenshots at 1280 and
// 360 px, light and dark; axe-core clean.
func TestABattleSideBySideInChromium(t *testing.T) {
	// Its browser and server are its own: it runs beside the other browser tests.
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	a, e := b.importArmy(base, unarmedArmy), b.importArmy(base, imperials1000)
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+a+"&b="+e), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#compare-b"), e),
		chromedp.SetValue(css("#sim-battles"), "40"), chromedp.SetValue(css("#sim-seed"), "7"),
		chromedp.Click(css("#sim-form button[type=submit]")))
	b.waitText("h1", func(s string) bool { return strings.Contains(s, " against ") })
	b.do("what to change", chromedp.Click(css("#whatif-link")), chromedp.WaitVisible(css("#whatif-form")),
		chromedp.SetValue(css("#whatif-battles"), "60"), chromedp.Click(css("#whatif-form button[type=submit]")))
	b.waitText("#whatif-variants-list li", func(s string) bool { return s != "" })
	b.do("side by side", chromedp.Click(css(`#whatif-variants-list a[href*="both=1"]`)),
		chromedp.WaitVisible(css("#replay-with-range")), chromedp.WaitVisible(css("#replay-without-range")))
	current := func() (string, string) {
		t.Helper()
		l, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("replay-without").getAttribute("data-current")`))
		if err != nil {
			t.Fatal(err)
		}
		r, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("replay-with").getAttribute("data-current")`))
		return l, r
	}
	if l, r := current(); l != "0" || r != "0" {
		t.Fatalf("the viewers start at phases %s and %s, want the set-up", l, r)
	}
	b.do("the arrow key", chromedp.Focus(css("#replay-back")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	if l, r := current(); l != "2" || r != "2" {
		t.Errorf("after two arrow keys the viewers show phases %s and %s, want 2 and 2", l, r)
	}
	b.do("one viewer's button", chromedp.Click(css("#replay-with-next")))
	if l, r := current(); l != "2" || r != "3" {
		t.Errorf("after the right viewer's Next the viewers show %s and %s, want 2 and 3", l, r)
	}
	b.looks("whatif-pair")
	// On a phone each upright picture draws its own battle.
	b.do("a phone", chromedp.EmulateViewport(360, 800))
	own, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`[...document.querySelectorAll(".replay-upright use")].every(function (u) {
		var root = u.closest("section.replay");
		return root && root.querySelector(u.getAttribute("href")) !== null;
	})`))
	if err != nil || !own {
		t.Errorf("an upright picture shows the other battle's drawing (%v)", err)
	}
}
