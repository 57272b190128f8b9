package main

import (
	"path/filepath"
	"strings"
	"testing"

	"muster/db/dbtest"
)

// `muster sim --jobs` plays the matchup through the database's job queue, in chunks, and
// prints exactly what `muster sim` prints for the same seed, on SQLite and on PostgreSQL.
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
		})
	}
}

// The whole matchup path from the web works on PostgreSQL: form, jobs, progress, result,
// and the JSON of `muster sim`.
func TestMatchupFromTheWebOnPostgres(t *testing.T) {
	ts := newTestServerOn(t, dbtest.Postgres(t))
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	run := startMatchup(t, ts, a, b, "open-field", "300", "5")
	res := waitResult(t, ts, run)
	j := ts.get(res + "/json")
	wantStatus(t, "json", j, 200)
	_, cli, _ := runMuster(t, "sim", "--battles", "300", "--seed", "5", "--json", rebel1500, imperial1500)
	if got, want := compactJSON(t, j.body), compactJSON(t, cli); got != want {
		t.Errorf("the web's JSON on PostgreSQL differs from the command line's:\n%s\n%s", got, want)
	}
	if f := ts.get("/sim"); !strings.Contains(f.body, res) {
		t.Error("the matchup is not listed")
	}
}
