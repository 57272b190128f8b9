package cli

import (
	"path/filepath"
	"testing"

	"muster/db/dbtest"
)

// `muster sim --jobs` plays the matchup through the database's job queue, in chunks, and
// prints exactly what `muster sim` prints for the same seed (JSON and text), on SQLite and
// on PostgreSQL.
func TestSimThroughJobsPrintsTheSameJSON(t *testing.T) {
	code, want, stderr := runMuster(t, "sim", "--battles", "700", "--seed", "31", "--json", rebel1500, imperial1500)
	if code != 0 {
		t.Fatalf("muster sim: exit %d: %s", code, stderr)
	}
	for _, tc := range []struct {
		name string
		db   func(t *testing.T) string
	}{
		{"sqlite", func(t *testing.T) string { return filepath.Join(t.TempDir(), "jobs.db") }},
		{"postgres", func(t *testing.T) string { return dbtest.Postgres(t) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dbPath := tc.db(t)
			for _, chunk := range []string{"1000", "64"} {
				code, got, stderr := runMuster(t, "sim", "--jobs", "--db", dbPath, "--chunk-size", chunk, "--workers", "2",
					"--battles", "700", "--seed", "31", "--json", rebel1500, imperial1500)
				if code != 0 {
					t.Fatalf("muster sim --jobs: exit %d: %s", code, stderr)
				}
				if got != want {
					t.Errorf("chunks of %s: muster sim --jobs printed\n%s\nmuster sim printed\n%s", chunk, got, want)
				}
			}
			// The text table too, read back from the saved result as the JSON is.
			_, wantText, _ := runMuster(t, "sim", "--battles", "700", "--seed", "31", rebel1500, imperial1500)
			code, gotText, stderr := runMuster(t, "sim", "--jobs", "--db", dbPath, "--chunk-size", "64", "--workers", "2",
				"--battles", "700", "--seed", "31", rebel1500, imperial1500)
			if code != 0 || gotText != wantText {
				t.Errorf("muster sim --jobs (exit %d, %s) printed\n%s\nmuster sim printed\n%s", code, stderr, gotText, wantText)
			}
		})
	}
}
