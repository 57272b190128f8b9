package cli

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/cmd/muster/internal/web"
)

// muster migrate brings a database up to date once, for web and worker processes started
// with --migrate=false, which change no schema: they refuse a database left behind, in words
// saying what to run, and serve one migrated. Run twice, migrate finds nothing to do.
func TestMigrateOnceThenServeWithoutMigrating(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "muster.db")
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	err := serve(context.Background(), "127.0.0.1:0", dbPath, web.Config{}, logger, nil, jobs.Options{Workers: 0, NoMigrate: true})
	if err == nil || !strings.Contains(err.Error(), "run muster migrate --db on it first") {
		t.Fatalf("serve --migrate=false on a new database: %v", err)
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"worker", "--db", dbPath, "--migrate=false"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "muster migrate") {
		t.Errorf("worker --migrate=false on a new database: exit %d, %s", code, errb.String())
	}
	for range 2 {
		out.Reset()
		errb.Reset()
		if code := Main([]string{"migrate", "--db", dbPath}, &out, &errb); code != 0 || !strings.Contains(out.String(), "is up to date (schema version ") {
			t.Fatalf("muster migrate: exit %d, %s%s", code, out.String(), errb.String())
		}
	}
	if code := Main([]string{"migrate"}, &out, &errb); code != 2 {
		t.Errorf("muster migrate without --db: exit %d", code)
	}
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, "127.0.0.1:0", dbPath, web.Config{}, logger, func(a net.Addr) { addrc <- a }, jobs.Options{Workers: 1, NoMigrate: true})
	}()
	select {
	case a := <-addrc:
		resp, err := http.Get("http://" + a.String() + "/healthz")
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("healthz: %v %v", resp, err)
		}
		resp.Body.Close()
	case err := <-done:
		t.Fatalf("serve --migrate=false on a migrated database: %v", err)
	case <-time.After(testkit.Backstop):
		t.Fatal("serve did not start")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
}
