package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"muster/cmd/muster/internal/testkit"
)

// replayFrameJS reads the frame on show: its index, its log, the units' names (the key, in
// unit order) and every figure drawn (unit, state, where).
const replayFrameJS = `(function(){
	var root = document.querySelector("#replay");
	var k = Number(root.getAttribute("data-current"));
	var fr = document.getElementById("replay-frame-" + k);
	var figs = {};
	fr.querySelectorAll(".fig").forEach(function (g) {
		figs[g.getAttribute("data-fig")] = {unit: Number(g.getAttribute("data-unit")), state: g.getAttribute("data-state"),
			x: g.getAttribute("data-x"), y: g.getAttribute("data-y"), visible: g.getBoundingClientRect().width > 0};
	});
	var moved = [];
	fr.querySelectorAll(".move").forEach(function (m) { moved.push(Number(m.getAttribute("data-unit"))); });
	var log = document.getElementById("replay-log-" + k);
	var box = document.getElementById("replay-log");
	return JSON.stringify({k: k, hidden: fr.hidden, figs: figs, moved: moved,
		log: log.querySelector("pre").textContent, current: log.classList.contains("current"),
		logTop: log.offsetTop - box.scrollTop, atEnd: box.scrollTop + box.clientHeight >= box.scrollHeight - 1,
		boxHeight: box.clientHeight,
		units: Array.from(document.querySelectorAll(".replay-units li")).map(function (li) { return li.textContent.trim(); }),
		others: Array.from(document.querySelectorAll(".replay-frame")).filter(function (f) { return !f.hidden; }).length});
})()`

type replayFig struct {
	Unit    int
	State   string
	X, Y    string
	Visible bool
}

type replayFrame struct {
	K       int
	Hidden  bool
	Figs    map[string]replayFig
	Moved   []int
	Log     string
	Current bool
	LogTop  float64
	AtEnd   bool
	// BoxHeight is the log box's height: the log scrolled to its end shows its last phases
	// lower down.
	BoxHeight float64
	Units     []string
	Others    int
}

// casualtyLine is the log's "  Unit (Side): 2 wounded, 1 incapacitated".
var casualtyLine = regexp.MustCompile(`(?m)^\s+(.+?): (?:\d+ wounded)?(?:, )?(?:(\d+) incapacitated)?$`)

