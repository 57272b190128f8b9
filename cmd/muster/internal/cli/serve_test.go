package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/cmd/muster/internal/web"
	"muster/db"
)

func TestServeShutsDownGracefully(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() {
		done <- serve(ctx, "127.0.0.1:0", filepath.Join(t.TempDir(), "muster.db"), web.Config{}, logger, func(a net.Addr) { addrc <- a })
	}()
	var addr net.Addr
	select {
	case addr = <-addrc:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(testkit.Backstop):
		t.Fatal("serve did not start")
	}
	resp, err := http.Get("http://" + addr.String() + "/healthz")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
	case <-time.After(testkit.Backstop):
		t.Fatal("serve did not stop")
	}
}

func TestServeCommandChecksItsArguments(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main([]string{"serve", "extra"}, &out, &errb); code != 2 {
		t.Errorf("serve extra: exit %d", code)
	}
	if code := Main([]string{"serve", "--nope"}, &out, &errb); code != 2 {
		t.Errorf("serve --nope: exit %d", code)
	}
}

// SIGTERM with a progress page open (issue 29): the page's event stream ends with a
// "restart" event, which tells the browser to reconnect, and serve returns cleanly (exit 0)
// within 2 s; the matchup is still queued, for the next process to play and show.
func TestServeStopsWithAProgressPageOpen(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	dbPath := filepath.Join(t.TempDir(), "muster.db")
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() {
		// Pages only: the matchup stays queued, the page open.
		done <- serve(ctx, "127.0.0.1:0", dbPath, web.Config{}, logger, func(a net.Addr) { addrc <- a }, jobs.Options{Workers: 0})
	}()
	var base string
	select {
	case a := <-addrc:
		base = "http://" + a.String()
	case err := <-done:
		t.Fatal(err)
	case <-time.After(testkit.Backstop):
		t.Fatal("serve did not start")
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	token := func() string {
		resp, err := c.Get(base + "/signin")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		m := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindSubmatch(b)
		if m == nil {
			t.Fatal("no CSRF token on /signin")
		}
		return string(m[1])
	}
	post := func(path string, v url.Values) string {
		v.Set("_csrf", token())
		resp, err := c.PostForm(base+path, v)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("POST %s: %d", path, resp.StatusCode)
		}
		return resp.Header.Get("Location")
	}
	loc := post("/armies/import", url.Values{"text": {string(testkit.ReadFile(t, testkit.Rebel1500))}})
	army := strings.TrimSuffix(strings.TrimPrefix(loc, "/armies/"), "?imported=1")
	run := post("/sim", url.Values{"a": {army}, "b": {army}, "battles": {"1000"}, "scenario": {"open-field"}})
	if !strings.HasPrefix(run, "/sim/run/") {
		t.Fatalf("POST /sim went to %q", run)
	}
	resp, err := c.Get(base + run + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	events := make(chan string, 16)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if e, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- e
			}
		}
		close(events)
	}()
	if e := <-events; e != "progress" {
		t.Fatalf("the stream began with %q", e)
	}
	stopped := time.Now()
	cancel() // as SIGTERM does
	var last string
	for e := range events {
		last = e
	}
	if last != "restart" {
		t.Errorf("the stream ended with %q, want restart", last)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve: %v", err)
		}
		if took := time.Since(stopped); took > 2*time.Second {
			t.Errorf("serve took %v to stop with a progress page open, want at most 2 s", took)
		}
	case <-time.After(testkit.Backstop):
		t.Fatal("serve did not stop")
	}
	// The matchup waits for the next process.
	store := testkit.OpenStore(t, dbPath)
	if m, err := store.MatchupForWork(context.Background(), strings.TrimPrefix(run, "/sim/run/")); err != nil || m.Status != db.MatchupQueued {
		t.Errorf("after the restart the matchup is %q (%v), want queued", m.Status, err)
	}
}
