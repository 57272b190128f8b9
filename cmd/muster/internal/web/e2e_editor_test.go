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

// Issue 12's measure of the editor: a six-unit Rebel army (a squad with a commander and two
// specialists, a second squad, a hero with Force skills and powers, a droid, a creature, an
// Ewok squad) built from an empty army in at most 25 interactions, with no full page reload,
// reading the pinned total after each step. The chart units add their chart costs exactly:
// a Security Droid 35 (Droid Chart: 10 + 10 + (3+1+1+2+3+1) + blaster 4-3 + search 5-2) and
// a Bantha 24 (Creature Chart: (2+8+2+5+7) x 1).
func TestSixUnitArmyInTwentyFiveInteractionsWithoutReload(t *testing.T) {
	base := startServer(t)
	ctx := testkit.StartChromium(t, base+"/armies/new", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	b.do("create an empty army",
		chromedp.WaitVisible(css("#name")),
		chromedp.SendKeys(css("#name"), "Endor Strike Team"),
		chromedp.SetValue(css("#side"), "rebel"),
		chromedp.Click(css("#new-army button[type=submit]")),
		chromedp.WaitVisible(css("#army-form")),
	)
	// A marker on the window survives htmx swaps and dies with a page load.
	eval := func(js string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return v
	}
	eval(`window.musterMarker = "still here"`)
	// choose picks in a select as a player does: the value, then the change event.
	choose := func(sel, value string) chromedp.Action[chromedp.Void] {
		js := `(function(){ const el = document.querySelector(` + strconv.Quote(sel) + `); el.value = ` + strconv.Quote(value) +
			`; el.dispatchEvent(new Event("change", {bubbles: true})); return el.value })()`
		return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := chromedp.Evaluate[string](js)(ctx, tg)
			return chromedp.Void{}, err
		}
	}
	interactions := 0
	total := func() int {
		t.Helper()
		s := b.waitText("#army-total", func(s string) bool { _, err := strconv.Atoi(s); return err == nil })
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("the pinned total reads %q", s)
		}
		return n
	}
	// step performs one interaction and waits until the pinned total settles on a value
	// accepted by ok (the htmx swap has landed).
	step := func(what string, ok func(before, after int) bool, act chromedp.Action[chromedp.Void], wait string) int {
		t.Helper()
		interactions++
		before := total()
		b.do(what, act)
		if wait != "" {
			b.do(what+": wait", chromedp.WaitVisible(css(wait)))
		}
		var after int
		b.waitText("#army-total", func(s string) bool {
			n, err := strconv.Atoi(s)
			after = n
			return err == nil && ok(before, n)
		})
		return after - before
	}
	grows := func(before, after int) bool { return after > before }
	add := func(pick, wait string) int {
		t.Helper()
		interactions++ // choosing in the picker
		b.do("pick "+pick, chromedp.SetValue(css("#add-unit"), pick))
		return step("add "+pick, grows, chromedp.Click(css("#add-unit-button")), wait)
	}
	click := func(sel string) chromedp.Action[chromedp.Void] { return chromedp.Click(css(sel)) }

	add("squad|Standard Rebel Trooper", "#fields-0")
	same := func(before, after int) bool { return after >= before }
	step("give the squad a commander", same, click(`input[name="u0.commander"]`), "")
	b.do("command", chromedp.SetValue(css(`input[name="u0.commander.skills.skill.command"]`), ""))
	step("the commander's command", grows, chromedp.SendKeys(css(`input[name="u0.commander.skills.skill.command"]`), "4"), "")
	step("first specialist", same, click(`input[name="u0.sp0"]`), "")
	step("the first specialist's weapon", grows, choose(`select[name="u0.sp0.weapons.0.name"]`, "Heavy Blaster Pistol"), `select[name="u0.sp0.weapons.1.name"]`)
	step("second specialist", same, click(`input[name="u0.sp1"]`), "")
	add("squad|Hoth Trooper", "#fields-1")
	add("hero|", "#fields-2")
	step("the hero is Force-sensitive", same, click(`input[name="u2.force"]`), "")
	b.do("control 2D", chromedp.SetValue(css(`input[name="u2.force.skills.skill.control"]`), ""))
	step("a Force skill", grows, chromedp.SendKeys(css(`input[name="u2.force.skills.skill.control"]`), "2"), "")
	step("a Force power", grows, click(`input[name="u2.force.powers"]`), "")
	if d := add("droid|Security Droid", "#fields-3"); d != 35 {
		t.Errorf("the Security Droid added %d SGPs, want the chart's 35", d)
	}
	if d := add("creature|Bantha", "#fields-4"); d != 24 {
		t.Errorf("the Bantha added %d SGPs, want the chart's 24", d)
	}
	add("squad|Ewok", "#fields-5")
	if dir := os.Getenv("MUSTER_SCREENSHOTS"); dir != "" {
		for _, w := range []int64{1280, 360} {
			for _, theme := range []string{"light", "dark"} {
				eval(`document.documentElement.setAttribute("data-theme", "` + theme + `"); window.scrollTo(0, 0); ""`)
				b.do("window", chromedp.EmulateViewport(w, 900))
				buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err == nil {
					_ = os.WriteFile(filepath.Join(dir, fmt.Sprintf("editor-six-units-%d-%s.png", w, theme)), buf, 0o644)
				}
			}
		}
		b.do("window", chromedp.EmulateViewport(1280, 1000))
	}

	if interactions > 25 {
		t.Errorf("%d interactions, want at most 25", interactions)
	}
	if marker := eval(`window.musterMarker || ""`); marker != "still here" {
		t.Fatalf("the page was reloaded during the build (marker %q)", marker)
	}
	// Everything is saved: a fresh load shows the same six units and the same total.
	want := total()
	list := b.text("#unit-list")
	b.do("reload", chromedp.Reload(), chromedp.WaitVisible(css("#army-form")))
	if got := total(); got != want {
		t.Errorf("after reload the total is %d, want %d", got, want)
	}
	for _, name := range []string{"Standard Rebel Trooper", "Hoth Trooper", "New hero", "Security Droid", "Bantha", "Ewok"} {
		if !strings.Contains(list, name) {
			t.Errorf("unit list lacks %s: %q", name, list)
		}
	}
	if n := eval(`String(document.querySelectorAll("#unit-list li").length)`); n != "6" {
		t.Errorf("%s units after reload, want 6", n)
	}
	t.Logf("%d interactions, total %d", interactions, want)
}