// A matchup's battle on the map, in Chromium: from the result page ("why" shown), "Watch
// battle 1" opens the replay; the arrow keys and the buttons step it phase by phase; each
// phase's frame shows alone with its log highlighted and scrolled to; figures that the log
// says were incapacitated in a phase fall (a cross) in that phase's frame, and units that
// moved are drawn elsewhere than a phase before.
func TestReplayStepsThroughABattleInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	ids := []string{b.importArmy(base, rebel1500), b.importArmy(base, imperial1500)}
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+ids[0]+"&b="+ids[1]), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#sim-battles"), "200"), chromedp.SetValue(css("#sim-seed"), "7"),
		chromedp.Click(css("#sim-form button[type=submit]")))
	deadline := time.Now().Add(testkit.Backstop)
	for !strings.Contains(b.location(), "/sims/") {
		if time.Now().After(deadline) {
			t.Fatalf("the matchup never finished: at %s", b.location())
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.do("the result", chromedp.WaitVisible(css("#why")), chromedp.WaitVisible(css("#why-chart")))
	why := b.text("#why")
	for _, want := range []string{"SGPs lost by Reference Rebel force:", "does most for its SGPs", "to fire"} {
		if !strings.Contains(why, want) {
			t.Errorf("why lacks %q:\n%s", want, why)
		}
	}
	resultURL := b.location()
	b.do("watch", chromedp.Click(css("#watch-battle")), chromedp.WaitVisible(css("#replay-range")))

	frame := func() replayFrame {
		t.Helper()
		return evalJSON[replayFrame](t, ctx, replayFrameJS)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".replay-frame").length`))
	if err != nil || n < 6 {
		t.Fatalf("%d frames (%v)", n, err)
	}
	prev := frame()
	if prev.K != 0 || prev.Others != 1 || !prev.Current {
		t.Fatalf("the replay opens on frame %d with %d frames showing (log highlighted %v), want the set-up alone", prev.K, prev.Others, prev.Current)
	}
	falls, moves := 0, 0
	// The Next button stays where it is whatever the phase label says (clicking through with
	// the mouse missed it when it moved with the label's length).
	nextX := func() float64 {
		t.Helper()
		x, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.getElementById("replay-next").getBoundingClientRect().left`))
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	x0 := nextX()
	for k := 1; k < n; k++ {
		if k%2 == 1 {
			b.do("arrow right", chromedp.KeyEvent(kb.ArrowRight))
		} else {
			b.do("next", chromedp.Click(css("#replay-next")))
		}
		if x := nextX(); x != x0 {
			t.Errorf("step %d: the Next button moved from %gpx to %gpx", k, x0, x)
		}
		f := frame()
		if f.K != k || f.Hidden || f.Others != 1 || !f.Current {
			t.Fatalf("step %d: showing frame %d (hidden %v, %d showing, log highlighted %v)", k, f.K, f.Hidden, f.Others, f.Current)
		}
		if f.LogTop < -1 || f.LogTop > 5 && !(f.AtEnd && f.LogTop < f.BoxHeight) {
			t.Errorf("frame %d: its log is %gpx from the top of the log box, not scrolled to", k, f.LogTop)
		}
		// Falls: the log's incapacitated, unit by unit, are the new crosses of the frame.
		said := map[string]int{}
		for _, m := range casualtyLine.FindAllStringSubmatch(f.Log, -1) {
			if m[2] != "" {
				c, _ := strconv.Atoi(m[2])
				said[m[1]] += c
			}
		}
		drawn := map[string]int{}
		for id, g := range f.Figs {
			if g.State == "out" && (prev.Figs[id].State != "out") {
				drawn[f.Units[g.Unit]]++
			}
		}
		if fmt.Sprint(said) != fmt.Sprint(drawn) {
			t.Errorf("frame %d: the log says incapacitated %v, the map shows %v fall\n%s", k, said, drawn, f.Log)
		}
		for _, c := range said {
			falls += c
		}
		// Moves: a unit with a move arrow stands elsewhere than before.
		for _, u := range f.Moved {
			shifted := false
			for id, g := range f.Figs {
				if g.Unit == u && g.State != "out" && (prev.Figs[id].X != g.X || prev.Figs[id].Y != g.Y) {
					shifted = true
				}
			}
			if !shifted {
				t.Errorf("frame %d: %s has a move arrow but no figure moved", k, f.Units[u])
			}
			moves++
		}
		prev = f
	}
	if falls == 0 || moves == 0 {
		t.Errorf("the battle showed %d falls and %d moves: the test saw nothing happen", falls, moves)
	}
	b.do("arrow left", chromedp.KeyEvent(kb.ArrowLeft))
	if f := frame(); f.K != n-2 {
		t.Errorf("the left arrow went to frame %d, want %d", f.K, n-2)
	}
	b.do("home", chromedp.KeyEvent(kb.Home))
	if f := frame(); f.K != 0 {
		t.Errorf("Home went to frame %d, want 0", f.K)
	}

	// Any battle on request; a battle number out of range is refused in words.
	b.do("battle 5", chromedp.Navigate(strings.Replace(resultURL, "/sims/", "/sims/", 1)+"/replay?n=5"), chromedp.WaitVisible(css("#replay-range")))
	if lead := b.text(".lead"); !strings.HasPrefix(lead, "Battle 5 of 200") {
		t.Errorf("battle 5's page says %q", lead)
	}
	b.do("battle 500", chromedp.Navigate(resultURL+"/replay?n=500"), chromedp.WaitVisible(css(".error-box")))
	if msg := b.text(".error-box"); !strings.Contains(msg, "Battle number: choose a whole number from 1 to 200") {
		t.Errorf("battle 500 is refused with %q", msg)
	}

	// Printed, every phase shows, one under another, even with the script stepping them.
	media := func(m string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: m})
			return err
		})
	}
	b.do("print", chromedp.Navigate(resultURL+"/replay"), chromedp.WaitVisible(css("#replay-range")), media("print"))
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Array.from(document.querySelectorAll(".replay-frame")).filter(function (f) { return getComputedStyle(f).display !== "none"; }).length`))
	if err != nil || shown != n {
		t.Errorf("printed, %d of %d frames show (%v)", shown, n, err)
	}
	// Two phases a printed page: a frame (caption, map, space below) at most 12.5 cm high,
	// so that two fit in Letter's 25.9 cm within Chromium's default margins (and A4's 27.7).
	// 1 cm is 96/2.54 CSS pixels.
	tallest, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`Math.max.apply(null, Array.from(document.querySelectorAll(".replay-frame")).map(function (f) { var m = parseFloat(getComputedStyle(f).marginBottom); return f.getBoundingClientRect().height + m; })) * 2.54 / 96`))
	if err != nil || tallest > 12.5 {
		t.Errorf("printed, a frame takes %.1f cm, more than half a page's 25.9 cm (%v)", tallest, err)
	}
	b.do("screen", media(""))

	// Screenshots, wide and narrow, light and dark; at 360 px nothing scrolls sideways.
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	for _, size := range []struct{ w, h int64 }{{1280, 900}, {360, 800}} {
		for _, theme := range []string{"light", "dark"} {
			for _, pg := range []struct{ name, url, wait string }{{"replay", resultURL + "/replay#replay-frame-7", "#replay-range"}, {"why", resultURL + "#why", "#why-chart"}} {
				b.do("window", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(pg.url), chromedp.WaitVisible(css(pg.wait)))
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
					t.Fatal(err)
				}
				wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
				if err != nil {
					t.Fatal(err)
				}
				if wide {
					t.Errorf("%s at %d px scrolls sideways", pg.name, size.w)
				}
				if dir != "" {
					buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
					if err == nil {
						_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d-%s.png", pg.name, size.w, theme)), buf, 0o644)
					}
				}
			}
		}
	}
}

// replayPhoneJS reads the map a phone shows for the current phase: how many maps show, the
// one showing (its class, frame, size on the screen and width in inches), and where the
// scrubber's Next button is in the window.
const replayPhoneJS = `(function(){
	var root = document.querySelector("#replay");
	var shown = Array.from(document.querySelectorAll(".replay-svg")).filter(function (s) { return s.getBoundingClientRect().width > 0; });
	var s = shown[0], r = s.getBoundingClientRect(), next = document.getElementById("replay-next").getBoundingClientRect();
	return JSON.stringify({current: Number(root.getAttribute("data-current")), shown: shown.length,
		upright: s.classList.contains("replay-upright"), frame: Number(s.getAttribute("data-frame")),
		width: r.width, height: r.height, inches: s.viewBox.baseVal.width, bottom: r.bottom,
		nextTop: next.top, nextBottom: next.bottom, window: window.innerHeight,
		log: document.querySelector(".replay-log-phase.current").getAttribute("data-frame")});
})()`

// On a phone (360 px) the replay's map stands upright, the table's long side up the
// screen: the open field's 72" by 48" table and its 2" margins are 52" across 360 px, 6.9
// px an inch, where lying as on a wide screen its 76" gave 4.7 px, a figure's 1" base a
// speck. Scrolled down to see the whole map, the scrubber stays at the top of the window,
// and stepping it shows the phase's map and its log.
func TestReplayMapStandsUprightOnAPhoneWithTheScrubberInView(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	ids := []string{b.importArmy(base, rebel1500), b.importArmy(base, imperial1500)}
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+ids[0]+"&b="+ids[1]), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#sim-battles"), "20"), chromedp.SetValue(css("#sim-seed"), "7"),
		chromedp.Click(css("#sim-form button[type=submit]")))
	b.waitText("h1", func(s string) bool { return strings.Contains(s, " against ") })
	result := b.location()
	b.do("a phone", chromedp.EmulateViewport(360, 800), chromedp.Navigate(result+"/replay"), chromedp.WaitVisible(css("#replay-range")))
	type phone struct {
		Current, Shown, Frame int
		Upright               bool
		Width, Height, Inches float64
		Bottom, NextTop       float64
		NextBottom, Window    float64
		Log                   string
	}
	read := func() phone {
		t.Helper()
		return evalJSON[phone](t, ctx, replayPhoneJS)
	}
	p := read()
	if p.Shown != 1 || !p.Upright {
		t.Fatalf("at 360 px %d maps show, upright %v: want the upright one alone", p.Shown, p.Upright)

	}
	if p.Inches != 52 || p.Height <= p.Width {
		t.Errorf("the phone's map is %g\" across and %gx%g px: want the table's 48\" and margins across, taller than wide", p.Inches, p.Width, p.Height)
	}
	if perInch := p.Width / p.Inches; perInch < 6.5 {
		t.Errorf("on a phone an inch of the table (a figure's base) is %.1f px, want 6.5 at least", perInch)
	}
	// The whole map in view, the scrubber in view too steps the map shown, which stays put
	// (a phase's longer name does not push it down).
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.scrollBy(0, document.querySelector("#replay-frame-0 .replay-upright").getBoundingClientRect().bottom - window.innerHeight + 10), true`)); err != nil {
		t.Fatal(err)
	}
	foot := read().Bottom
	for step := 1; step <= 3; step++ {
		b.do("next", chromedp.Click(css("#replay-next")))
		p = read()
		if p.Bottom != foot {
			t.Errorf("step %d: the map's foot moved from %g to %g px", step, foot, p.Bottom)
		}
		if p.Current != step || p.Frame != step || p.Shown != 1 || p.Log != strconv.Itoa(step) {
			t.Errorf("step %d: the scrubber is on %d, the map shown is frame %d (%d shown), the log on %s", step, p.Current, p.Frame, p.Shown, p.Log)
		}
		if p.NextTop < 0 || p.NextBottom > p.Window || p.Bottom > p.Window+1 {
			t.Errorf("step %d: with the map's foot in view (%g px, window %g), Next is at %g to %g px: out of the window", step, p.Bottom, p.Window, p.NextTop, p.NextBottom)
		}
	}
	// Further down, reading the log, the scrubber stays at the top of the window.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("replay-log").scrollIntoView(), true`)); err != nil {
		t.Fatal(err)
	}
	b.do("next", chromedp.Click(css("#replay-next")))
	if p = read(); p.NextTop < 0 || p.NextBottom > p.Window || p.Current != 4 || p.Log != "4" {
		t.Errorf("reading the log, Next is at %g to %g px, the scrubber on %d and the log on %s", p.NextTop, p.NextBottom, p.Current, p.Log)
	}
	// A phase picked in the log, under the map, shows on the map, scrolled back into the
	// window below the scrubber.
	b.do("pick a phase in the log", chromedp.Click(css("#replay-log-6 a")))
	if p = read(); p.Current != 6 || p.Frame != 6 || p.Log != "6" || p.Bottom > p.Window+1 || p.Bottom-p.Height < p.NextBottom {
		t.Errorf("turn 6 picked in the log: the scrubber on %d, the map shown frame %d, from %g to %g px in a %g px window (the scrubber's Next ends at %g)",
			p.Current, p.Frame, p.Bottom-p.Height, p.Bottom, p.Window, p.NextBottom)
	}
	b.shot("replay-phone")
	// Last: reading the shadow tree through the DevTools protocol upsets the steps' own.
	// The figures wear their side's rim upright as they do lying (the key says so): white
	// for the first army, near-black for the second, thicker than the drawing's outline.
	rims := uprightRims(t, ctx, 4)
	want := map[string]map[string]bool{"0": {"rgb(255, 255, 255) 0.17px": true}, "1": {"rgb(17, 24, 39) 0.17px": true}}
	if fmt.Sprint(rims) != fmt.Sprint(want) {
		t.Errorf("the upright map's figures wear %v, want %v", rims, want)
	}
}

