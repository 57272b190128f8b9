package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// axePath is axe-core as npm installs it (package.json; the Makefile's npm ci).
const axePath = "../../../../node_modules/axe-core/axe.min.js"

// axeViolation is one of axe-core's findings, as much as a failure message needs.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// wideElements names the elements that reach past the window's right edge (outside the
// tables and code that scroll by themselves), for a failure message.
const wideElements = `(function () {
	var out = [], w = window.innerWidth;
	document.querySelectorAll("body *").forEach(function (e) {
		var p = e.parentElement;
		if (e.getBoundingClientRect().right > w + 1 && !(p && p.closest(".table-wrap, pre, select, svg"))) {
			out.push(e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + e.className : ""));
		}
	});
	return out.slice(0, 6).join(", ");
})()`

// Every page passes an automated accessibility check (axe-core, in Chromium) with no
// serious or critical violation, at 1280 px and at 360 px, light and dark, and at 360 px
// no page is wider than the window.
func TestEveryPageIsAccessibleInChromium(t *testing.T) {
	t.Parallel()
	axe, err := os.ReadFile(axePath)
	if err != nil {
		t.Skipf("axe-core is not installed (make assets runs npm ci): %v", err)
	}
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	console := testkit.WatchConsole(t, ctx)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }

	// What the pages show: two armies, a matchup, a share link, a game with a list, an account.
	idA := b.importArmy(base, mixed)
	idB := b.importArmy(base, rebel1500)
	idS := b.importArmy(base, swmSample) // a d20 squad (handlers_systems.go, swm_editor.go, swm_sheet.go)
	idQ := b.importArmy(base, qrsPatrol) // a skirmish quick reference army
	// A d20 quick-resolve played, for its result and its replay (issue 29).
	swmResult := strings.TrimPrefix(b.swmQuickResolved(base), base)
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+idB+"&b="+idB), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#sim-battles"), "10"), chromedp.Click(css("#sim-form button[type=submit]")))
	b.waitText("h1", func(s string) bool { return strings.Contains(s, " against ") })
	simURL := b.location()
	b.do("a matchup's share link", chromedp.WaitVisible(css("#make-share")), chromedp.Click(css("#make-share")),
		chromedp.WaitVisible(css("#share-link-0")))
	simShareURL := b.value("#share-link-0")
	b.do("a share link", chromedp.Navigate(base+"/armies/"+idA), chromedp.WaitVisible(css("#share-army")),
		chromedp.Click(css("#share-army")), chromedp.WaitVisible(css("#share-link-0")))
	shareURL := b.value("#share-link-0")
	b.do("a game", chromedp.Navigate(base+"/games/new"), chromedp.WaitVisible(css("#preset-sample-game")),
		chromedp.Click(css("#preset-sample-game")))
	b.waitValue("#limits-rebel", "total: 2000") // the preset loads the form again, filled in
	b.do("create it", chromedp.WaitVisible(css("#save-game")), chromedp.Click(css("#save-game")), chromedp.WaitVisible(css("#player-link")))
	gmURL, playerURL := b.value("#gm-link"), b.value("#player-link")
	b.do("a list", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#import-list")),
		chromedp.SendKeys(css("#import-player"), "Leia"), chromedp.SetValue(css("#import-side"), "rebel"),
		chromedp.SetValue(css("#import-text"), readFile(t, rebel1500)),
		chromedp.Click(css("#import-list-button")), chromedp.WaitVisible(css("#submit-list")))
	listURL := b.location()
	// A scenario of one's own (issue 33): a built-in copied, shared. A guest's, followed into
	// the account made below.
	b.do("a scenario", chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("#builtin-scenarios button")),
		chromedp.Click(css("#builtin-scenarios button")), chromedp.WaitVisible(css("#designer-form")))
	scenarioPath := strings.TrimPrefix(strings.Split(b.location(), "?")[0], base)
	b.do("its share link", chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("#my-scenarios button.secondary")),
		chromedp.Click(css("#my-scenarios button.secondary")), chromedp.WaitVisible(css("a.scenario-share-link")))
	scenarioShare, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("a.scenario-share-link").getAttribute("href")`))
	if err != nil {
		t.Fatal(err)
	}
	b.do("an account", chromedp.Navigate(base+"/signup"), chromedp.WaitVisible(css("#signup-form")),
		chromedp.SendKeys(css("#name"), "leia"), chromedp.SendKeys(css("#password"), "a good password"),
		chromedp.SendKeys(css("#password2"), "a good password"), chromedp.Click(css("#signup-form button[type=submit]")))
	// The sign-up posts and lands on the armies page: wait for it, or the next navigation
	// would cut the post short.
	b.waitText(".flash, h1", func(string) bool { return strings.Contains(b.location(), "welcome=1") })
	// The same account on another device starts a list there: the player page then shows
	// this browser's lists and, under them, "Your lists on other devices".
	other, cancelOther := chromedp.NewContext(ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelOther)
	// The first action opens the tab; it runs without a deadline, which would close it.
	if err := chromedp.Do(other, chromedp.Navigate(base+"/signin")); err != nil {
		t.Fatalf("another device's browser: %v", err)
	}
	phone := &browser{t: t, ctx: other}
	phone.do("sign in on another device", chromedp.Navigate(base+"/signin"), chromedp.WaitVisible(css("#signin-form")),
		chromedp.SendKeys(css("#name"), "leia"), chromedp.SendKeys(css("#password"), "a good password"),
		chromedp.Click(css("#signin-form button[type=submit]")))
	phone.waitText("header nav", func(s string) bool { return strings.Contains(s, "leia") })
	phone.do("a list on another device", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#start-list")),
		chromedp.SendKeys(css("#player"), "Leia"), chromedp.SetValue(css("#side"), "rebel"),
		chromedp.SendKeys(css("#list-name"), "Alderaan Guard"), chromedp.Click(css("#start-list-button")),
		chromedp.WaitVisible(css("#army-form")))
	b.do("the player page with both", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#other-devices-lists")))
	if got := b.text("#other-devices-lists"); !strings.Contains(got, "Alderaan Guard") {
		t.Fatalf("the player page's lists on other devices: %q", got)
	}

	// A solo game of the skirmish quick reference, after a roll of force generation.
	b.do("a solo game", chromedp.Navigate(base+"/qrs/solo"), chromedp.WaitVisible(css("#solo-start")),
		chromedp.Click(css("#solo-start")), chromedp.WaitVisible(css("#spot-roll")),
		chromedp.Click(css("#sight-1")), chromedp.Click(css("#spot-roll")))
	b.waitText("#result-h", func(s string) bool { return strings.Contains(s, "Force generation") })
	soloURL, _, _ := strings.Cut(b.location(), "#")
	// "Is this fair?" answered with a strong list a side (issue 33), small enough to be quick.
	b.do("a fairness test", chromedp.Navigate(base+"/fair"), chromedp.WaitVisible(css("#fair-strong")))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(function () {
			const f = document.getElementById("fair-strong").form;
			const set = (n, v) => { f.elements[n].value = v; };
			set("scenario", "sample-game"); set("total0", "600"); set("total1", "800");
			set("list0", "imperial"); set("list1", "rebel"); set("battles", "20"); set("lists", "1");
			set("strong", "1"); set("seed", "4");
			f.requestSubmit();
			return true;
		})()`)); err != nil {
		t.Fatalf("ask is this fair: %v", err)
	}
	b.waitText("#fair-verdict", func(string) bool { return true })
	fairURL := strings.TrimPrefix(strings.Split(b.location(), "?")[0], base)

	pages := []string{"/", "/armies/new", "/armies/" + idA, "/armies/" + idA + "/edit", "/armies/" + idA + "/delete",
		"/armies/" + idA + "/sheets", "/armies/" + idA + "/roster",
		"/catalogue", "/catalogue/weapons", "/catalogue/troops", "/compare?a=" + idA + "&b=" + idB,
		"/odds?skill=4&difficulty=10&damage=5&strength=3&firer=" + idA + ":0&target=" + idB + ":0&range=10",
		"/sim", strings.TrimPrefix(simURL, base), "/games/new", strings.TrimPrefix(gmURL, base), strings.TrimPrefix(playerURL, base),
		strings.TrimPrefix(listURL, base), strings.TrimPrefix(shareURL, base), "/account", "/signin", "/signup", "/no-such-page",
		strings.TrimPrefix(simURL, base) + "/replay", strings.TrimPrefix(simShareURL, base), // a matchup through its share link (issue 31)
		"/qrs/solo", strings.TrimPrefix(soloURL, base), "/odds?qrs-own=1&qrs-enemy=8&qrs-cover=1", "/odds?qrs-gen=1&gen-open=1&gen-corner=1&gen-officer=1", "/qrs/sim",
		strings.TrimPrefix(simURL, base) + "/whatif", strings.TrimPrefix(simURL, base) + "/whatif/replay?side=a&battle=0", "/roundrobin", strings.TrimPrefix(gmURL, base) + "/roundrobin", strings.TrimPrefix(gmURL, base) + "/rotate?which=player", // issue 14 (their results: e2e_whatif_test.go)
		"/armies/" + idS, "/armies/" + idS + "/edit", "/armies/" + idS + "/edit?as=text", "/armies/" + idS + "/sheets",
		"/armies/" + idQ, "/armies/" + idQ + "/sheets", "/swm/quick-resolve?a=" + idS + "&b=" + idS,
		"/odds?d20atk=7&d20def=23&d20dmg=20&d20hp=140", "/swm/cards", "/swm/cards/new", // the d20 card library (issue 32)
		swmResult, swmResult + "/replay?battle=1", // a d20 quick-resolve and a battle of it on the map (issue 29)
		"/scenarios", scenarioPath, scenarioShare, // the scenario designer (issue 33)
		scenarioPath + "/history", scenarioPath + "/history/1", // a scenario's versions
		"/fair", fairURL, // "Is this fair?" and its answer with strong lists (issue 33)
		"/armies/" + idA + "/optimize", strings.TrimPrefix(listURL, base) + "/optimize"} // What should I bring? (issue 34)
	// Every catalogue section, each a card per row on a phone (views/catalogue.templ).
	catalogue := []string{"/catalogue", "/catalogue/weapons", "/catalogue/troops"}
	for _, s := range []string{"grenades", "armor", "equipment", "creatures", "droids", "force", "skills", "artillery", "strikes"} {
		catalogue = append(catalogue, "/catalogue/"+s)
	}
	pages = append(pages, catalogue[3:]...)
	// Pages whose tables a phone shows whole (a card per row, table.stack): at 360 px none of
	// their tables scrolls sideways, cutting a column off.
	fitsPhone := map[string]bool{strings.TrimPrefix(simURL, base): true, "/sim": true, "/compare?a=" + idA + "&b=" + idB: true,
		"/armies/" + idS + "/edit": true}
	for _, c := range catalogue {
		fitsPhone[c] = true
	}
	replayPath := strings.TrimPrefix(simURL, base) + "/replay"
	run := `(function(){` + string(axe) + `
		return axe.run(document, {resultTypes: ["violations"]}).then(function (r) {
			return JSON.stringify(r.violations.filter(function (v) { return v.impact === "serious" || v.impact === "critical"; })
				.map(function (v) { return {id: v.id, impact: v.impact, help: v.help,
					nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" "); })}; }));
		});
	})()`
	for _, l := range console.Take() {
		t.Errorf("setting the pages up, the console says %s", l)
	}
	// Pages answered 404 on purpose: no such page, and a skirmish army's record sheets (the
	// book's sheets are Star Wars Miniatures Battles' own; the page says so).
	notFound := map[string]bool{"/no-such-page": true, "/armies/" + idQ + "/sheets": true}
	// Each look (a width and a theme) is a subtest of its own, in a tab of its own, run in
	// parallel with the others: the pages' checks are the browser's work (axe is most of
	// it), and a tab each lets two cores share it instead of one look after the other.
	root := ctx
	for _, size := range []struct{ w, h int64 }{{1280, 900}, {360, 800}} {
		for _, theme := range []string{"light", "dark"} {
			t.Run(fmt.Sprintf("%d px %s", size.w, theme), func(t *testing.T) {
				t.Parallel()
				ctx, cancel := chromedp.NewContext(root)
				t.Cleanup(cancel)
				// The first action opens the tab; it runs without a deadline, which would close it.
				if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
					t.Fatalf("a tab of its own: %v", err)
				}
				console := testkit.WatchConsole(t, ctx)
				b := &browser{t: t, ctx: ctx}
				b.do("window", chromedp.EmulateViewport(size.w, size.h))
				lookAtEveryPage(t, b, console, pages, look{w: size.w, theme: theme, base: base, run: run,
					notFound: notFound, fitsPhone: fitsPhone, replay: replayPath})
			})
		}
	}
}

