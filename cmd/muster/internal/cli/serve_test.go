package cli

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"muster/cmd/muster/internal/testkit"
	"muster/cmd/muster/internal/web"
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