// uprightRims is, per side, the rims ("stroke width") of the figures the upright map of
// frame k shows: they are drawn by reference (<use>) in the browser's shadow tree, which a
// page's script cannot reach, so the DevTools protocol reads them. It enables the DOM and
// CSS domains and asks for nodes of its own: steps after it may find the page's nodes
// renumbered, so a test calls it last.
func uprightRims(t *testing.T, ctx context.Context, k int) map[string]map[string]bool {
	t.Helper()
	rims := map[string]map[string]bool{}
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		depth, pierce := int64(-1), true
		doc, err := cdp.Call(ctx, tg, dom.GetDocument, dom.GetDocumentParams{})
		if err != nil {
			return err
		}
		use, err := cdp.Call(ctx, tg, dom.QuerySelector, dom.QuerySelectorParams{NodeID: doc.Root.NodeID, Selector: "#replay-frame-" + strconv.Itoa(k) + " .replay-upright use"})
		if err != nil {
			return err
		}
		tree, err := cdp.Call(ctx, tg, dom.DescribeNode, dom.DescribeNodeParams{NodeID: use.NodeID, Depth: &depth, Pierce: &pierce})
		if err != nil {
			return err
		}
		// Each figure's body (its circle or ellipse, not a hero's gold rim), by side.
		var ids []cdp.BackendNodeID
		var sides []string
		var walk func(n *cdp.Node, side string)
		walk = func(n *cdp.Node, side string) {
			at := map[string]string{}
			for i := 0; i+1 < len(n.Attributes); i += 2 {
				at[n.Attributes[i]] = n.Attributes[i+1]
			}
			if n.LocalName == "g" && at["class"] == "fig" {
				side = at["data-side"]
			}
			if side != "" && (n.LocalName == "circle" || n.LocalName == "ellipse") && at["r"] != "0.2" && at["r"] != "0.75" && at["stroke"] != "#eab308" {
				ids, sides = append(ids, n.BackendNodeID), append(sides, side)
			}
			for _, c := range append(n.ShadowRoots, n.Children...) {
				walk(c, side)
			}
		}
		walk(tree.Node, "")
		if len(ids) == 0 {
			return fmt.Errorf("no figure under frame %d's upright map", k)
		}
		pushed, err := cdp.Call(ctx, tg, dom.PushNodesByBackendIDsToFrontend, dom.PushNodesByBackendIDsToFrontendParams{BackendNodeIDs: ids})
		if err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, tg, css.Enable, cdp.Empty{}); err != nil {
			return err
		}
		for i, id := range pushed.NodeIDs {
			st, err := cdp.Call(ctx, tg, css.GetComputedStyleForNode, css.GetComputedStyleForNodeParams{NodeID: id})
			if err != nil {
				return err
			}
			p := map[string]string{}
			for _, c := range st.ComputedStyle {
				p[c.Name] = c.Value
			}
			if rims[sides[i]] == nil {
				rims[sides[i]] = map[string]bool{}
			}
			rims[sides[i]][p["stroke"]+" "+p["stroke-width"]] = true
		}
		return nil
	}))
	if err != nil {
		t.Fatalf("the upright map's rims: %v", err)
	}
	return rims
}