// look is one width and theme of the every-page test, and what its checks need.
type look struct {
	w                   int64
	theme, base, run    string
	replay              string
	notFound, fitsPhone map[string]bool
}

// lookAtEveryPage opens each page at one look and checks it: axe, the console, and at
// 1280 px light the names of regions and headings, at 360 px light what a phone cuts off.
func lookAtEveryPage(t *testing.T, b *browser, console *testkit.Console, pages []string, lk look) {
	ctx, css := b.ctx, func(s string) chromedp.CSS { return chromedp.CSS(s) }
	for i, path := range pages {
		b.do(path, chromedp.Navigate(lk.base+path), chromedp.WaitReady(css("body")))
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+lk.theme+`"), true`)); err != nil {
			t.Fatal(err)
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](lk.run, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("axe on %s: %v", path, err)
		}
		var vs []axeViolation
		if err := json.Unmarshal([]byte(out), &vs); err != nil {
			t.Fatalf("axe on %s: %v", path, err)
		}
		for _, v := range vs {
			t.Errorf("%s at %d px, %s: %s %s (%s) at %v", path, lk.w, lk.theme, v.Impact, v.ID, v.Help, v.Nodes)
		}
		// And the console is clean: no error or warning from the page, its scripts or
		// the browser (a resource not found, a refused inline style).
		for _, l := range console.Take() {
			if lk.notFound[path] && strings.Contains(l, "404 (Not Found) "+lk.base+path) {
				continue // the page's own status
			}
			t.Errorf("%s at %d px, %s: the console says %s", path, lk.w, lk.theme, l)
		}
		pageShot(t, ctx, fmt.Sprintf("a11y-%02d-%s-%d-%s", i, shotName(path), lk.w, lk.theme))
		if path == lk.replay && lk.w == 360 && lk.theme == "dark" {
			checkSideRims(t, ctx)
		}
		if lk.w == 1280 && lk.theme == "light" {
			// A screen reader lists a page's regions by name: each scrolling table's
			// name says which table it is, and no two on a page share one.
			bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](unnamedRegions))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s: scrolling tables without a name of their own: %s", path, bad)
			}
			skips, err := chromedp.Run(ctx, chromedp.Evaluate[string](headingSkips))
			if err != nil {
				t.Fatal(err)
			}
			if skips != "" {
				t.Errorf("%s: headings out of order (a screen reader's outline of the page): %s", path, skips)
			}
		}
		if lk.w == 360 && lk.theme == "light" {
			wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
			if err != nil {
				t.Fatal(err)
			}
			if wide {
				culprits, _ := chromedp.Run(ctx, chromedp.Evaluate[string](wideElements))
				t.Errorf("%s is wider than a 360 px window: it scrolls sideways (%s)", path, culprits)
			}
			bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](narrowDefects))
			if err != nil {
				t.Fatal(err)
			}
			if bad != "" {
				t.Errorf("%s at 360 px: %s", path, bad)
			}
			// A screen reader hears a region's name: one that becomes cards here does
			// not scroll sideways, and its name does not say it does.
			claims, err := chromedp.Run(ctx, chromedp.Evaluate[string](falseScrollClaims))
			if err != nil {
				t.Fatal(err)
			}
			if claims != "" {
				t.Errorf("%s at 360 px: tables shown as cards named as scrolling sideways: %s", path, claims)
			}
			if lk.fitsPhone[path] {
				cut, err := chromedp.Run(ctx, chromedp.Evaluate[string](cutTables))
				if err != nil {
					t.Fatal(err)
				}
				if cut != "" {
					t.Errorf("%s at 360 px: tables cut at the window's edge (scroll sideways): %s", path, cut)
				}
			}
		}
	}
}

