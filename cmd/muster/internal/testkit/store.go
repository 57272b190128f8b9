// Package testkit is what the tests of cmd/muster's packages set up alike: a store on
// SQLite or PostgreSQL, the project's fixtures, a headless Chromium. Only tests import it.
package testkit

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"muster/db"
	"muster/db/dbtest"
)

// OnBothDatabases runs f on a new SQLite file and on a PostgreSQL schema of its own
// (skipped without a server).
func OnBothDatabases(t *testing.T, f func(t *testing.T, dbPath string)) {
	t.Run("sqlite", func(t *testing.T) { f(t, filepath.Join(t.TempDir(), "muster.db")) })
	t.Run("postgres", func(t *testing.T) { f(t, dbtest.Postgres(t)) })
}

// OpenStore opens a store on dbPath (a SQLite file or a postgres:// address), closed when the
// test ends, after whatever was started on it later stops (cleanups run last first).
func OpenStore(t testing.TB, dbPath string) *db.Store {
	t.Helper()
	store, err := db.Open(context.Background(), dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	return store
}

// NewStore is a store on a SQLite file of the test's own.
func NewStore(t testing.TB) *db.Store {
	t.Helper()
	return OpenStore(t, filepath.Join(t.TempDir(), "muster.db"))
}

// WaitMatchup reads a matchup until it has ended (a generous backstop fails the test).
func WaitMatchup(t testing.TB, store *db.Store, id string) db.Matchup {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		m, err := store.MatchupForWork(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if m.Over() {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("matchup %s is still %s", id, m.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Path is a file of the project by its path from the module's root
// ("rules/battle/testdata/rebel-1500.yaml"), wherever the test's package is.
func Path(rel string) string {
	_, here, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(here), "..", "..", "..", "..", filepath.FromSlash(rel))
}

// ReadFile reads a file of the project by its path from the module's root.
func ReadFile(t testing.TB, rel string) []byte {
	t.Helper()
	b, err := os.ReadFile(Path(rel))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The armies most tests play.
const (
	Rebel1500    = "rules/battle/testdata/rebel-1500.yaml"
	Imperial1500 = "rules/battle/testdata/imperial-1500.yaml"
)

// Backstop bounds a wait for something that happens by itself (a matchup ending, a
// page reloading, a browser's step): the wait ends as soon as it does, so the bound is only
// against waiting forever. It is minutes, never a speed claim, so that a two-core machine
// shared with other builds does not fail a test that is merely slow; the speed claims are
// the load tests and benchmarks (docs/benchmarks.md).
const Backstop = 3 * time.Minute
