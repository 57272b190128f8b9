package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A d20 player's evening in a real Chromium against the real server: create a Rebel
// Alliance squad, build the rulebook's sample squad (Squad Construction) from the card
// picker and read 100 of 100, then make Princess Leia two figures and read the error that
// names her unit, as they type.
func TestSWMSampleSquadInChromium(t *testing.T) {
	t.Parallel()
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }

	b.do("create a d20 squad", chromedp.Navigate(base+"/armies/new"), chromedp.WaitVisible(css("#new-army")),
		chromedp.SetValue(css("#system"), "swm"), chromedp.SendKeys(css("#name"), "Echo Base defenders"),
		chromedp.Click(css("#new-army button[type=submit]")), chromedp.WaitVisible(css("#squad-form")))
	b.shot("swm-editor-empty")

	total := 0
	for _, add := range []struct {
		id   string
		cost int
	}{
		{"princessleiahothcommander", 19}, {"rebelleader", 18}, {"hothtrooperwithatgarcannon", 15},
		{"hothtrooperwithatgarcannon", 15}, {"elitehothtrooper", 12}, {"hothtrooper", 7}, {"hothtrooper", 7}, {"hothtrooper", 7},
	} {
		total += add.cost
		want := itoaS(total)
		b.do("add "+add.id, chromedp.WaitVisible(css("#add-"+add.id)), chromedp.Click(css("#add-"+add.id)))
		b.waitText("#army-total", func(s string) bool { return s == want })
	}
	if got := b.text("#army-total"); got != "100" {
		t.Fatalf("the sample squad reads %s", got)
	}
	if got := b.text("#army-limit"); got != "100" {
		t.Fatalf("limit %s", got)
	}
	if p := b.text("#breakdown-panel"); !strings.Contains(p, "no problems") && strings.Contains(p, "error") {
		t.Fatalf("the sample squad has errors: %s", p)
	}
	units := b.text("#squad-units")
	for _, want := range []string{"Princess Leia, Hoth Commander", "Rebel Leader", "Hoth Trooper with Atgar Cannon", "Elite Hoth Trooper"} {
		if !strings.Contains(units, want) {
			t.Errorf("the squad lacks %s: %s", want, units)
		}
	}
	if why := b.text("#why-princessleiahothcommander"); !strings.Contains(why, "Unique") {
		t.Errorf("the picker does not say why a second Leia is greyed out: %q", why)
	}
	b.shot("swm-editor-sample-1280-light")

	// A second Princess Leia, typed as a count: the error names her unit, at once.
	b.do("two Leias", chromedp.SetValue(css("#count-0"), "2"))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#count-0").dispatchEvent(new Event("input", {bubbles: true}))`)); err != nil {
		t.Fatal(err)
	}
	msg := b.waitText("#problem-list", func(s string) bool { return strings.Contains(s, "Unique") })
	if !strings.Contains(msg, "Unit 1, Princess Leia, Hoth Commander: count: 2 copies of the Unique Princess Leia") {
		t.Fatalf("the second Leia's error: %s", msg)
	}
	if got := b.text("#army-total"); got != "119" {
		t.Errorf("two Leias read %s, want 119", got)
	}
	if got := b.text("#save-state"); got != "not saved" {
		t.Errorf("save state %q", got)
	}
	b.shot("swm-editor-two-leias-1280-light")

	// A count past the file's 100 figures: the cost update still runs (the browser's own
	// validation would stop it and leave 119 standing) and names the field and the fix;
	// back at 2, the total is 119 again.
	setCount := func(v string) {
		b.do("count "+v, chromedp.SetValue(css("#count-0"), v))
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#count-0").dispatchEvent(new Event("input", {bubbles: true}))`)); err != nil {
			t.Fatal(err)
		}
	}
	setCount("101")
	b.waitText("#breakdown-panel", func(s string) bool {
		return strings.Contains(s, `Unit 1, Princess Leia, Hoth Commander count: write how many figures, a whole number from 1 to 100, not "101"`)
	})
	setCount("2")
	b.waitText("#army-total", func(s string) bool { return s == "119" })

	// The screens at both widths, light and dark: the editor with its error, the summary.
	// Wait for the saved page itself: the form is on the page before the save lands too, and
	// navigating away while the save's page loads aborts one of them (ERR_ABORTED).
	b.do("save the two Leias", chromedp.Click(css("#save-squad")))
	b.waitText("#save-state", func(s string) bool { return strings.HasPrefix(s, "saved") })
	id := strings.TrimSuffix(strings.Split(strings.TrimPrefix(b.location(), base+"/armies/"), "?")[0], "/edit")
	for _, size := range []struct {
		w, h int64
		name string
	}{{1280, 900, "1280"}, {360, 800, "360"}} {
		for _, theme := range []string{"light", "dark"} {
			for _, pg := range []struct{ path, name string }{{"/armies/" + id + "/edit", "editor"}, {"/armies/" + id, "summary"}} {
				b.do("window", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate(base+pg.path), chromedp.WaitVisible(css("h1")))
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.setAttribute("data-theme", "`+theme+`"), true`)); err != nil {
					t.Fatal(err)
				}
				wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
				if err != nil {
					t.Fatal(err)
				}
				if wide {
					culprits, _ := chromedp.Run(ctx, chromedp.Evaluate[string](wideElements))
					t.Errorf("%s at %s px scrolls sideways (%s)", pg.name, size.name, culprits)
				}
				b.shot("swm-" + pg.name + "-" + size.name + "-" + theme)
			}
		}
	}
}