// narrowDefects says what a phone's window hides ("" when nothing): the pinned status bar
// covering the page's header when the page opens, a button past the window's right edge
// (in a table that scrolls sideways, where a player would not look for it), a multi-select
// or a name field too short for a name.
const narrowDefects = `(function(){
	var out = [], w = window.innerWidth;
	var bar = document.getElementById("totalbar"), head = document.querySelector("header.top");
	if (bar && head && getComputedStyle(bar).position === "fixed" && head.getBoundingClientRect().top < bar.getBoundingClientRect().bottom - 1) {
		out.push("the pinned status bar covers the header (" + Math.round(bar.getBoundingClientRect().bottom - head.getBoundingClientRect().top) + " px)");
	}
	document.querySelectorAll("button, .button, input[type=submit]").forEach(function (e) {
		var r = e.getBoundingClientRect();
		if (r.width > 0 && r.right > w + 1) {
			out.push("the button " + JSON.stringify(e.textContent.trim()) + " is past the right edge (" + Math.round(r.right) + " px)");
		}
	});
	// A multi-select picks several with Ctrl-click, which a phone has not: tick boxes instead.
	document.querySelectorAll("select[multiple]").forEach(function (e) {
		out.push("the multi-select " + (e.name || e.id) + " needs Ctrl-click to pick several");
	});
	// A game's or a list's name gets the form's width, not a short box that cuts it.
	document.querySelectorAll("#game-name, #list-name").forEach(function (e) {
		var r = e.getBoundingClientRect();
		if (r.width > 0 && r.width < w * 0.75) {
			out.push("the name field #" + e.id + " is " + Math.round(r.width) + " px wide, cutting a long name");
		}
	});
	return out.slice(0, 4).join("; ");
})()`

