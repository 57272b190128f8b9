package web

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"muster/cmd/muster/internal/testkit"
)

// navState is the header as a phone shows it: its height, the Menu button's state and
// whether the links show.
const navState = `(function(){
	var head = document.querySelector("header.top"), btn = document.querySelector("header.top .nav-toggle");
	var nav = document.querySelector("header.top nav");
	var links = Array.from(nav.querySelectorAll("a"));
	var shown = links.filter(function (a) { return a.getClientRects().length > 0; }).length;
	var tops = {};
	links.forEach(function (a) { tops[Math.round(a.getBoundingClientRect().top)] = true; });
	var at = document.activeElement;
	return JSON.stringify({height: head.getBoundingClientRect().height,
		button: !!btn && btn.getClientRects().length > 0,
		expanded: btn ? btn.getAttribute("aria-expanded") : "",
		controls: btn && btn.getAttribute("aria-controls") === nav.id && nav.id !== "",
		links: links.length, shown: shown, rows: Object.keys(tops).length,
		focus: at === btn ? "button" : nav.contains(at) ? "link" : at ? at.tagName : ""});
})()`

type navView struct {
	Height   float64
	Button   bool
	Expanded string
	Controls bool
	Links    int
	Shown    int
	Rows     int
	Focus    string
}

// On a phone (360 x 740) the header's links took about 160 px: they fold behind a Menu
// button, which says whether they show (aria-expanded), opens them from the keyboard, and
// closes on Escape with the focus back on it; axe-core finds nothing serious, folded or
// open, light or dark. Without script the links show. At 1280 px the header is as it was:
// no button, every link on one line.
func TestTheNavFoldsOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	console := testkit.WatchConsole(t, ctx)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	state := func(b *browser) navView {
		t.Helper()
		return evalJSON[navView](b.t, b.ctx, navState)
	}
	axe, _ := os.ReadFile(axePath)
	checkAxe := func(what string) {
		t.Helper()
		if len(axe) == 0 {
			return
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){`+string(axe)+`
			return axe.run(document, {resultTypes: ["violations"]}).then(function (r) {
				return JSON.stringify(r.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; })
					.map(function (v) { return {id: v.id, impact: v.impact, help: v.help,
						nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); })}; }));
			});
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("axe, %s: %v", what, err)
		}
		var vs []axeViolation
		if err := json.Unmarshal([]byte(out), &vs); err != nil {
			t.Fatal(err)
		}
		for _, v := range vs {
			t.Errorf("%s: %s %s (%s) at %v", what, v.Impact, v.ID, v.Help, v.Nodes)
		}
	}
	theme := func(th string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+th+`"), true`)); err != nil {
			t.Fatal(err)
		}
	}

	b.do("a phone", chromedp.EmulateViewport(360, 740), chromedp.Navigate(base+"/catalogue"), chromedp.WaitVisible(css("main")))
	for _, th := range []string{"light", "dark"} {
		theme(th)
		s := state(b)
		if !s.Button || s.Expanded != "false" || !s.Controls || s.Shown != 0 || s.Height > 64 {
			t.Errorf("%s, folded: %+v, want a Menu button (aria-expanded false, controlling the nav), no link showing, the header at most 64 px", th, s)
		}
		checkAxe("the phone's header folded, " + th)
		viewShot(t, ctx, "nav-360-folded-"+th)
	}
	b.do("open the menu from the keyboard", chromedp.Focus(css("header.top .nav-toggle")), chromedp.KeyEvent(kb.Enter))
	s := state(b)
	if s.Expanded != "true" || s.Shown != s.Links || s.Links < 8 {
		t.Fatalf("Enter on the Menu button: %+v, want it expanded and every link showing", s)
	}
	for _, th := range []string{"light", "dark"} {
		theme(th)
		checkAxe("the phone's header open, " + th)
		viewShot(t, ctx, "nav-360-open-"+th)
	}
	b.do("Tab into the links", chromedp.KeyEvent(kb.Tab))
	if s := state(b); s.Focus != "link" {
		t.Errorf("Tab from the open Menu button: the focus is on %s, want the first link", s.Focus)
	}
	b.do("Escape closes", chromedp.KeyEvent(kb.Escape))
	if s := state(b); s.Expanded != "false" || s.Shown != 0 || s.Focus != "button" {
		t.Errorf("Escape in the open menu: %+v, want it folded and the focus on the Menu button", s)
	}
	b.do("open with a tap", chromedp.Click(css("header.top .nav-toggle")))
	b.do("follow a link", chromedp.Click(css(`header.top nav a[href="/odds"]`)), chromedp.WaitVisible(css("main h1")))
	if loc := b.location(); !strings.HasSuffix(loc, "/odds") {
		t.Errorf("the Odds link in the open menu led to %s", loc)
	}

	// The editor on a phone: its status bar pinned over the top, the header under it.
	id := b.importArmy(base, mixed)
	b.do("the editor on a phone", chromedp.EmulateViewport(360, 740), chromedp.Navigate(base+"/armies/"+id+"/edit"), chromedp.WaitVisible(css("#army-form")))
	if s := state(b); !s.Button || s.Shown != 0 || s.Height > 64 {
		t.Errorf("the editor on a phone: %+v, want the links folded", s)
	}
	viewShot(t, ctx, "nav-360-editor-folded")
	b.do("open the menu in the editor", chromedp.Click(css("header.top .nav-toggle")))
	viewShot(t, ctx, "nav-360-editor-open")

	b.do("a laptop", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+"/catalogue"), chromedp.WaitVisible(css("main")))
	if s := state(b); s.Button || s.Shown != s.Links || s.Rows != 1 {
		t.Errorf("at 1280 px: %+v, want no Menu button and every link showing on one line", s)
	}
	viewShot(t, ctx, "nav-1280")

	// Without script the links show on a phone: the button is not offered.
	other, cancel := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(other, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	noscript := &browser{t: t, ctx: other}
	noscript.do("a phone without script", chromedp.EmulateViewport(360, 740),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			return err
		}),
		chromedp.Navigate(base+"/catalogue"), chromedp.WaitVisible(css("main")))
	// The page's own script is off; the test's probe still runs (the protocol's evaluation).
	if s := state(noscript); s.Button || s.Shown != s.Links {
		t.Errorf("a phone without script: %+v, want no Menu button and every link showing", s)
	}
	for _, l := range console.Take() {
		t.Errorf("the console says %s", l)
	}
}

// viewShot saves what the window shows (not the whole page) when MUSTER_SCREENSHOTS names a
// folder.
func viewShot(t *testing.T, ctx context.Context, name string) {
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Log(err)
	}
}
