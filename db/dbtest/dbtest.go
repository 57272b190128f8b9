// Package dbtest gives tests a PostgreSQL database of their own: a fresh schema on the
// server named by MUSTER_TEST_POSTGRES, or on 127.0.0.1:5432 (as on the project's CI
// machines), dropped when the test ends. Without a server the test is skipped, saying why,
// unless MUSTER_REQUIRE_POSTGRES is set (CI sets it: .ci/run), when it fails instead, so
// that a server gone missing cannot leave the PostgreSQL tests skipped and the run green.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers "pgx"
)

// RequireEnv names the variable that turns a missing server from a skip into a failure.
const RequireEnv = "MUSTER_REQUIRE_POSTGRES"

// DefaultServer is where tests look for PostgreSQL when MUSTER_TEST_POSTGRES is not set.
const DefaultServer = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

var (
	once   sync.Once
	admin  *sql.DB
	server string
	why    string
)

func connect() {
	server = os.Getenv("MUSTER_TEST_POSTGRES")
	if server == "" {
		server = DefaultServer
	}
	db, err := sql.Open("pgx", server)
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		err = db.PingContext(ctx)
	}
	if err != nil {
		why = "no PostgreSQL server answers at " + redact(server) + " (set MUSTER_TEST_POSTGRES to a postgres:// address): " + err.Error()
		return
	}
	admin = db
}

// Postgres returns the address of a new, empty schema for this test, or skips the test
// when no PostgreSQL server answers (fails it, when MUSTER_REQUIRE_POSTGRES is set).
func Postgres(tb testing.TB) string {
	tb.Helper()
	once.Do(connect)
	if admin == nil {
		if os.Getenv(RequireEnv) != "" {
			tb.Fatal(why + "; " + RequireEnv + " is set (as CI sets it), so this fails rather than skips: " +
				"start PostgreSQL (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start, " +
				"then wait for pg_isready -h 127.0.0.1) or point MUSTER_TEST_POSTGRES at a server")
		}
		tb.Skip(why)
	}
	b := make([]byte, 8)
	rand.Read(b)
	schema := "muster_test_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		tb.Fatalf("dbtest: unable to create a schema: %v", err)
	}
	tb.Cleanup(func() {
		if _, err := admin.Exec("DROP SCHEMA " + schema + " CASCADE"); err != nil {
			tb.Logf("dbtest: unable to drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(server)
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "the configured address"
	}
	return u.Redacted()
}