// cutTables names the tables wider than the space they have ("" when every one fits).
const cutTables = `(function(){
	var out = [];
	document.querySelectorAll(".table-wrap").forEach(function (w) {
		if (w.scrollWidth > w.clientWidth + 1) {
			out.push(JSON.stringify(w.getAttribute("aria-label") || w.className) + " (" + w.scrollWidth + " px in " + w.clientWidth + ")");
		}
	});
	return out.join(", ");
})()`

// falseScrollClaims names the regions whose name says "(scrolls sideways)" around a table
// that a phone shows as cards (table.stack), where nothing scrolls ("" when none).
const falseScrollClaims = `(function(){
	var out = [];
	document.querySelectorAll(".table-wrap[aria-label*='scrolls sideways']").forEach(function (w) {
		if (w.querySelector("table.stack")) { out.push(JSON.stringify(w.getAttribute("aria-label"))); }
	});
	return out.join(", ");
})()`

// sideRims is, per side of the replay's map (the "(South)" of "Victor (South): standing"),
// the rims its figures wear: a hero's gold rim left out, each other as "colour width".
const sideRims = `(function(){
	var rims = {};
	document.querySelectorAll(".replay-svg g.fig > title + :is(circle, ellipse)").forEach(function (c) {
		if (c.getAttribute("stroke") === "#eab308") { return; }
		var m = /\(([^)]+)\):/.exec(c.parentNode.querySelector("title").textContent);
		var st = getComputedStyle(c), side = m ? m[1] : "?";
		(rims[side] = rims[side] || {})[st.stroke + " " + st.strokeWidth] = true;
	});
	return JSON.stringify(rims);
})()`

