package testkit

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A page that asks "Leave site?" (as the editor does while a change is on its way) does not
// hold a test's next navigation: the browser the tests start answers it. Unanswered, the
// navigation waited until the test's deadline (two browser tests failed so in CI, one step
// after an edit); the bound here only stops a hang sooner.
func TestTheBrowserLeavesAPageThatAsksBeforeUnload(t *testing.T) {
	ctx := StartChromium(t, "about:blank", 800, 600)
	page := "data:text/html,<script>addEventListener('beforeunload',function(e){e.preventDefault();e.returnValue=''})</script><input id=b>"
	for _, a := range []chromedp.Action[chromedp.Void]{chromedp.Navigate(page), chromedp.Click(chromedp.CSS("#b")), chromedp.SendKeys(chromedp.CSS("#b"), "x")} {
		if err := chromedp.Do(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	c, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	if err := chromedp.Do(c, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("navigating away from a page that asks before unload: %v", err)
	}
}
