package db

import (
	"context"
	"testing"
	"time"
)

// The ? placeholders become $1, $2, ... in order; question marks in string literals, quoted
// names and comments stay as they are.
func TestRebindNumbersPlaceholdersOutsideLiterals(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"SELECT 1", "SELECT 1"},
		{"UPDATE a SET x = ? WHERE id = ? AND y < ?", "UPDATE a SET x = $1 WHERE id = $2 AND y < $3"},
		{"SELECT '?', \"a?\" FROM t WHERE x = ? -- why?\nAND y = ?", "SELECT '?', \"a?\" FROM t WHERE x = $1 -- why?\nAND y = $2"},
		{"SELECT 'it''s?' WHERE x = ?", "SELECT 'it''s?' WHERE x = $1"},
	} {
		if got := rebind(tc.in); got != tc.want {
			t.Errorf("rebind(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Reopening a database applies no migration twice, and the schema version counts them all.
func TestSchemaVersionCountsTheMigrations(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		s2, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s2.Close()
		names, _ := migrations.ReadDir("migrations")
		var v int
		q := "PRAGMA user_version"
		if s.Postgres() {
			q = "SELECT version FROM muster_schema"
		}
		if err := s2.r.QueryRowContext(ctx, q).Scan(&v); err != nil || v != len(names) {
			t.Errorf("schema version %d %v, want %d", v, err, len(names))
		}
	})
}

// Sessions (scs's store) are found until they expire, replaced by a new commit, and gone
// once deleted or expired and swept.
func TestSessionsExpireAndAreReplaced(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		now := time.Date(2026, 11, 23, 5, 0, 0, 0, time.UTC)
		s.now = func() time.Time { return now }
		ss := s.Sessions()
		if err := ss.CommitCtx(ctx, "live", []byte("one"), now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := ss.CommitCtx(ctx, "live", []byte("two"), now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := ss.CommitCtx(ctx, "old", []byte("x"), now.Add(-time.Second)); err != nil {
			t.Fatal(err)
		}
		if data, ok, err := ss.FindCtx(ctx, "live"); err != nil || !ok || string(data) != "two" {
			t.Errorf("live session: %q %v %v, want two", data, ok, err)
		}
		if _, ok, err := ss.FindCtx(ctx, "old"); err != nil || ok {
			t.Errorf("an expired session was found (%v)", err)
		}
		// The table keeps no token, only their hashes: a copy of it signs nobody in.
		var kept int
		if err := s.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM sessions WHERE token IN ('live', 'old')").Scan(&kept); err != nil || kept != 0 {
			t.Errorf("%d sessions kept by their token in clear (%v), want none", kept, err)
		}
		if err := ss.DeleteExpired(ctx); err != nil {
			t.Fatal(err)
		}
		if err := ss.DeleteCtx(ctx, "live"); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := s.r.QueryRowContext(ctx, "SELECT COUNT(*) FROM sessions").Scan(&n); err != nil || n != 0 {
			t.Errorf("%d sessions left (%v), want none", n, err)
		}
	})
}
