package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"muster/cmd/muster/internal/testkit"
)

// A gamemaster who presses "New player link…" by mistake, mid-evening, is asked first and
// can keep the link; asked again, confirming replaces it and the old link opens nothing.
// Done from the keyboard (focus and Enter), with the page's scripts switched off: the
// confirmation is a page and a form, not a script's dialog.
func TestReplacingThePlayerLinkIsAskedFirstInChromium(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, base+"/games/new", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	// Every read waits out a page still arriving: a link is never empty on the GM page.
	value := func(sel string) string {
		t.Helper()
		return b.valueWhen(sel, func(v string) bool { return v != "" })
	}
	b.do("the Sample Game", chromedp.WaitVisible(css("#preset-sample-game")), chromedp.Click(css("#preset-sample-game")))
	b.waitValue("#limits-rebel", "total: 2000") // the preset loads the form again, filled in
	b.do("create it", chromedp.WaitVisible(css("#save-game")), chromedp.Click(css("#save-game")), chromedp.WaitVisible(css("#player-link")))
	gmURL, playerURL := value("#gm-link"), value("#player-link")
	b.shot("game-gm-links")

	b.do("no scripts", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	press := func(what, sel, next string) {
		t.Helper()
		b.do(what, chromedp.WaitVisible(css(sel)), chromedp.Focus(css(sel)), chromedp.KeyEvent(kb.Enter), chromedp.WaitVisible(css(next)))
	}
	press("New player link…", "#rotate-player", "#confirm-rotate")
	b.shot("game-rotate-player-confirm")
	if what := strings.Join(strings.Fields(b.text("#rotate-what")), " "); !strings.Contains(what, "The player link stops working at once, for every player who has it") {
		t.Errorf("the confirmation says %q", what)
	}
	press("Keep the current link", "#keep-current-link", "#player-link")
	if got := value("#player-link"); got != playerURL {
		t.Fatalf("keeping the link changed it: %q, was %q", got, playerURL)
	}
	b.do("the player link still opens the game", chromedp.Navigate(playerURL), chromedp.WaitVisible(css("#start-list")))
	b.do("back to the GM page", chromedp.Navigate(gmURL), chromedp.WaitVisible(css("#rotate-player")))

	press("New player link… again", "#rotate-player", "#confirm-rotate")
	press("Replace the player link", "#confirm-rotate", ".flash")
	fresh := b.valueWhen("#player-link", func(v string) bool { return v != "" && v != playerURL })
	if fresh == playerURL || !strings.Contains(fresh, "/play/") {
		t.Fatalf("the player link after confirming: %q, was %q", fresh, playerURL)
	}
	if flash := b.text(".flash"); !strings.Contains(flash, "The old one opens nothing any more") {
		t.Errorf("after replacing, the page says %q", flash)
	}
	b.do("the old player link", chromedp.Navigate(playerURL), chromedp.WaitVisible(css(".error-box")))
	if msg := b.text(".error-box"); !strings.Contains(msg, "There is no game at this link") {
		t.Errorf("the old player link says %q", msg)
	}
}
