package testkit

import (
	"context"
	"os/exec"
	"testing"

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
	return ctx
}