// Problems where they are: in the editor each problem marks its field (aria-invalid and a
// border) with the message beside it, and its link points at the field. The mixed army's
// Aurek Squad carries grenades its Troop List (Stormtrooper) does not offer.
func TestEditorMarksTheFieldAProblemNames(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	id := b.importArmy(base, mixed)
	b.do("editor", chromedp.Navigate(base+"/armies/"+id+"/edit"), chromedp.WaitVisible(chromedp.CSS("#army-form")))
	b.waitText(".field-problem", func(string) bool { return true })
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){
		const el = document.querySelector("[aria-invalid=true]");
		if (!el) return "none";
		const msg = document.getElementById(el.getAttribute("aria-describedby"));
		const link = document.querySelector('.unit-problems a.problem-place[href="#' + el.id + '"]');
		return el.name + " | " + (msg ? msg.textContent : "no message") + " | " + (link ? "linked" : "not linked");
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(got, " | ")
	if len(parts) != 3 || !strings.HasPrefix(parts[0], "u") || parts[1] == "no message" || parts[2] != "linked" {
		t.Fatalf("the marked field: %q", got)
	}
	t.Logf("marked %s", got)
}

// A cost update that fires while a save is in flight (the last keystroke's 300 ms passing
// after the click) does not abort the save: the editor comes back saved, with what was typed.
func TestSaveIsNotAbortedByACostUpdateAfterTheClick(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	id := b.importArmy(base, mixed)
	b.do("editor", chromedp.Navigate(base+"/armies/"+id+"/edit"), chromedp.WaitVisible(chromedp.CSS("#army-form")))
	// In one tick: a new name, Save clicked, then the form's cost update triggered while the
	// save's request is certainly still in flight.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(function(){
		document.getElementById("army-name").value = "Renamed in a hurry";
		document.getElementById("save").click();
		document.getElementById("army-form").dispatchEvent(new Event("change", {bubbles: true}));
		return true;
	})()`)); err != nil {
		t.Fatal(err)
	}
	b.waitText(".flash", func(s string) bool { return strings.Contains(s, "Saved") })
	if name := b.text("h1"); !strings.Contains(name, "Renamed in a hurry") {
		t.Fatalf("after the save the editor shows %q", name)
	}
}

// A number field holding letters ("5e": Chromium lets an "e" into a number field) posts as
// empty, which reads as the Troop List's code: the cost fell silently and Save stored the
// lower skill. Six Standard Rebel Troopers with blaster 4 cost 6 x (33 + 1) = 204; "5e" in
// the blaster field must be refused in words naming the field, and the saved blaster stays 4.
func TestANumberFieldWithLettersIsRefusedNotReadAsEmpty(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	file := filepath.Join(t.TempDir(), "six.yaml")
	if err := os.WriteFile(file, []byte(`format: 1
