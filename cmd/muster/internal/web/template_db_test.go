package web

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"muster/cmd/muster/internal/jobs"
	"muster/db"
	"muster/rules"
)

// A new SQLite database costs a test server most of its start: parsing and applying
// Muster's migrations and River's (about a quarter of the authorization table test's CPU,
// which makes a fresh server for every actor of every route that changes something). The
// tests copy one database migrated once per test process instead: the same schema, the same
// state as a database db.Open and jobs.Open would make (the migrations' own tests, in db and
// jobs, start from nothing).
var migratedDB struct {
	once sync.Once
	dir  string
	body []byte
	err  error
}

// freshMigrated writes a migrated, empty database to path, which must not exist yet, when
// path is a SQLite file; a postgres:// address, or a file that is there, is left alone.
func freshMigrated(t testing.TB, path string) {
	t.Helper()
	if strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://") {
		return
	}
	if _, err := os.Stat(path); err == nil {
		return
	}
	migratedDB.once.Do(func() {
		migratedDB.dir, migratedDB.err = os.MkdirTemp("", "muster-web-template-")
		if migratedDB.err != nil {
			return
		}
		p := filepath.Join(migratedDB.dir, "template.db")
		ctx := context.Background()
		store, err := db.Open(ctx, p)
		if err != nil {
			migratedDB.err = err
			return
		}
		// jobs.Open applies River's migrations; nothing is started.
		if _, err := jobs.Open(ctx, store, rules.Default(), slog.New(slog.NewTextHandler(io.Discard, nil)), jobs.Options{}); err != nil {
			store.Close()
			migratedDB.err = err
			return
		}
		if err := store.Close(); err != nil {
			migratedDB.err = err
			return
		}
		migratedDB.body, migratedDB.err = os.ReadFile(p)
	})
	if migratedDB.err != nil {
		t.Fatalf("the migrated database the tests copy: %v", migratedDB.err)
	}
	if err := os.WriteFile(path, migratedDB.body, 0o600); err != nil {
		t.Fatal(err)
	}
}

// removeMigratedTemplate removes the template's folder once the tests are done.
func removeMigratedTemplate() {
	if migratedDB.dir != "" {
		os.RemoveAll(migratedDB.dir)
	}
}