// sideColoursJS reads, on a matchup's result page, the colour of each army's key in the
// outcome table (the bar's and the histograms' colours), as "rgb(r, g, b)".
const sideColoursJS = `JSON.stringify([getComputedStyle(document.querySelector("#odds-table .key.win-a")).backgroundColor,
	getComputedStyle(document.querySelector("#odds-table .key.win-b")).backgroundColor])`

// replaySwatchesJS reads the replay key's swatches: each unit's side and colour.
const replaySwatchesJS = `JSON.stringify(Array.from(document.querySelectorAll(".replay-swatch")).map(function (s) {
	return [s.getAttribute("data-side"), s.querySelector("circle").getAttribute("fill")]; }))`

// hue is a colour's hue in degrees, from "rgb(r, g, b)" or "#rrggbb".
func hue(t *testing.T, c string) float64 {
	t.Helper()
	var r, g, b float64
	if _, err := fmt.Sscanf(c, "rgb(%g, %g, %g)", &r, &g, &b); err != nil {
		var x, y, z int
		if _, err := fmt.Sscanf(c, "#%02x%02x%02x", &x, &y, &z); err != nil {
			t.Fatalf("colour %q", c)
		}
		r, g, b = float64(x), float64(y), float64(z)
	}
	hi, lo := max(r, g, b), min(r, g, b)
	if hi == lo {
		return 0
	}
	var h float64
	switch hi {
	case r:
		h = math.Mod((g-b)/(hi-lo), 6)
	case g:
		h = (b-r)/(hi-lo) + 2
	default:
		h = (r-g)/(hi-lo) + 4
	}
	return math.Mod(h*60+360, 360)
}

