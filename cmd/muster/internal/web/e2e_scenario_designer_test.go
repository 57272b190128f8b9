package web

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
	"muster/rules/battle"
	"muster/rules/battle/design"
)

// The scenario designer in a real Chromium (issue 33, "Done when"): a gamemaster draws a
// scenario on a blank table (a woods area added and dragged with the mouse, resized with a
// finger; a barrier whose end is dragged; both sides' deployment zones moved and resized;
// an objective), sees an area pushed off the table refused beside its row, saves, plays a
// matchup on it and watches its replay, which draws the field; the exported file, given to
// the command line, plays the same battles as the web did.
func TestScenarioDesignedInChromiumPlayedAndReplayed(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	named := func(name string) chromedp.CSS { return css(`[name="` + name + `"]`) }
	value := func(name string) float64 {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Value(named(name)))
		if err != nil {
			t.Fatal(err)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("%s holds %q", name, v)
		}
		return x
	}
	// centre scrolls a map piece into view and says where its centre is on the screen.
	centre := func(sel string) (float64, float64) {
		t.Helper()
		xy := evalJSON[[2]float64](t, ctx, `(function(){var e=document.querySelector(`+strconv.Quote(sel)+`);
			document.getElementById("designer-map").scrollIntoView({block:"center"});
			var r=e.getBoundingClientRect(); return JSON.stringify([r.left+r.width/2, r.top+r.height/2]);})()`)
		return xy[0], xy[1]
	}
	mouseDrag := func(sel string, dx, dy float64) {
		t.Helper()
		x, y := centre(sel)
		b.do("drag "+sel, chromedp.MouseEvent(chromedp.MousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)),
			chromedp.MouseEvent(chromedp.MouseMoved, x+dx/2, y+dy/2, chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseMoved, x+dx, y+dy, chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseReleased, x+dx, y+dy, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	}
	fingerDrag := func(sel string, dx, dy float64) {
		t.Helper()
		x, y := centre(sel)
		b.do("touch-drag "+sel, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			for _, ev := range []struct {
				typ  input.DispatchTouchEventType
				x, y float64
			}{{input.DispatchTouchEventTypeTouchStart, x, y}, {input.DispatchTouchEventTypeTouchMove, x + dx/2, y + dy/2},
				{input.DispatchTouchEventTypeTouchMove, x + dx, y + dy}, {input.DispatchTouchEventTypeTouchEnd, 0, 0}} {
				pts := []*input.TouchPoint{{X: ev.x, Y: ev.y}}
				if ev.typ == input.DispatchTouchEventTypeTouchEnd {
					pts = []*input.TouchPoint{}
				}
				if _, err := cdp.Call(ctx, tg, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: ev.typ, TouchPoints: pts}); err != nil {
					return err
				}
			}
			return nil
		}))
	}
	ids := []string{b.importArmy(base, rebel1500), b.importArmy(base, imperial1500)}

	b.do("a new scenario", chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("#new-scenario")),
		chromedp.Click(css("#new-scenario")), chromedp.WaitVisible(css("#designer-form")))
	scenarioURL := strings.Split(b.location(), "?")[0]
	b.do("name it", chromedp.SetValue(named("name"), "Ambush in the woods"), chromedp.SetValue(named("id"), "ambush"),
		chromedp.SetValue(named("side.0.orders"), "Hold the clearing until relieved."))

	// An area: added, typed, named, dragged north-east with the mouse, resized with a finger.
	b.do("add an area", chromedp.Click(css(`[data-add="terrain"]`)), chromedp.WaitVisible(named("terrain.0.type")),
		chromedp.SetValue(named("terrain.0.type"), "medium woods"), chromedp.SetValue(named("terrain.0.name"), "the ambush woods"))
	x0, y0 := value("terrain.0.x"), value("terrain.0.y")
	mouseDrag(`[data-list="terrain"][data-key="0"]:not([data-handle])`, 80, -60)
	if x, y := value("terrain.0.x"), value("terrain.0.y"); x <= x0 || y <= y0 {
		t.Errorf("the area dragged east and north is at %g, %g (was %g, %g)", x, y, x0, y0)
	}
	w0, h0 := value("terrain.0.w"), value("terrain.0.h")
	fingerDrag(`[data-list="terrain"][data-key="0"][data-handle="ne"]`, 40, -40)
	if w, h := value("terrain.0.w"), value("terrain.0.h"); w <= w0 || h <= h0 {
		t.Errorf("the area resized with a finger is %g x %g (was %g x %g)", w, h, w0, h0)
	}
	// A barrier: added, its far end dragged.
	b.do("add a barrier", chromedp.Click(css(`[data-add="barrier"]`)), chromedp.WaitVisible(named("barrier.0.type")))
	bx := value("barrier.0.x2")
	mouseDrag(`[data-list="barrier"][data-key="0"][data-handle="2"]`, 60, 0)
	if x := value("barrier.0.x2"); x <= bx || value("barrier.0.x1") != 30 {
		t.Errorf("the barrier's end dragged east: from x %g to x %g (was to %g)", value("barrier.0.x1"), x, bx)
	}
	// The two deployment zones: the first moved west, the second resized.
	sx := value("side.0.x")
	mouseDrag(`[data-list="side"][data-key="0"]:not([data-handle])`, -40, 0)
	if x := value("side.0.x"); x >= sx {
		t.Errorf("the first zone dragged west is at x %g (was %g)", x, sx)
	}
	sw := value("side.1.w")
	fingerDrag(`[data-list="side"][data-key="1"][data-handle="ne"]`, -60, 0)
	if w := value("side.1.w"); w >= sw {
		t.Errorf("the second zone narrowed with a finger is %g wide (was %g)", w, sw)
	}
	// An objective, moved south.
	b.do("add an objective", chromedp.Click(css(`[data-add="objective"]`)), chromedp.WaitVisible(named("objective.0.name")),
		chromedp.SetValue(named("objective.0.name"), "the downed droid"))
	oy := value("objective.0.y")
	mouseDrag(`[data-list="objective"][data-key="0"]`, 0, 50)
	if y := value("objective.0.y"); y >= oy {
		t.Errorf("the objective dragged south is at y %g (was %g)", y, oy)
	}
	pieces, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#designer-pieces [data-list]:not([data-handle])").length`))
	if err != nil || pieces != 5 {
		t.Errorf("the map shows %d pieces (%v), want 5: an area, a barrier, two zones, an objective", pieces, err)
	}

	// An area typed off the table: refused beside its row, the rest kept as typed.
	goodX := value("terrain.0.x")
	b.do("push the area off the table", chromedp.SetValue(named("terrain.0.x"), "70"), chromedp.Click(css("#save-scenario")),
		chromedp.WaitVisible(css("#scenario-errors")))
	want := `terrain 1 (the ambush woods): rect runs past the table's 72" width`
	if got := b.text("#scenario-errors"); !strings.Contains(got, want) {
		t.Errorf("the refusal says %q, want %q", got, want)
	}
	if got := b.text(`[data-row="terrain"][data-key="0"] .field-error`); !strings.Contains(got, want) {
		t.Errorf("the refusal beside the row says %q", got)
	}
	if got := value("barrier.0.x2"); got <= bx {
		t.Errorf("after the refusal the barrier's end is at %g, not as dragged", got)
	}
	b.looks("scenario-designer-refused")
	b.do("put it back and save", chromedp.SetValue(named("terrain.0.x"), strconv.FormatFloat(goodX, 'f', -1, 64)),
		chromedp.Click(css("#save-scenario")), chromedp.WaitVisible(css("#scenario-saved")))
	if got := b.text("h1"); !strings.Contains(got, "Ambush in the woods") {
		t.Errorf("the saved designer's title: %q", got)
	}
	b.looks("scenario-designer-saved")

	// The file as exported.
	file, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(`+strconv.Quote(scenarioURL+"/export")+`).then(function(r){return r.text();})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"id": "ambush"`, `"the ambush woods"`, `"low wall"`, `"the downed droid"`, `"orders": "Hold the clearing until relieved."`} {
		if !strings.Contains(file, want) {
			t.Errorf("the exported file lacks %s:\n%s", want, file)
		}
	}

	// A matchup on it, and its replay.
	id := strings.TrimPrefix(scenarioURL, base+"/scenarios/")
	b.do("a matchup on it", chromedp.Navigate(base+"/sim?a="+ids[0]+"&b="+ids[1]+"&scenario=mine:"+id), chromedp.WaitVisible(css("#sim-battles")),
		chromedp.SetValue(css("#sim-battles"), "40"), chromedp.SetValue(css("#sim-seed"), "7"))
	if v, _ := chromedp.Run(ctx, chromedp.Value(css("#sim-scenario"))); v != "mine:"+id {
		t.Fatalf("the matchup form picked %q, want the scenario", v)
	}
	b.do("play", chromedp.Click(css("#sim-form button[type=submit]")))
	deadline := time.Now().Add(testkit.Backstop)
	for !strings.Contains(b.location(), "/sims/") {
		if time.Now().After(deadline) {
			t.Fatalf("the matchup never finished: at %s", b.location())
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.do("the result", chromedp.WaitVisible(css("#watch-battle")))
	simURL := strings.Split(b.location(), "?")[0]
	web, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(`+strconv.Quote(simURL+"/json")+`).then(function(r){return r.text();})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	b.do("watch", chromedp.Click(css("#watch-battle")), chromedp.WaitVisible(css("#replay-range")))
	svg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".replay-frame svg").outerHTML`))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"the ambush woods", "the downed droid", "Ambush in the woods"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the replay's map does not draw %s", want)
		}
	}

	// The exported file on the command line: the same battles.
	path := filepath.Join(t.TempDir(), "ambush.json")
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	code, cli, stderr := runMuster(t, "sim", "--battles", "40", "--seed", "7", "--json", "--scenario", path, rebel1500, imperial1500)
	if code != 0 {
		t.Fatalf("muster sim --scenario %s: %s", path, stderr)
	}
	if got, want := compactJSON(t, web), compactJSON(t, cli); got != want {
		t.Errorf("the web's matchup on the scenario differs from muster sim's on its exported file:\n%s\n%s", got, want)
	}
}

