package web

import (
	"bufio"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/db/dbtest"
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

// On PostgreSQL a progress stream is told of its job's changes (LISTEN/NOTIFY) instead of
// asking four times a second: with the stream's own look set to every 10 s, a chunk saved by
// a worker shows on the page within a second.
func TestProgressIsPushedOnPostgres(t *testing.T) {
	dsn := dbtest.Postgres(t)
	prev := pushedProgressEvery
	pushedProgressEvery = 10 * time.Second
	t.Cleanup(func() { pushedProgressEvery = prev })
	ts := newTestServerJobs(t, dsn, jobs.Options{Workers: 0})
	army := ts.importFile(rebel1500)
	r := ts.postForm("/sim", url.Values{"a": {army}, "b": {army}, "battles": {"1000"}, "scenario": {"open-field"}})
	wantStatus(t, "POST /sim", r, http.StatusSeeOther)
	run := r.header.Get("Location")
	resp, err := ts.c.Get(ts.srv.URL + run + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data := make(chan string, 16)
	go func() {
		defer close(data)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
				data <- d
			}
		}
	}()
	if d := <-data; !strings.Contains(d, `"done":0`) {
		t.Fatalf("the first progress: %s", d)
	}
	time.Sleep(300 * time.Millisecond) // the listener is listening
	saved := time.Now()
	if err := ts.store.SaveChunk(context.Background(), strings.TrimPrefix(run, "/sim/run/"), 0, 500, []byte("{}")); err != nil {
		t.Fatal(err)
	}
	select {
	case d := <-data:
		if !strings.Contains(d, `"done":500`) {
			t.Errorf("after a chunk: %s", d)
		}
		if took := time.Since(saved); took > time.Second {
			t.Errorf("the chunk showed after %v, want within a second", took)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the saved chunk was not pushed to the page")
	}
}
