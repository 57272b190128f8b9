package dbtest

import (
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// helperEnv marks the subprocess that runs TestPostgresHelper for real.
const helperEnv = "MUSTER_DBTEST_HELPER"

// TestPostgresHelper is not a test of its own: TestNoServer runs it in a subprocess, with
// MUSTER_TEST_POSTGRES pointing at a closed port, to see it skip or fail.
func TestPostgresHelper(t *testing.T) {
	if os.Getenv(helperEnv) == "" {
		t.Skip("run by TestNoServer in a subprocess")
	}
	Postgres(t)
	t.Log("HELPER GOT A SCHEMA")
}

// With no server answering, a test that asks for PostgreSQL is skipped, saying why; with
// MUSTER_REQUIRE_POSTGRES set (CI) it fails, saying how to start the server. The machine's
// own PostgreSQL is left alone: the subprocess looks for one on a port nothing listens on.
func TestNoServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close() // nothing listens there now: the connection is refused at once
	closed := "postgres://postgres@" + addr + "/test?sslmode=disable"
	run := func(require string) (string, error) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPostgresHelper$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), helperEnv+"=1", "MUSTER_TEST_POSTGRES="+closed, RequireEnv+"="+require)
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	out, err := run("")
	if err != nil || !strings.Contains(out, "--- SKIP: TestPostgresHelper") || !strings.Contains(out, "no PostgreSQL server answers at") {
		t.Errorf("without %s: want a skip saying why (err %v):\n%s", RequireEnv, err, out)
	}

	out, err = run("1")
	if err == nil || !strings.Contains(out, "--- FAIL: TestPostgresHelper") || strings.Contains(out, "HELPER GOT A SCHEMA") {
		t.Errorf("with %s=1: want a failure (err %v):\n%s", RequireEnv, err, out)
	}
	for _, want := range []string{"no PostgreSQL server answers at", RequireEnv + " is set", "pg_ctlcluster --skip-systemctl-redirect", "MUSTER_TEST_POSTGRES"} {
		if !strings.Contains(out, want) {
			t.Errorf("with %s=1: the failure does not say %q:\n%s", RequireEnv, want, out)
		}
	}
}
