package testkit

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Console collects what a tab reports as wrong: console.error and console.warn calls,
// uncaught exceptions, and the browser's own log entries at warning or error (a resource
// that failed to load, a Content-Security-Policy refusal, a deprecation). A clean console
// on every page is part of a page being done (issue 31).
type Console struct {
	mu    sync.Mutex
	lines []string
}

// WatchConsole starts collecting the tab's reports (ctx is a chromedp tab's context).
func WatchConsole(t *testing.T, ctx context.Context) *Console {
	t.Helper()
	c := &Console{}
	err := chromedp.Listen(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type != runtime.ConsoleAPICalledTypeError && e.Type != runtime.ConsoleAPICalledTypeWarning {
				return
			}
			var parts []string
			for _, a := range e.Args {
				if a.Description != "" {
					parts = append(parts, a.Description)
				} else {
					parts = append(parts, strings.Trim(string(a.Value), `"`))
				}
			}
			c.add("console." + string(e.Type) + ": " + strings.Join(parts, " "))
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			c.add("exception: " + msg)
		case *cdplog.EventEntryAdded:
			if l := e.Entry.Level; l == cdplog.EntryLevelError || l == cdplog.EntryLevelWarning {
				c.add(string(e.Entry.Source) + " " + string(l) + ": " + e.Entry.Text + " " + e.Entry.URL)
			}
		}
	})
	if err != nil {
		t.Fatalf("watch the console: %v", err)
	}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, runtime.Enable, cdp.Empty{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, cdplog.Enable, cdp.Empty{})
		return err
	})); err != nil {
		t.Fatalf("enable the console's events: %v", err)
	}
	return c
}

func (c *Console) add(s string) {
	c.mu.Lock()
	c.lines = append(c.lines, s)
	c.mu.Unlock()
}

// Take returns what was reported since the last Take, and forgets it.
func (c *Console) Take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.lines
	c.lines = nil
	return out
}