name: Six troopers
side: rebel
units:
  - kind: squad
    troop: Standard Rebel Trooper
    size: 6
    skills: {blaster: 4}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	id := b.importArmy(base, file)
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	blaster := `input[name="u0.skills.skill.blaster"]`
	b.do("editor", chromedp.Navigate(base+"/armies/"+id+"/edit"), chromedp.WaitVisible(css(blaster)))
	if total := b.text("#army-total"); total != "204" {
		t.Fatalf("the squad costs %s, want 204", total)
	}
	b.do("type 5e", chromedp.Clear(css(blaster)), chromedp.SendKeys(css(blaster), "5e"))
	msg := b.waitText("#breakdown-panel", func(s string) bool { return strings.Contains(s, "not a number") || strings.Contains(s, "198") })
	if !strings.Contains(msg, "Unit 1") || !strings.Contains(msg, "blaster") || !strings.Contains(msg, "not a number") {
		t.Fatalf("after typing 5e the breakdown reads %q, want the field named and refused", msg)
	}
	b.waitText(`.field-problem`, func(s string) bool { return strings.Contains(s, "not a number") })
	b.do("save", chromedp.Click(css("#save")))
	refused := b.waitText("#form-error", func(s string) bool { return true })
	if !strings.Contains(refused, "Not saved") || !strings.Contains(refused, "blaster") {
		t.Errorf("Save with 5e in the blaster field: %q", refused)
	}
	file2, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch("/armies/`+id+`/export").then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(file2, "blaster: 4") {
		t.Errorf("the saved army lost its blaster 4:\n%s", file2)
	}
}

// The total against the limit is pinned on every screen width (docs: ux.md). On a laptop
// (1280 x 900) the breakdown sticks beside the fields; scrolled to the end of a long army
// (where "Add" brings the player, to the new unit) the editor's box ended above the footer
// and pushed the panel up, the total out of the window.
func TestTheTotalStaysInSightAtTheEndOfALongArmy(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	id := b.importArmy(base, mixed)
	b.do("editor at 1280 x 900", chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(base+"/armies/"+id+"/edit"), chromedp.WaitVisible(chromedp.CSS("#army-form")))
	for _, where := range []string{"0", "document.body.scrollHeight / 2", "document.body.scrollHeight"} {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async function(){
			window.scrollTo(0, `+where+`);
			await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
			const r = document.getElementById("totalbar").getBoundingClientRect();
			return (r.top >= 0 && r.bottom <= window.innerHeight ? "in sight" : "hidden") + " at " + Math.round(r.top) + ".." + Math.round(r.bottom);
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(got, "in sight") {
			t.Errorf("scrolled to %s, the total is %s (window 900 high)", where, got)
		}
	}
}
