package web

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// Two browsers, two guests, in a real Chromium against the real server: neither sees nor
// reaches the other's armies; a share link opens read-only and "copy into my armies" makes
// the visitor's own army; a revoked link answers 404; a gamemaster's quick-resolve is not
// visible to a player before the lock, and is after it.
func TestTwoGuestsInChromium(t *testing.T) {
	t.Parallel()
	root := testkit.StartChromium(t, "about:blank", 1280, 1000)
	base := startServer(t)
	// Each browser context has its own cookies: two visitors.
	ctxA, cancel1 := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	defer cancel1()
	if err := chromedp.Do(ctxA, chromedp.Navigate(base+"/")); err != nil {
		t.Fatalf("first browser context: %v", err)
	}
	ctxB, cancel2 := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	defer cancel2()
	if err := chromedp.Do(ctxB, chromedp.Navigate(base+"/")); err != nil {
		t.Fatalf("second browser context: %v", err)
	}
	a, b := &browser{t: t, ctx: ctxA}, &browser{t: t, ctx: ctxB}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }

	idA := a.importArmy(base, mixed)
	idB := b.importArmy(base, rebel1500)
	a.do("A's armies", chromedp.Navigate(base+"/"), chromedp.WaitVisible(css("main")))
	if home := a.text("main"); !strings.Contains(home, "Mixed Imperial Force") || strings.Contains(home, idB) {
		t.Fatalf("A's home: %q", home)
	}
	a.do("A opens B's army by its id", chromedp.Navigate(base+"/armies/"+idB), chromedp.WaitVisible(css("h1")))
	if h := a.text("h1"); h != "Not Found" {
		t.Fatalf("A reached B's army: %q", h)
	}
	b.do("B opens A's army's export", chromedp.Navigate(base+"/armies/"+idA+"/edit"), chromedp.WaitVisible(css("h1")))
	if h := b.text("h1"); h != "Not Found" {
		t.Fatalf("B reached A's editor: %q", h)
	}
	b.do("B's pickers", chromedp.Navigate(base+"/sim"), chromedp.WaitVisible(css("main")))
	if strings.Contains(b.text("main"), "Mixed Imperial Force") {
		t.Fatal("B's matchup pickers offer A's army")
	}

	// A shares; B opens the link read-only and copies the army into its own.
	a.do("A shares", chromedp.Navigate(base+"/armies/"+idA), chromedp.WaitVisible(css("#share-army")),
		chromedp.Click(css("#share-army")), chromedp.WaitVisible(css("#share-link-0")))
	link := a.value("#share-link-0")
	if !strings.HasPrefix(link, base+"/share/") {
		t.Fatalf("share link %q", link)
	}
	a.shot("owners-share-links")
	b.do("B opens the link", chromedp.Navigate(link), chromedp.WaitVisible(css("#copy-shared")))
	if h := b.text("h1"); h != "Mixed Imperial Force" {
		t.Fatalf("the shared page: %q", h)
	}
	b.shot("owners-shared-page")
	b.do("B copies it", chromedp.Click(css("#copy-shared")), chromedp.WaitVisible(css(".flash")))
	if f := b.text(".flash"); !strings.Contains(f, "Copied into your armies") {
		t.Fatalf("after copying: %q", f)
	}
	copied, _, _ := strings.Cut(strings.TrimPrefix(b.location(), base+"/armies/"), "?")
	if copied == idA || copied == "" {
		t.Fatalf("the copy is at %q", b.location())
	}
	b.do("B's armies", chromedp.Navigate(base+"/"), chromedp.WaitVisible(css("main")))
	if home := b.text("main"); !strings.Contains(home, "Mixed Imperial Force") {
		t.Fatalf("B's home lacks the copy: %q", home)
	}
	// Revoking asks first (nothing brings a link back): A says no, and the link still opens;
	// then yes.
	answer := func(yes bool) chromedp.Action[chromedp.Void] {
		return chromedp.Evaluate[chromedp.Void](`window.confirm = function (m) { window.__asked = m; return ` + strconv.FormatBool(yes) + `; }`)
	}
	a.do("A starts to revoke the link", chromedp.Navigate(base+"/armies/"+idA), chromedp.WaitVisible(css(".revoke-share")),
		answer(false), chromedp.Click(css(".revoke-share")))
	asked, err := chromedp.Run(a.ctx, chromedp.Evaluate[string](`window.__asked || ""`))
	if err != nil || !strings.Contains(asked, "Revoke this share link?") {
		t.Fatalf("revoking asked %q (%v), want a question", asked, err)
	}
	b.do("B opens the link still", chromedp.Navigate(link), chromedp.WaitVisible(css("h1")))
	if h := b.text("h1"); h != "Mixed Imperial Force" {
		t.Fatalf("a link A did not revoke opens %q", h)
	}
	a.do("A revokes the link", answer(true), chromedp.Click(css(".revoke-share")), chromedp.WaitVisible(css(".flash")))
	b.do("B opens the revoked link", chromedp.Navigate(link), chromedp.WaitVisible(css("h1")))
	if h := b.text("h1"); h != "Not Found" {
		t.Fatalf("a revoked link opens: %q", h)
	}

	// A runs a game night; B and A each bring a list; A quick-resolves them.
	a.do("A makes a game", chromedp.Navigate(base+"/games/new"), chromedp.WaitVisible(css("#preset-sample-game")),
		chromedp.Click(css("#preset-sample-game")))
	// The preset loads the form again, filled in: wait for it rather than race it.
	a.waitValue("#limits-rebel", "total: 2000")
	a.do("create it", chromedp.WaitVisible(css("#save-game")), chromedp.Click(css("#save-game")), chromedp.WaitVisible(css("#player-link")))
	gmURL, playerURL := a.value("#gm-link"), a.value("#player-link")
	for _, p := range []struct {
		br         *browser
		who, side  string
		importPath string
	}{{b, "Leia", "rebel", rebel1500}, {a, "Veers", "imperial", imperial1500}} {
		p.br.do(p.who+" imports a list", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#import-list")),
			chromedp.SendKeys(css("#import-player"), p.who), chromedp.SetValue(css("#import-side"), p.side),
			chromedp.SetValue(css("#import-text"), readFile(t, p.importPath)),
			chromedp.Click(css("#import-list-button")), chromedp.WaitVisible(css("#submit-list")),
			chromedp.Click(css("#submit-list")))
		p.br.waitText("#list-status", func(s string) bool { return strings.Contains(s, "Submitted") })
	}
	a.do("A resolves", chromedp.Navigate(gmURL), chromedp.WaitVisible(css("#quick-resolve")),
		chromedp.Click(css("#quick-resolve summary")), chromedp.WaitVisible(css("#resolve-b")))
	second, err := chromedp.Run(ctxA, chromedp.Evaluate[string](`document.querySelector("#resolve-b").options[1].value`))
	if err != nil {
		t.Fatal(err)
	}
	a.do("play 20 battles", chromedp.SetValue(css("#resolve-b"), second), chromedp.SetValue(css("#resolve-battles"), "20"),
		chromedp.Click(css("#resolve")))
	a.waitText("h1", func(s string) bool { return strings.Contains(s, " against ") })
	result := a.location()
	if !strings.Contains(result, "/gm/") || !strings.Contains(result, "/sims/") {
		t.Fatalf("the GM's result is at %q", result)
	}
	a.shot("owners-gm-result")
	simID := result[strings.LastIndex(result, "/")+1:]
	playerSim := playerURL + "/sims/" + simID
	b.do("B tries the result before the lock", chromedp.Navigate(playerSim), chromedp.WaitVisible(css("h1")))
	if h := b.text("h1"); h != "Not Found" {
		t.Fatalf("a player sees the GM's matchup before the lock: %q", h)
	}
	b.do("B's matchups page", chromedp.Navigate(base+"/sim"), chromedp.WaitVisible(css("main")))
	if strings.Contains(b.text("main"), "Matchups played") {
		t.Fatal("the game's matchup is on a player's /sim page")
	}
	a.do("A locks", chromedp.Navigate(gmURL), chromedp.WaitVisible(css("#lock")), chromedp.Click(css("#lock")), chromedp.WaitVisible(css("#unlock")))
	b.do("B after the lock", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#all-lists")))
	if !strings.Contains(b.text("#all-lists"), "The gamemaster's matchups") {
		t.Fatal("after the lock the player page does not list the matchup")
	}
	b.do("B opens the result", chromedp.Navigate(playerSim), chromedp.WaitVisible(css("#outcome")))
	b.shot("owners-player-result-after-lock")
}
