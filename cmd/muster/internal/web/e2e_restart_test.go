package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/rules"
)

// A progress page open in a browser while its web process stops (issue 29): the stream ends
// with "restart", the page says Muster is restarting, EventSource reconnects by itself to the
// process that answers next (here, on the same address, one whose workers play), and the
// page follows the matchup to its result.
func TestAProgressPageReconnectsAfterARestartInChromium(t *testing.T) {
	t.Parallel()
	store := testkit.NewStore(t)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	closing := make(chan struct{})
	first, a1 := newApp(store, rules.Default(), logger, Config{Closing: closing})
	a1.jobs = startTestJobs(t, store, logger, jobs.Options{Workers: 0}) // pages only: the matchup waits
	var current atomic.Pointer[http.Handler]
	h := http.Handler(first)
	current.Store(&h)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*current.Load()).ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	base := srv.URL
	ctx := testkit.StartChromium(t, "about:blank", 1280, 900)
	b := &browser{t: t, ctx: ctx}
	css := func(s string) chromedp.CSS { return chromedp.CSS(s) }
	id := b.importArmy(base, rebel1500)
	b.do("a matchup", chromedp.Navigate(base+"/sim?a="+id+"&b="+id), chromedp.WaitVisible(css("#sim-form")),
		chromedp.SetValue(css("#compare-b"), id), chromedp.SetValue(css("#sim-battles"), "1000"),
		chromedp.Click(css("#sim-form button[type=submit]")), chromedp.WaitVisible(css("#sim-progress")))
	b.waitText("[data-sim-label]", func(s string) bool { return strings.Contains(s, "0 of 1000") })

	// The restart: the next process answers on the same address (same database), and the
	// first stops; then a worker plays the matchup.
	second, a2 := newApp(store, rules.Default(), logger, Config{})
	a2.jobs = startTestJobs(t, store, logger, jobs.Options{Workers: 0})
	h2 := http.Handler(second)
	current.Store(&h2)
	close(closing)
	b.waitText("[data-sim-label]", func(s string) bool { return strings.Contains(s, "Muster is restarting") })
	startTestJobs(t, store, logger, jobs.Options{Workers: 1})
	deadline := time.Now().Add(testkit.Backstop)
	for !strings.Contains(b.location(), "/sims/") {
		if time.Now().After(deadline) {
			t.Fatalf("the page never followed the matchup to its result after the restart: at %s, %q", b.location(), b.text("[data-sim-label]"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.do("the result", chromedp.WaitVisible(css("#odds-table")))
}
