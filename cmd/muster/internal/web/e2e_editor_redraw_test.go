package web

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A unit's redraw (a weapon picked: the unit is drawn again with a new blank row) must
// survive the cost update still due from a keystroke just before it (the form's 300 ms
// after the last input). On a busy server the redraw is still in flight when that update
// fires; sharing the form's "replace" sync, the update aborted it and the unit was never
// drawn again (CI failed so on main). Here the browser holds every redraw back 600 ms, so
// the update always fires while the redraw is in flight: ten Standard Rebel Troopers
// (330), command 4 typed (+2: 332), Specialist 1's Flamethrower picked at once (+15: 347)
// must bring the second weapon row.
func TestARedrawSurvivesTheCostUpdateDueFromTheKeystrokeBefore(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	id := b.importArmy(base, testkit.WriteFile(t, tenTroopers))
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	command := `input[name="u0.commander.skills.skill.command"]`
	b.do("editor", chromedp.Navigate(base+"/armies/"+id+"/edit"), chromedp.WaitVisible(css(command)))
	totalIs := func(what string, want int) {
		t.Helper()
		got := b.waitText("#army-total", func(s string) bool { return s == strconv.Itoa(want) })
		t.Logf("%s: %s", what, got)
	}
	totalIs("ten troopers", 330)
	// A slow server, for redraws only (their requests carry "rerender"): each is sent 600 ms
	// after htmx asks.
	b.do("slow redraws", chromedp.Evaluate[chromedp.Void](`(function(){
		const send = XMLHttpRequest.prototype.send;
		XMLHttpRequest.prototype.send = function (body) {
			const xhr = this;
			if (body && String(body).includes("rerender")) {
				setTimeout(function () { send.call(xhr, body); }, 600);
			} else {
				send.call(xhr, body);
			}
		};
	})()`))
	b.do("type command 4", chromedp.SendKeys(css(command), "4"))
	totalIs("command 4", 332)
	b.do("pick a Flamethrower at once", chromedp.Evaluate[chromedp.Void](`(function(){
		const el = document.querySelector('select[name="u0.sp0.weapons.0.name"]');
		el.value = "Flamethrower";
		el.dispatchEvent(new Event("change", {bubbles: true}));
	})()`), chromedp.WaitVisible(css(`select[name="u0.sp0.weapons.1.name"]`)))
	totalIs("a Flamethrower", 347)
}
