package db

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// A database from before game links were sealed (migration 018) keeps no game's key: the
// GM and player links kept in clear in job requests and result addresses are emptied, and
// every other byte of those jobs kept; links of no game ("/sims/") are left as they were.
func TestGameLinksKeptInClearAreScrubbed(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		const gm, player = "/gm/GMSECRETTOKEN", "/play/PLAYERSECRETTOKEN"
		requests := []string{
			`{"scenario":"open-field","seed":7,"result_base":"` + gm + `/sims/","armies":["YQ=="]}`,
			`{"scenario":"open-field","sim_base":"` + player + `/sims","action":"` + player + `/roundrobin","game":"g1","nav":"games"}`,
			`{"name":"Raiders","game":{"id":"g1","by":"gm","base":"` + gm + `","list":"l1"},"battles":200}`,
			`{"scenario":"open-field","result_base":"/sims/","armies":["YQ=="]}`,
			`not json at all`,
		}
		var ids []string
		for _, r := range requests {
			o, err := s.CreateGuest(ctx) // an owner has one matchup queued at a time
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.CreateMatchup(ctx, Matchup{Owner: o.ID, Title: "t", Request: []byte(r), Battles: 10, ChunkSize: 5, Chunks: 2})
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, m.ID)
		}
		for i, url := range []string{gm + "/sims/S1", "/sims/S2"} {
			if _, err := s.DB().ExecContext(ctx, "UPDATE matchups SET result_url = ? WHERE id = ?", url, ids[i*3]); err != nil {
				t.Fatal(err)
			}
		}
		setSchemaBefore(t, s, "migrations/018_sealed_game_links.sql")
		s.Close()
		s, err := Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		var rows []Matchup
		for _, id := range ids {
			var m Matchup
			if err := s.DB().QueryRowContext(ctx, "SELECT request, result_url FROM matchups WHERE id = ?", id).Scan(&m.Request, &m.ResultURL); err != nil {
				t.Fatal(err)
			}
			rows = append(rows, m)
			if strings.Contains(string(m.Request), "SECRETTOKEN") || strings.Contains(m.ResultURL, "SECRETTOKEN") {
				t.Errorf("a game's link is still kept in clear: %s %q", m.Request, m.ResultURL)
			}
		}
		field := func(i int, path ...string) any {
			var v any
			if err := json.Unmarshal(rows[i].Request, &v); err != nil {
				t.Fatalf("request %d no longer reads: %v (%s)", i, err, rows[i].Request)
			}
			for _, p := range path {
				v = v.(map[string]any)[p]
			}
			return v
		}
		for _, c := range []struct {
			i    int
			path []string
			want any
		}{
			{0, []string{"result_base"}, ""}, {0, []string{"seed"}, 7.0}, {0, []string{"scenario"}, "open-field"},
			{1, []string{"sim_base"}, ""}, {1, []string{"action"}, ""}, {1, []string{"game"}, "g1"},
			{2, []string{"game", "base"}, ""}, {2, []string{"game", "list"}, "l1"}, {2, []string{"battles"}, 200.0},
			{3, []string{"result_base"}, "/sims/"},
		} {
			if got := field(c.i, c.path...); got != c.want {
				t.Errorf("request %d's %v: %v, want %v", c.i, c.path, got, c.want)
			}
		}
		if string(rows[4].Request) != requests[4] {
			t.Errorf("a request that is not JSON changed: %q", rows[4].Request)
		}
		if rows[0].ResultURL != "" || rows[3].ResultURL != "/sims/S2" {
			t.Errorf("result addresses %q and %q, want the game's emptied and /sims/S2 kept", rows[0].ResultURL, rows[3].ResultURL)
		}
	})
}

// A database from before session tokens were hashed (migration 019) keeps every browser
// signed in, as the same owner, while the table keeps no token in clear.
func TestSessionsSavedBeforeHashingStaySignedIn(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		// As Muster 018 kept them: the token itself.
		if _, err := s.DB().ExecContext(ctx, "INSERT INTO sessions (token, data, expiry) VALUES (?, ?, ?)",
			"OLDSESSIONTOKEN", []byte("the guest's data"), stamp(s.now().Add(time.Hour))); err != nil {
			t.Fatal(err)
		}
		// Applied twice (a schema version set back, as the upgrade tests do), it hashes no
		// hash again: the browser stays signed in.
		for range 2 {
			setSchemaBefore(t, s, "migrations/019_hashed_sessions.sql")
			s.Close()
			var err error
			if s, err = Open(ctx, path); err != nil {
				t.Fatal(err)
			}
		}
		defer s.Close()
		if data, ok, err := s.Sessions().FindCtx(ctx, "OLDSESSIONTOKEN"); err != nil || !ok || string(data) != "the guest's data" {
			t.Errorf("the session saved before: %q %v %v, want it found", data, ok, err)
		}
		var n int
		if err := s.DB().QueryRowContext(ctx, "SELECT COUNT(*) FROM sessions WHERE token = 'OLDSESSIONTOKEN'").Scan(&n); err != nil || n != 0 {
			t.Errorf("%d sessions kept by their token in clear (%v)", n, err)
		}
	})
}