// Every built-in scenario copied into mine, opened in the designer in Chromium (its script
// running) and saved as the browser posts it, exports the built-in's own scenario: the
// same fields, so the same battles (rules/battle/design's test holds the form's files to
// the recorded battle hashes). A polygon dragged moves whole.
func TestBuiltinScenariosSavedFromTheDesignerInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	for _, info := range battle.Scenarios() {
		b.do("copy "+info.ID, chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("#builtin-scenarios")),
			chromedp.Click(css(`form[action="/scenarios/builtin/`+info.ID+`/copy"] button`)), chromedp.WaitVisible(css("#designer-form")))
		scenarioURL := strings.Split(b.location(), "?")[0]
		b.do("save "+info.ID, chromedp.Click(css("#save-scenario")), chromedp.WaitVisible(css("#scenario-saved")))
		file, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(`+strconv.Quote(scenarioURL+"/export")+`).then(function(r){return r.text();})`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		got, err := design.Parse([]byte(file))
		if err != nil {
			t.Fatalf("%s: %v", info.ID, err)
		}
		want, _ := battle.LoadScenario(info.ID)
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want.Scenario)
		if string(gj) != string(wj) {
			t.Errorf("%s saved from the designer is another scenario:\n%s\nwant\n%s", info.ID, gj, wj)
		}
	}
	// A polygon (Defending the Bridge's) dragged: every point moves.
	b.do("the scenarios", chromedp.Navigate(base+"/scenarios"), chromedp.WaitVisible(css("#my-scenarios")))
	bridge, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#my-scenarios a.scenario-link")).filter(function (a) { return a.textContent === "Defending the Bridge"; })[0].href`))
	if err != nil {
		t.Fatal(err)
	}
	b.do("defending the bridge", chromedp.Navigate(bridge), chromedp.WaitVisible(css("#designer-form")))
	poly, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){var e=document.querySelector('#designer-pieces polygon[data-list="terrain"]');return e?e.getAttribute("data-key"):"";})()`))
	if err != nil {
		t.Fatal(err)
	}
	for _, sel := range []string{`#designer-pieces polygon[data-list="terrain"]`} {
		key, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){var e=document.querySelector(`+strconv.Quote(sel)+`);return e?e.getAttribute("data-key"):"";})()`))
		if err != nil || key == "" {
			t.Fatalf("Defending the Bridge has no %s on the map (%v)", sel, err)
		}
		field := "terrain." + key + ".x"
		if key == poly {
			field = "terrain." + key + ".points"
		}
		before, _ := chromedp.Run(ctx, chromedp.Value(css(`[name="`+field+`"]`)))
		xy := evalJSON[[2]float64](t, ctx, `(function(){var e=document.querySelector(`+strconv.Quote(sel)+`);
			document.getElementById("designer-map").scrollIntoView({block:"center"});
			var r=e.getBoundingClientRect(); return JSON.stringify([r.left+r.width/2, r.top+r.height/2]);})()`)
		b.do("drag "+sel, chromedp.MouseEvent(chromedp.MousePressed, xy[0], xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)),
			chromedp.MouseEvent(chromedp.MouseMoved, xy[0]+30, xy[1], chromedp.ButtonLeft),
			chromedp.MouseEvent(chromedp.MouseReleased, xy[0]+30, xy[1], chromedp.ButtonLeft, chromedp.ClickCount(1)))
		after, _ := chromedp.Run(ctx, chromedp.Value(css(`[name="`+field+`"]`)))
		if after == before || strings.Contains(after, "NaN") {
			t.Errorf("%s dragged: %s %q, was %q", sel, field, after, before)
		}
	}
	b.do("save the moved pieces", chromedp.Click(css("#save-scenario")), chromedp.WaitVisible(css("#scenario-saved")))
}
