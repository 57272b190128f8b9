package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"testing"
	"time"

	"muster/db/dbtest"
)

// A read whose pooled connection the server dropped (PostgreSQL restarted, a proxy timed
// the connection out) is run again on a new connection, once, rather than failing the page:
// every connection of the store is ended by the server, then the store is read.
func TestReadsSurviveADroppedPostgresConnection(t *testing.T) {
	dsn := dbtest.Postgres(t)
	b := make([]byte, 6)
	rand.Read(b)
	app := "muster-retry-" + hex.EncodeToString(b)
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("application_name", app)
	u.RawQuery = q.Encode()
	ctx := context.Background()
	s, err := Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	o, err := s.CreateGuest(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.OwnerByID(ctx, o.ID); err != nil {
		t.Fatal(err)
	}
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	for round := range 2 { // twice: a dropped connection is replaced, and the new one can drop too
		var ended int
		if err := admin.QueryRowContext(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&ended); err != nil {
			t.Fatal(err)
		}
		if ended == 0 {
			t.Fatalf("round %d: the store has no connection to end", round)
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			var left int
			admin.QueryRowContext(ctx, `SELECT count(*) FROM pg_stat_activity WHERE application_name = $1`, app).Scan(&left)
			if left == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d: %d connections still open 10 s after being ended", round, left)
			}
		}
		if got, err := s.OwnerByID(ctx, o.ID); err != nil || got.ID != o.ID {
			t.Fatalf("round %d: a read after the server dropped the connections: %v", round, err)
		}
	}
}

func TestOnlyReadsAreRetriedAfterTheyReachedTheServer(t *testing.T) {
	for q, want := range map[string]bool{
		"SELECT 1": true, "  select id FROM armies": true, "SELECT id FROM armies WHERE x = 1 FOR UPDATE": false,
		"UPDATE armies SET head = 1": false, "INSERT INTO x SELECT 1": false, "WITH d AS (DELETE FROM x) SELECT 1": false,
	} {
		if got := isRead(q); got != want {
			t.Errorf("isRead(%q) = %v, want %v", q, got, want)
		}
	}
}
