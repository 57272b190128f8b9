package web

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A problem's link opens its unit and puts the focus in its field, wherever the problem is
// listed: the pinned Problems list under the total, the list under the unit's cost lines and
// the list at the head of the unit's own fields. The editor had another unit picked (its
// #fields-N the target, so that the problem's unit was folded away): clicking the problem
// left the editor on that other unit, and nothing took the focus.
func TestAProblemOpensItsUnitAndFocusesItsField(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	console := testkit.WatchConsole(t, ctx)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	id := b.importArmy(base, mixed)
	edit := base + "/armies/" + id + "/edit"
	b.do("editor", chromedp.Navigate(edit), chromedp.WaitVisible(css("#army-form")))
	b.waitText(".field-problem", func(string) bool { return true })
	// The first problem of the pinned list that names a unit's field.
	unit, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(function(){
		const li = Array.from(document.querySelectorAll("#breakdown > ul.problems > li[data-field]"))
			.find(li => /^u\d+\./.test(li.getAttribute("data-field")));
		return li ? Number(/^u(\d+)/.exec(li.getAttribute("data-field"))[1]) : -1;
	})()`))
	if err != nil || unit < 0 {
		t.Fatalf("no problem in the pinned list names a unit's field (%v)", err)
	}
	other := 0
	if unit == 0 {
		other = 1
	}
	// lists are where the problem shows: the selector of its <li>, and whether the unit
	// must be shown for its link to be clicked (the list at the head of its own fields).
	lists := []struct {
		name, li string
		all      bool
	}{
		{"the pinned Problems list", "#breakdown > ul.problems > li", false},
		{"the list under the unit's cost lines", "#unit-" + strconv.Itoa(unit) + " ul.problems > li", false},
		{"the list at the head of the unit's fields", "#unit-" + strconv.Itoa(unit) + "-problems ul.problems > li", true},
	}
	for _, w := range []int64{1280, 360} {
		b.do("window", chromedp.EmulateViewport(w, 800))
		for _, l := range lists {
			l.name = fmt.Sprintf("%d px, %s", w, l.name)
			hash := "#fields-" + strconv.Itoa(other)
			if l.all {
				hash = "#all-units"
			}
			// The fields marked (app.js, on load): the marks of a folded unit are there, unseen.
			b.do(l.name+": another unit picked", chromedp.Navigate(edit+hash), chromedp.WaitVisible(css("#army-form")),
				chromedp.WaitReady(css(".field-problem")))
			// The problem's link, marked so that the browser can click it as a player would.
			// (A fragment's navigation keeps the page: the last round's mark is taken off.)
			field, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){
			document.querySelectorAll("[data-test-click]").forEach(a => a.removeAttribute("data-test-click"));
			const li = Array.from(document.querySelectorAll(`+strconv.Quote(l.li)+`))
				.find(li => (li.getAttribute("data-field") || "").startsWith("u`+strconv.Itoa(unit)+`."));
			if (!li) return "";
			li.querySelector("a.problem-place").setAttribute("data-test-click", "1");
			return li.getAttribute("data-field");
		})()`))
			if err != nil || field == "" {
				t.Fatalf("%s: no problem of unit %d (%v)", l.name, unit+1, err)
			}
			if !l.all {
				folded, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("fields-`+strconv.Itoa(unit)+`").getClientRects().length === 0`))
				if !folded {
					t.Fatalf("%s: with unit %d picked, unit %d shows too", l.name, other+1, unit+1)
				}
			}
			b.do(l.name+": click the problem", chromedp.Click(css(`a[data-test-click]`)))
			got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async function(){
			await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
			const unit = document.getElementById("fields-`+strconv.Itoa(unit)+`");
			const other = document.getElementById("fields-`+strconv.Itoa(other)+`");
			const el = document.activeElement;
			const r = el ? el.getBoundingClientRect() : null;
			const bar = document.getElementById("totalbar");
			const top = bar && getComputedStyle(bar).position === "fixed" ? bar.getBoundingClientRect().bottom : 0;
			return [unit.getClientRects().length > 0 ? "shown" : "folded",
				other.getClientRects().length > 0 ? "other shown" : "other folded",
				el && unit.contains(el) ? "focus in unit" : "focus on " + (el ? el.tagName + "#" + el.id : "nothing"),
				el && el.name ? el.name : "",
				// On a phone the status bar is pinned over the window's top: not under it.
				r && r.top >= top && r.bottom <= window.innerHeight ? "in sight" : "out of sight at " + (r && Math.round(r.top))].join(" | ");
		})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			parts := strings.Split(got, " | ")
			// Picked alone, the problem's unit is now the one picked: the other is folded.
			if len(parts) != 5 || parts[0] != "shown" || !l.all && parts[1] != "other folded" || parts[2] != "focus in unit" ||
				parts[3] == "" || !strings.HasPrefix(field, parts[3]) || parts[4] != "in sight" {
				t.Errorf("%s: clicking the problem on %s: %q", l.name, field, got)
			}
			t.Logf("%s: %s -> %s", l.name, field, got)
		}
	}
	for _, l := range console.Take() {
		t.Errorf("the console says %s", l)
	}
}