// On the replay's map the two sides differ by more than their colours (dark blues and dark
// reds look alike on a phone, and on a dark page): every figure of a side wears its side's
// rim, one rim a side, the two rims differ and are thicker than the drawing's 0.08" outline.
func checkSideRims(t *testing.T, ctx context.Context) {
	t.Helper()
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](sideRims))
	if err != nil {
		t.Fatal(err)
	}
	var rims map[string]map[string]bool
	if err := json.Unmarshal([]byte(out), &rims); err != nil {
		t.Fatal(err)
	}
	if len(rims) != 2 {
		t.Fatalf("the replay's figures by side: %s, want two sides", out)
	}
	seen := map[string]string{}
	for side, rs := range rims {
		if len(rs) != 1 {
			t.Errorf("the replay's %s figures wear %d different rims (%s): a side's figures should share one", side, len(rs), out)
		}
		for r := range rs {
			var colour string
			var width float64
			if i := strings.LastIndex(r, " "); i > 0 {
				colour = r[:i]
				width, _ = strconv.ParseFloat(strings.TrimSuffix(r[i+1:], "px"), 64)
			}
			if width < 0.15 {
				t.Errorf("the replay's %s figures' rim is %q: thinner than 0.15\" it does not tell the side", side, r)
			}
			if other, ok := seen[colour]; ok {
				t.Errorf("the replay's %s and %s figures wear the same rim (%s)", other, side, colour)
			}
			seen[colour] = side
		}
	}
}

