package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/labstack/echo/v5"

	"muster/db"
	"muster/rules"
)

// At most limit requests at once; the next ones wait in the queue, pages before heavy work,
// first come first within each; a full queue refuses at once.
func TestAdmissionServesPagesFirstAndBoundsTheQueue(t *testing.T) {
	ad := newAdmission(1, 3, time.Minute)
	ctx := context.Background()
	if !ad.acquire(ctx, classHeavy) {
		t.Fatal("the first request is refused")
	}
	var (
		mu    sync.Mutex
		order []string
		wg    sync.WaitGroup
	)
	wait := func(name string, class int) {
		defer wg.Done()
		if !ad.acquire(ctx, class) {
			t.Errorf("%s refused", name)
			return
		}
		mu.Lock()
		order = append(order, name)
		mu.Unlock()
		ad.release(class)
	}
	queued := func(n int) {
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			ad.mu.Lock()
			q := ad.queued
			ad.mu.Unlock()
			if q == n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d waiting, want %d", q, n)
			}
		}
	}
	wg.Add(3)
	go wait("heavy 1", classHeavy)
	queued(1)
	go wait("heavy 2", classHeavy)
	queued(2)
	go wait("page", classPage)
	queued(3)
	// The queue is full: the next is refused at once.
	start := time.Now()
	if ad.acquire(ctx, classPage) {
		t.Fatal("a request beyond the queue was let in")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the refusal took %v, want at once", d)
	}
	ad.release(classHeavy)
	wg.Wait()
	if got := strings.Join(order, ", "); got != "page, heavy 1, heavy 2" {
		t.Errorf("served in the order %s, want the page first, then the heavy ones as they came", got)
	}
	if ad.inFlight != 0 || ad.queued != 0 {
		t.Errorf("after all: %d in flight, %d queued", ad.inFlight, ad.queued)
	}
}

// A request that waits longer than the wait is refused, and leaves the queue.
func TestAdmissionRefusesAfterTheWait(t *testing.T) {
	ad := newAdmission(1, 5, 50*time.Millisecond)
	ctx := context.Background()
	ad.acquire(ctx, classPage)
	if ad.acquire(ctx, classPage) {
		t.Fatal("let in while the one turn is taken")
	}
	if ad.queued != 0 {
		t.Errorf("%d left in the queue after the wait", ad.queued)
	}
	ad.release(classPage)
	if !ad.acquire(ctx, classHeavy) {
		t.Error("refused once the turn is free")
	}
}

// Heavy work holds at most three turns of four: a page always finds one, even while more
// heavy work waits; a heavy request ending lets the next one in.
func TestAdmissionKeepsATurnForPages(t *testing.T) {
	ad := newAdmission(4, 10, time.Minute)
	ctx := context.Background()
	for i := range 3 {
		if !ad.acquire(ctx, classHeavy) {
			t.Fatalf("heavy request %d refused", i+1)
		}
	}
	got := make(chan bool)
	go func() { got <- ad.acquire(ctx, classHeavy) }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		ad.mu.Lock()
		q := ad.queued
		ad.mu.Unlock()
		if q == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a fourth heavy request did not wait")
		}
	}
	if !ad.acquire(ctx, classPage) {
		t.Fatal("a page refused while heavy work holds three turns of four")
	}
	ad.release(classPage)
	ad.release(classHeavy)
	if !<-got {
		t.Fatal("the waiting heavy request was refused when a heavy turn was freed")
	}
	if ad.inFlight != 3 || ad.heavy != 3 || ad.queued != 0 {
		t.Errorf("%d in flight (%d heavy), %d queued; want 3 (3), 0", ad.inFlight, ad.heavy, ad.queued)
	}
}

// The web app under more requests than it serves at once: the excess is answered 503 early
// with Retry-After and a page in words (logged as a warning, not an error), the health check
// and the static files still answer, and once the load is gone pages are served again.
func TestBusyServerAnswers503InWordsWithRetryAfter(t *testing.T) {
	t.Parallel()
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	var logs lockedBuffer
	logger := slog.New(slog.NewTextHandler(&logs, nil))
	e, a := newApp(store, rules.Default(), logger, Config{MaxRequests: 2, MaxQueued: 2})
	a.admission.wait = 100 * time.Millisecond
	block := make(chan struct{})
	e.GET("/test/slow", func(c *echo.Context) error {
		<-block
		return c.String(http.StatusOK, "done")
	})
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	// Two slow requests take both turns, two more fill the queue.
	var wg sync.WaitGroup
	statuses := make(chan int, 4)
	for range 4 {
		wg.Go(func() {
			resp, err := http.Get(srv.URL + "/test/slow")
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			statuses <- resp.StatusCode
		})
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		a.admission.mu.Lock()
		full := a.admission.inFlight == 2
		a.admission.mu.Unlock()
		if full {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the slow requests never took their turns")
		}
	}
	for range 20 {
		resp, err := http.Get(srv.URL + "/")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("a page while busy: %d, want 503", resp.StatusCode)
		}
		if resp.Header.Get("Retry-After") == "" {
			t.Error("the 503 has no Retry-After")
		}
		if !strings.Contains(string(body), "Muster is busy") || !strings.Contains(resp.Header.Get("Content-Type"), "text/html") {
			t.Fatalf("the 503 is not a page in words:\n%.500s", body)
		}
	}
	// A cost update refused: the message in the breakdown's place, not a whole page.
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/", nil)
	req.Header.Set("HX-Request", "true")
	if resp, err := http.DefaultClient.Do(req); err != nil {
		t.Fatal(err)
	} else {
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "Muster is busy") || strings.Contains(string(body), "<html") {
			t.Errorf("an htmx request while busy: %d\n%.300s", resp.StatusCode, body)
		}
	}
	// Nothing refused stays behind: no request holds a turn but the two slow ones, and none
	// waits for one but the (at most) two that queued behind them (counted in the
	// admission's own books: the process's goroutines are shared with the package's other
	// tests, running beside this one).
	a.admission.mu.Lock()
	inFlight, queued, waiting := a.admission.inFlight, a.admission.queued, 0
	for i := range a.admission.waiting {
		waiting += a.admission.waiting[i].Len()
	}
	a.admission.mu.Unlock()
	if inFlight != 2 || queued > 2 || waiting != queued {
		t.Errorf("after the refusals: %d in flight, %d queued, %d waiting; want the 2 slow requests in flight and at most the 2 behind them waiting", inFlight, queued, waiting)
	}
	// A matchup's progress stream is not held either: it stays open for minutes.
	if !unadmitted(httptest.NewRequest(http.MethodGet, "/sim/run/abc/events", nil)) {
		t.Error("a matchup's progress stream would take a turn for as long as it plays")
	}
	for _, p := range []string{"/healthz", "/static/app.js"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s while busy: %d, want 200", p, resp.StatusCode)
		}
	}
	close(block)
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK && s != http.StatusServiceUnavailable {
			t.Errorf("a slow request answered %d", s)
		}
	}
	resp, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the armies page once the load is gone: %d", resp.StatusCode)
	}
	out := logs.String()
	if strings.Contains(out, "level=ERROR") {
		t.Errorf("a refusal was logged as an error:\n%s", out)
	}
	if !strings.Contains(out, "level=WARN") || !strings.Contains(out, "status=503") {
		t.Errorf("the refusals are not in the log as warnings:\n%.2000s", out)
	}
}
