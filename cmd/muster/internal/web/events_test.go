package web

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
)

// A progress page's event stream outlives the server's write timeout (issue 29: it was cut
// after 60 s, the page reconnecting over and over): each event has a deadline of its own.
func TestTheProgressStreamOutlivesTheWriteTimeout(t *testing.T) {
	t.Parallel()
	// Pages only: the matchup stays queued and its page open.
	ts := newTestServerJobs(t, filepath.Join(t.TempDir(), "test.db"), jobs.Options{Workers: 0})
	army := ts.importFile(rebel1500)
	r := ts.postForm("/sim", url.Values{"a": {army}, "b": {army}, "battles": {"1000"}, "scenario": {"open-field"}})
	wantStatus(t, "POST /sim", r, http.StatusSeeOther)
	srv := httptest.NewUnstartedServer(ts.handler)
	srv.Config.WriteTimeout = 300 * time.Millisecond
	srv.Start()
	t.Cleanup(srv.Close)
	resp, err := ts.c.Get(srv.URL + r.header.Get("Location") + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	progress := 0
	for deadline := time.After(1500 * time.Millisecond); ; {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("the stream was cut after %d progress events, within five times the write timeout", progress)
			}
			if l == "event: progress" {
				progress++
			}
			continue
		case <-deadline:
		}
		break
	}
	if progress < 4 {
		t.Errorf("%d progress events in 1.5 s, want one every 250 ms", progress)
	}
}