// headingSkips lists the headings that skip a level (an h3 straight after an h1) or a page
// that does not start with one h1 ("" when the outline is in order).
const headingSkips = `(function(){
	var out = [], last = 0, h1s = 0;
	document.querySelectorAll("h1, h2, h3, h4, h5, h6").forEach(function (h) {
		var n = +h.tagName[1];
		if (n === 1) { h1s++; }
		if (n > last + 1) { out.push(h.tagName.toLowerCase() + " " + JSON.stringify(h.textContent.trim().slice(0, 40)) + " after h" + last); }
		last = n;
	});
	if (h1s !== 1) { out.push(h1s + " h1 headings"); }
	return out.slice(0, 4).join("; ");
})()`

// unnamedRegions lists the scrolling tables' region names that say only "Table" or that
// another region of the page also has ("" when there are none).
const unnamedRegions = `(function(){
	var seen = {}, bad = [];
	document.querySelectorAll(".table-wrap[role=region]").forEach(function (r) {
		var n = r.getAttribute("aria-label") || "";
		if (n === "" || /^Table\b/.test(n) || seen[n]) { bad.push(JSON.stringify(n)); }
		seen[n] = true;
	});
	return bad.join(", ");
})()`

// pageShot saves the whole page, top to bottom, when MUSTER_SCREENSHOTS names a folder, for
// looking at every page at each width and theme: a defect below the first screenful (a
// table cut off, a button wrapping badly) shows too. The page's number in the list keeps
// pages whose paths differ only by ids (three armies' pages) from overwriting each other.
func pageShot(t *testing.T, ctx context.Context, name string) {
	shot(t, ctx, name, chromedp.FullScreenshot(100))
}

// elemShot saves a screenshot of one element (under MUSTER_SCREENSHOTS), for a look at a
// part of a long page.
func elemShot(t *testing.T, ctx context.Context, sel, name string) {
	shot(t, ctx, name, chromedp.Screenshot(chromedp.CSS(sel)))
}

func shot(t *testing.T, ctx context.Context, name string, take chromedp.Action[[]byte]) {
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, take)
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Log(err)
	}
}

// shotName makes a page's path a file name: "/armies/x/edit" -> "armies-edit" (ids dropped).
func shotName(path string) string {
	path, _, _ = strings.Cut(path, "?")
	var parts []string
	for _, p := range strings.Split(path, "/") {
		if p != "" && len(p) < 16 {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return "home"
	}
	return strings.Join(parts, "-")
}
