package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/testkit"
)

// A name field takes at most 100 characters (maxlength): the browser cuts a longer paste and
// drops keys past the limit without a word, so the page says so beside the field. A paste
// of 150 characters into the empty army name leaves out the last 50; typing up to the
// limit says it is reached.
func TestANameFieldSaysWhenItsLimitCutsWhatWasTyped(t *testing.T) {
	t.Parallel()
	base := startServer(t)
	ctx := testkit.StartChromium(t, "about:blank", 1280, 1000)
	b := &browser{t: t, ctx: ctx}
	b.do("new army", chromedp.Navigate(base+"/armies/new"), chromedp.WaitVisible(chromedp.CSS("#name")))
	paste := `(() => { const el = document.getElementById("name"); el.focus();
		const dt = new DataTransfer(); dt.setData("text/plain", "x".repeat(150));
		el.dispatchEvent(new ClipboardEvent("paste", {clipboardData: dt, bubbles: true, cancelable: true})); return true; })()`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](paste)); err != nil {
		t.Fatal(err)
	}
	note := b.waitText("#name-limit", func(string) bool { return true })
	if !strings.Contains(note, "at most 100 characters") || !strings.Contains(note, "the last 50") {
		t.Errorf("after pasting 150 characters the name field says %q, want the 100-character limit and the 50 left out", note)
	}

	b.do("type to the limit", chromedp.Clear(chromedp.CSS("#name")), chromedp.SendKeys(chromedp.CSS("#name"), strings.Repeat("y", 101)))
	b.waitText("#name-limit", func(s string) bool { return strings.HasPrefix(s, "100 of 100 characters") })
}
