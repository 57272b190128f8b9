package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// editorRun drives the army editor as a player does and counts the player's interactions
// (a click, a choice in a list, a field typed into): the measure of issues 12 and 31 ("at
// most 25 to build the army"). Each step waits until the pinned total has settled on a
// value its test accepts, so the next step acts on the page the server drew.
type editorRun struct {
	b            *browser
	interactions int
}

// newEditorRun opens the new-army form in Chromium and creates an empty Rebel army named
// name (three interactions: the name typed, the side chosen, Create pressed), marking the
// window so that a page load on the way shows.
func newEditorRun(t *testing.T, base, name string) *editorRun {
	t.Helper()
	ctx := testkit.StartChromium(t, base+"/armies/new", 1280, 1000)
	e := &editorRun{b: &browser{t: t, ctx: ctx}, interactions: 3}
	e.b.do("create an empty army",
		chromedp.WaitVisible(chromedp.CSS("#name")),
		chromedp.SendKeys(chromedp.CSS("#name"), name),
		chromedp.SetValue(chromedp.CSS("#side"), "rebel"),
		chromedp.Click(chromedp.CSS("#new-army button[type=submit]")),
		chromedp.WaitVisible(chromedp.CSS("#army-form")),
	)
	e.mark()
	return e
}

// grows and same are what a step expects of the total.
func grows(before, after int) bool { return after > before }
func same(before, after int) bool  { return after >= before }

func (e *editorRun) eval(js string) string {
	e.b.t.Helper()
	v, err := chromedp.Run(e.b.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		e.b.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// mark sets a marker on the window: it survives htmx swaps and dies with a page load.
func (e *editorRun) mark() { e.eval(`window.musterMarker = "still here"`) }

func (e *editorRun) click(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Click(chromedp.CSS(sel))
}

// choose picks in a select as a player does: the value, then the change event.
func choose(sel, value string) chromedp.Action[chromedp.Void] {
	js := `(function(){ const el = document.querySelector(` + strconv.Quote(sel) + `); el.value = ` + strconv.Quote(value) +
		`; el.dispatchEvent(new Event("change", {bubbles: true})); return el.value })()`
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[string](js)(ctx, tg)
		return chromedp.Void{}, err
	}
}

// total reads the pinned total once it reads as a number.
func (e *editorRun) total() int {
	e.b.t.Helper()
	s := e.b.waitText("#army-total", func(s string) bool { _, err := strconv.Atoi(s); return err == nil })
	n, err := strconv.Atoi(s)
	if err != nil {
		e.b.t.Fatalf("the pinned total reads %q", s)
	}
	return n
}

// step performs one interaction and waits until the pinned total settles on a value
// accepted by ok (the htmx swap has landed), and until wait (a selector) shows; it returns
// what the total moved by.
func (e *editorRun) step(what string, ok func(before, after int) bool, act chromedp.Action[chromedp.Void], wait string) int {
	e.b.t.Helper()
	e.interactions++
	before := e.total()
	e.b.do(what, act)
	if wait != "" {
		e.b.do(what+": wait", chromedp.WaitVisible(chromedp.CSS(wait)))
	}
	var after int
	e.b.waitText("#army-total", func(s string) bool {
		n, err := strconv.Atoi(s)
		after = n
		return err == nil && ok(before, n)
	})
	return after - before
}

// typeIn replaces a field's value by typing over it: one interaction. The field is
// emptied and typed into in one step, read before either, as a player selecting the old
// value and typing does (an emptied field is itself a change the editor costs).
func (e *editorRun) typeIn(what, sel, value string, ok func(before, after int) bool) int {
	e.b.t.Helper()
	clear, typed := chromedp.SetValue(chromedp.CSS(sel), ""), chromedp.SendKeys(chromedp.CSS(sel), value)
	both := func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := clear(ctx, tg); err != nil {
			return chromedp.Void{}, err
		}
		return typed(ctx, tg)
	}
	return e.step(what, ok, both, "")
}

// add picks an entry of the "Add a unit" list and presses Add: two interactions.
func (e *editorRun) add(pick, wait string) int {
	e.b.t.Helper()
	e.interactions++ // choosing in the picker
	e.b.do("pick "+pick, chromedp.SetValue(chromedp.CSS("#add-unit"), pick))
	return e.step("add "+pick, grows, chromedp.Click(chromedp.CSS("#add-unit-button")), wait)
}

// screenshots keeps the editor at 1280 and 360 px, light and dark, under MUSTER_SCREENSHOTS,
// scrolled to the element at (a selector; "": the top).
func (e *editorRun) screenshots(name, at string) {
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	if dir == "" {
		return
	}
	for _, w := range []int64{1280, 360} {
		for _, theme := range []string{"light", "dark"} {
			e.eval(`document.documentElement.setAttribute("data-theme", "` + theme + `"); window.scrollTo(0, 0); ""`)
			e.b.do("window", chromedp.EmulateViewport(w, 900))
			if at != "" {
				e.eval(`document.querySelector(` + strconv.Quote(at) + `).scrollIntoView(); ""`)
			}
			buf, err := chromedp.Run(e.b.ctx, chromedp.CaptureScreenshot())
			if err == nil {
				_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d-%s.png", name, w, theme)), buf, 0o644)
			}
		}
	}
	e.b.do("window", chromedp.EmulateViewport(1280, 1000))
}

// finish checks the build's bound and that nothing was lost: at most limit interactions,
// no page load on the way, and a fresh load shows the same units and total. It returns the
// total.
func (e *editorRun) finish(limit int, units ...string) int {
	t := e.b.t
	t.Helper()
	if e.interactions > limit {
		t.Errorf("%d interactions, want at most %d", e.interactions, limit)
	}
	if marker := e.eval(`window.musterMarker || ""`); marker != "still here" {
		t.Fatalf("the page was reloaded during the build (marker %q)", marker)
	}
	want := e.total()
	list := e.b.text("#unit-list")
	e.b.do("reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#army-form")))
	if got := e.total(); got != want {
		t.Errorf("after reload the total is %d, want %d", got, want)
	}
	for _, name := range units {
		if !strings.Contains(list, name) {
			t.Errorf("unit list lacks %s: %q", name, list)
		}
	}
	if n := e.eval(`String(document.querySelectorAll("#unit-list li").length)`); n != strconv.Itoa(len(units)) {
		t.Errorf("%s units after reload, want %d", n, len(units))
	}
	t.Logf("%d interactions, total %d", e.interactions, want)
	return want
}
