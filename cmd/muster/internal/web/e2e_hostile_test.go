package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// hostileArmy is an army whose names are what a curious or hostile club member types: markup
// that would run a script or close the SVG it is drawn in, and a name of the full 100
// characters without a space.
const hostileArmy = `format: 1
name: WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW
side: rebel
limit: 3000
units:
  - kind: squad
    name: '<script>alert(1)</script>"><img src=x onerror=alert(2)></svg>'
    troop: Rebel Trooper
    size: 6
    skills: {blaster: 4}
    weapons: [blaster rifle]
  - kind: hero
    name: WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW
    move: 10
    attributes: {DEX: 3, KNO: 3, MEC: 2, PER: 4, STR: 3, TEC: 3}
    skills: {blaster: 5}
    weapons: [heavy blaster pistol, '</svg><img src=x onerror=alert(3)>WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW']
    armor: none
`

// injected finds what the names would have made of the page had they not been escaped:
// an inline script, an image from "x", an element with an onerror attribute.
const injected = `document.querySelectorAll('script:not([src]), img[src="x"], [onerror]').length`

// The hostile army's pages in Chromium: nothing its names hold becomes markup, and on a
// 360 px phone no page is wider than the window. A 100-letter name without a space made
// the summary 1,620 px wide (its heading and its problems' messages), the editor's unit
// list 1,634 px, the matchup's and the replay's pages as wide: the phone scrolled sideways
// past every column.
func TestHostileNamesRunNothingAndKeepThePageOnAPhone(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, base+"/", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	path := filepath.Join(t.TempDir(), "hostile.yaml")
	if err := os.WriteFile(path, []byte(hostileArmy), 0o644); err != nil {
		t.Fatal(err)
	}
	id := b.importArmy(base, path)
	b.do("share", chromedp.Navigate(base+"/armies/"+id), chromedp.Click(chromedp.CSS(`form[action$="/share"] button`)),
		chromedp.WaitVisible(chromedp.CSS(".open-share")))
	share, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(".open-share"), "href"))
	if err != nil {
		t.Fatal(err)
	}
	b.do("phone", chromedp.EmulateViewport(360, 800))
	for _, page := range []string{"/", "/armies/" + id, "/armies/" + id + "/edit", "/armies/" + id + "/delete",
		share.Value, "/compare?a=" + id + "&b=" + id, "/odds?firer=" + id + ":0&target=" + id + ":1&range=10"} {
		if !strings.HasPrefix(page, "http") {
			page = base + page
		}
		b.do(page, chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("footer")))
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](injected))
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s: %d elements made of a name's markup", page, n)
		}
		wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
		if err != nil {
			t.Fatal(err)
		}
		if wide {
			culprits, _ := chromedp.Run(ctx, chromedp.Evaluate[string](wideElements))
			t.Errorf("%s is wider than a 360 px window with a 100-letter name (%s)", page, culprits)
		}
		b.shot("hostile-" + strings.NewReplacer("/", "_", "?", "_", "&", "_", ":", "_").Replace(strings.TrimPrefix(page, base)))
	}
}
func TestHostileNamesInTheReplayPage(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	army := filepath.Join(dir, "hostile.yaml")
	// The unknown weapon would keep the hero off the table: the rest of the army plays.
	text := strings.Replace(hostileArmy, ", '</svg><img src=x onerror=alert(3)>WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'", "", 1)
	if err := os.WriteFile(army, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "replay.html")
	if code, _, stderr := runMuster(t, "battle", "--html", page, army, imperial1500); code != 0 {
		t.Fatalf("muster battle --html: exit %d: %s", code, stderr)
	}
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	b.do("phone", chromedp.EmulateViewport(360, 800), chromedp.Navigate("file://"+page), chromedp.WaitReady(chromedp.CSS("h1")))
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('img[src="x"], [onerror]').length + document.querySelectorAll('script').length - 1`))
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("the replay page holds %d elements made of a name's markup", n)
	}
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth + 1`))
	if err != nil {
		t.Fatal(err)
	}
	if wide {
		culprits, _ := chromedp.Run(ctx, chromedp.Evaluate[string](wideElements))
		t.Errorf("the replay page is wider than a 360 px window with a 100-letter name (%s)", culprits)
	}
}