// hueApart is how far apart two hues are on the colour wheel (0 to 180 degrees).
func hueApart(a, b float64) float64 {
	d := math.Abs(a - b)
	return math.Min(d, 360-d)
}

// The armies keep their colours from the result to the map: every unit of the first army
// is drawn nearer in hue to the result page's first army (its key, bar and histogram) than
// to the second's, and every unit of the second army nearer to the second's, in both
// themes. (The map drew the first army in blues, the result page in dark red.)
func TestEachArmyKeepsItsColourFromTheResultToTheMap(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	ids := []string{b.importArmy(base, rebel1500), b.importArmy(base, imperial1500)}
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+ids[0]+"&b="+ids[1]), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#sim-battles"), "10"), chromedp.Click(css("#sim-form button[type=submit]")))
	b.waitText("h1", func(s string) bool { return strings.Contains(s, " against ") })
	result := b.location()
	b.do("the replay", chromedp.Navigate(result+"/replay"), chromedp.WaitVisible(css("#replay-range")))
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](replaySwatchesJS))
	if err != nil {
		t.Fatal(err)
	}
	var swatches [][2]string
	if err := json.Unmarshal([]byte(out), &swatches); err != nil || len(swatches) == 0 {
		t.Fatalf("the replay's key: %s (%v)", out, err)
	}
	for _, theme := range []string{"light", "dark"} {
		b.do("the result", chromedp.Navigate(result), chromedp.WaitVisible(css("#odds-table")))
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
			t.Fatal(err)
		}
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](sideColoursJS))
		if err != nil {
			t.Fatal(err)
		}
		var sides [2]string
		if err := json.Unmarshal([]byte(out), &sides); err != nil {
			t.Fatal(err)
		}
		h := [2]float64{hue(t, sides[0]), hue(t, sides[1])}
		for _, s := range swatches {
			u := hue(t, s[1])
			own, other := h[0], h[1]
			if s[0] == "1" {
				own, other = h[1], h[0]
			}
			if hueApart(u, own) >= hueApart(u, other) {
				t.Errorf("%s: a unit of army %s is drawn %s (hue %.0f), nearer the other army's %.0f than its own %.0f on the result page",
					theme, s[0], s[1], u, other, own)
			}
		}
	}
}

// evalJSON runs a script that answers a JSON string in the page and reads it into a T.
func evalJSON[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	var v T
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	return v
}
