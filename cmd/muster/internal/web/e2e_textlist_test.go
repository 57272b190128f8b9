package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// The army page folds the text list for a forum or a chat under its summary, with the
// squads' commanders and the heroes' Force skills (issue 31), and a Copy button that copies
// it (or, where the browser offers no clipboard, selects it all for the keyboard).
func TestTheArmyPageCopiesItsTextList(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	console := testkit.WatchConsole(t, ctx)
	b := &browser{t: t, ctx: ctx}
	id := b.importArmy(base, "../../../../rules/battle/testdata/full-1500.yaml")
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	b.do("army page", chromedp.Navigate(base+"/armies/"+id), chromedp.WaitVisible(css("#text-list-box summary")),
		chromedp.Click(css("#text-list-box summary")), chromedp.WaitVisible(css("#copy-text-list")))
	text := b.text("#text-list")
	for _, want := range []string{"Full kit (Rebel) — ", "Force alter 3, control 3, sense 3: control pain", "(3 Force Points)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text list lacks %q:\n%s", want, text)
		}
	}
	elemShot(t, ctx, "#text-list-box", "textlist-1280")
	b.do("copy", chromedp.Click(css("#copy-text-list")))
	got := b.waitText("#copy-text-list", func(s string) bool { return s != "Copy" })
	if got == "Copied" {
		clip, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
		if err == nil && clip != text {
			t.Errorf("the clipboard holds %q, want the list", clip)
		}
	} else {
		sel, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.getSelection().toString()`))
		if err != nil {
			t.Fatal(err)
		}
		if got != "Selected: press Ctrl+C" || strings.TrimSpace(sel) != strings.TrimSpace(text) {
			t.Errorf("the button says %q and %q is selected; want the list copied or selected", got, sel)
		}
	}
	b.do("phone", chromedp.EmulateViewport(360, 800))
	elemShot(t, ctx, "#text-list-box", "textlist-360")
	for _, l := range console.Take() {
		t.Errorf("the console says %s", l)
	}
}

// elemShot saves a screenshot of one element (under MUSTER_SCREENSHOTS), for a look at a
// part of a long page.
func elemShot(t *testing.T, ctx context.Context, sel, name string) {
	dir := os.Getenv("MUSTER_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Log(err)
	}
}
