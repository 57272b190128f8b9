package web

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"muster/db"
	"muster/rules"
)

// lockedBuffer is a log the server writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// The request log keeps no secret link: the database holds only the hashes of the gamemaster's
// and the players' links and of a list's key, and the log, read by whoever runs the server,
// must not hold what opens them either. Each such token is logged as "…".
func TestRequestLogKeepsNoSecretLink(t *testing.T) {
	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "log.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	var log lockedBuffer
	srv := httptest.NewServer(newServer(store, rules.Default(), slog.New(slog.NewTextHandler(&log, nil)), Config{}))
	t.Cleanup(srv.Close)
	const gm, player, key, share = "GMtokenGMtokenGMtoken1", "PLAYERtokenPLAYERtok12", "LISTkeyLISTkeyLISTkey1", "SHAREtokenSHAREtoken12"
	paths := map[string]string{
		"/gm/" + gm + "/lists/abc":                    "/gm/…/lists/abc",
		"/play/" + player + "/lists/" + key + "/edit": "/play/…/lists/…/edit",
		"/play/" + player + "/lists/mine/abc/open":    "/play/…/lists/mine/abc/open",
		"/share/" + share + "/sheets":                 "/share/…/sheets",
		"/armies/abc/shares/" + share + "/revoke":     "/armies/abc/shares/…/revoke",
		"/armies/abc/edit":                            "/armies/abc/edit",
	}
	for p := range paths {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	got := log.String()
	for _, secret := range []string{gm, player, key, share} {
		if strings.Contains(got, secret) {
			t.Errorf("the request log holds the secret %q:\n%s", secret, got)
		}
	}
	for p, want := range paths {
		if !strings.Contains(got, "path="+want+" ") {
			t.Errorf("%s is not logged as %s:\n%s", p, want, got)
		}
	}
}
