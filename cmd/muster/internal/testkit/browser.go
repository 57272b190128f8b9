package testkit

import (
	"context"
	"os/exec"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// ChromiumPath finds Debian's Chromium (CI installs it: apt-get install chromium), or "".
func ChromiumPath() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// StartChromium starts a headless Chromium of the test's own with a window of width by
// height (skipping the test where none is installed, or under -short) and opens a first tab
// on url: the tab's context, closed when the test ends. Every browser test starts it here.
func StartChromium(t *testing.T, url string, width, height int) context.Context {
	t.Helper()
	exe := ChromiumPath()
	if exe == "" {
		t.Skip("no chromium binary found (CI installs Debian's chromium)")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(width, height))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelB := chromedp.NewContext(actx)
	t.Cleanup(cancelB)
	// The first action starts the browser; it runs without a deadline (see chromedp.Run).
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	leaveWithUnsavedWork(t, ctx)
	return ctx
}

// leaveWithUnsavedWork answers "Leave site?" as a player who means to go would: the editor
// asks it when a link is followed while a change is still on its way to the server (its
// draft is kept either way). A headless browser shows no dialog, so unanswered it would hold
// the navigation, and the test, until its deadline, depending on which of the click and the
// cost update came first.
func leaveWithUnsavedWork(t *testing.T, ctx context.Context) {
	t.Helper()
	err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*page.EventJavascriptDialogOpening); ok && e.Type == page.DialogTypeBeforeunload {
			go func() {
				_ = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
					_, err := cdp.Call(ctx, tg, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true})
					return err
				}))
			}()
		}
	})
	if err != nil {
		t.Fatalf("answer the browser's dialogs: %v", err)
	}
}
