package web

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"muster/db"
	"muster/rules"
)

// A cost update the editor's next keystroke replaces (htmx's hx-sync cancels it) is the
// client going away, not a failure of Muster's: it is logged at info level, without a 500
// or an error line an operator would be paged for.
func TestCancelledRequestIsLoggedAsTheClientGoingAwayNotAsAnError(t *testing.T) {
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	var logs bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newServer(store, rules.Default(), logger, Config{})

	// An army and its editor form, as the browser holds them.
	ts := &testServer{t: t, srv: httptest.NewServer(e), store: store, handler: e}
	t.Cleanup(ts.srv.Close)
	ts.c = ts.client()
	ts.signUp(ts.c, "tester")
	id := ts.importFile(mixed)
	form := ts.editorForm(id)
	form.Set("_csrf", ts.token())
	logs.Reset()

	// The preview whose client has gone: its context is cancelled before the store is asked.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req := httptest.NewRequestWithContext(ctx, http.MethodPost, "/armies/"+id+"/preview", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("HX-Request", "true")
	u, _ := url.Parse(ts.srv.URL)
	for _, ck := range ts.c.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	e.ServeHTTP(httptest.NewRecorder(), req)

	out := logs.String()
	if strings.Contains(out, "level=ERROR") || strings.Contains(out, "status=500") {
		t.Errorf("a cancelled request was logged as a server error:\n%s", out)
	}
	if !strings.Contains(out, "level=INFO") || !strings.Contains(out, "client went away") || !strings.Contains(out, "path=/armies/"+id+"/preview") {
		t.Errorf("a cancelled request was not logged at info as the client going away:\n%s", out)
	}

	// A game's link is its key, and is not written into the log even for a request whose
	// client went away.
	logs.Reset()
	req = httptest.NewRequestWithContext(ctx, http.MethodGet, "/gm/SECRETLINK0123456789abc", nil)
	for _, ck := range ts.c.Jar.Cookies(u) {
		req.AddCookie(ck)
	}
	e.ServeHTTP(httptest.NewRecorder(), req)
	if out := logs.String(); strings.Contains(out, "SECRETLINK") || !strings.Contains(out, "client went away") {
		t.Errorf("a cancelled request on a game's link was logged with its key, or not as the client going away:\n%s", out)
	}
}
