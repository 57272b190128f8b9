package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// "What should I bring?" on a game night's list, in Chromium: the player's list links it
// and, before the lock, the page says why there is no field (and shows no other list); the
// gamemaster's list page links the form, which offers the other side's submitted list, on
// the game's battlefield. Both pages pass axe at 1280 and 360 px, light and dark, and fit a
// phone (b.looks).
func TestGameNightWhatToBringInChromium(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 900)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	value := func(sel string) string {
		t.Helper()
		v, err := chromedp.Run(ctx, chromedp.Value(css(sel)))
		if err != nil {
			t.Fatalf("value of %s: %v", sel, err)
		}
		return v
	}
	b.do("a game", chromedp.Navigate(base+"/games/new"), chromedp.WaitVisible(css("#preset-sample-game")),
		chromedp.Click(css("#preset-sample-game")))
	b.waitValue("#limits-rebel", "total: 2000")
	b.do("on an open field", chromedp.SetValue(css("#game-battlefield"), "open-field"))
	b.do("create it", chromedp.WaitVisible(css("#save-game")), chromedp.Click(css("#save-game")), chromedp.WaitVisible(css("#player-link")))
	gmURL, playerURL := value("#gm-link"), value("#player-link")
	importList := func(who, side, path string) string {
		b.do("import "+who, chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#import-list")),
			chromedp.SendKeys(css("#import-player"), who), chromedp.SetValue(css("#import-side"), side),
			chromedp.SetValue(css("#import-text"), readFile(t, path)),
			chromedp.Click(css("#import-list-button")), chromedp.WaitVisible(css("#submit-list")))
		listURL, _, _ := strings.Cut(b.location(), "?")
		b.do("submit "+who, chromedp.Click(css("#submit-list")), chromedp.WaitVisible(css("#withdraw-list")))
		return listURL
	}
	importList("Vader", "imperial", imperial1500)
	leia := importList("Leia", "rebel", rebel1500)

	// The player, before the lock: the link among the list's actions (which still fit a
	// phone), and the page saying why there is no field.
	b.do("the player's list", chromedp.Navigate(leia), chromedp.WaitVisible(css("#optimize-list")))
	b.looks("game-optimize-player-list")
	b.do("the player's What should I bring?", chromedp.Click(css("#optimize-list")), chromedp.WaitVisible(css("#optimize-closed")))
	if got := b.text("#optimize-closed"); !strings.Contains(got, "secret until the gamemaster locks submissions") {
		t.Errorf("the player's page says %q", got)
	}
	if got := b.text("main"); strings.Contains(got, "Vader") {
		t.Errorf("before the lock the player's page names the other side's list: %q", got)
	}
	b.looks("game-optimize-player-closed")

	// The gamemaster: from the list's page to the form, the field the Imperial list.
	b.do("the gamemaster's page", chromedp.Navigate(gmURL), chromedp.WaitVisible(css("#player-link")))
	listHref, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(function(){
		for (const a of document.querySelectorAll('a[href*="/lists/"]')) {
			const row = a.closest("tr, li");
			if (row && row.textContent.includes("Leia") && !a.getAttribute("href").includes("/sheets")) return a.getAttribute("href");
		}
		return "";
	})()`))
	if err != nil || listHref == "" {
		t.Fatalf("the gamemaster's page links no list of Leia's (%v)", err)
	}
	b.do("the gamemaster's list", chromedp.Navigate(base+listHref), chromedp.WaitVisible(css("#optimize-list")),
		chromedp.Click(css("#optimize-list")), chromedp.WaitVisible(css("#optimize-form")))
	if got := b.text("#optimize-form legend"); !strings.Contains(got, "Against the Imperial lists submitted to") {
		t.Errorf("the gamemaster's form's legend: %q", got)
	}
	if got := b.text("#optimize-form .optimize-opponent"); !strings.Contains(got, "(Vader)") {
		t.Errorf("the gamemaster's field: %q", got)
	}
	if got := value("#optimize-scenario"); got != "game" {
		t.Errorf("the form starts on %q, not the game's battlefield", got)
	}
	b.looks("game-optimize-gm-form")

	// A small search, to its path: the field said, and the gamemaster's save.
	b.do("search", chromedp.SetValue(css("#optimize-battles"), "20"), chromedp.SetValue(css("#optimize-budget"), "1000"),
		chromedp.SetValue(css("#optimize-seed"), "2"), chromedp.Click(css("#optimize-form button[type=submit]")))
	got := b.waitText("#optimize-field", func(s string) bool { return strings.Contains(s, "Against the Imperial lists of") })
	if !strings.Contains(got, "Reference Imperial force (Vader) on Open field") {
		t.Errorf("the path's field: %q", got)
	}
	b.looks("game-optimize-gm-path")
}
