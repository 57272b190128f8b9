package db

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// Chapter Ten's example briefings, as a gamemaster would write them.
var chapterTen = GameDetails{
	Name: "Force Mixes", Date: "1993-06-01", Scenario: "No One Said War Was Fair", Notes: "Go to it.",
	Sides: []Side{
		{Side: "imperial", Limits: "total: 1500\nsgp: {heroes: 300}\nqualities: [average, veteran]\n"},
		{Side: "rebel", Limits: "total: 1500\nsgp: {heroes: 600}\nqualities: [veteran, elite]\nmax: {specialized_weapons: 3, grenades: 30}\n"},
	},
}

func newGame(t *testing.T, s *Store) (Game, Links) {
	t.Helper()
	g, l, err := s.CreateGame(context.Background(), own(t, s), chapterTen)
	if err != nil {
		t.Fatal(err)
	}
	return g, l
}

// Both links are at least 128 random bits; the database holds neither token, only hashes
// (and the player token sealed under the GM token); each finds its game.
func TestGameLinksAreUnguessableAndNotStored(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, path := openTemp(t)
		g, l := newGame(t, s)
		for _, tok := range []string{l.GM, l.Player} {
			b, err := base64.RawURLEncoding.DecodeString(tok)
			if err != nil || len(b) < 16 {
				t.Fatalf("token %q is %d bytes (%v), want at least 16", tok, len(b), err)
			}
		}
		if l.GM == l.Player {
			t.Fatal("the GM and player links are the same")
		}
		got, player, err := s.GameByGMToken(ctx, l.GM)
		if err != nil || got.ID != g.ID || player != l.Player || got.Name != "Force Mixes" || len(got.Sides) != 2 {
			t.Fatalf("by GM token = %+v %q %v", got, player, err)
		}
		if got, err := s.GameByPlayerToken(ctx, l.Player); err != nil || got.ID != g.ID {
			t.Fatalf("by player token = %+v %v", got, err)
		}
		// The GM token is not a player token and the player token is not a GM token.
		if _, _, err := s.GameByGMToken(ctx, l.Player); !errors.Is(err, ErrNotFound) {
			t.Errorf("the player token opened the GM's game: %v", err)
		}
		if _, err := s.GameByPlayerToken(ctx, l.GM); !errors.Is(err, ErrNotFound) {
			t.Errorf("the GM token opened the player's game: %v", err)
		}
		for _, bad := range []string{"", l.GM[:len(l.GM)-1], l.GM + "A", "AAAAAAAAAAAAAAAAAAAAAA"} {
			if _, _, err := s.GameByGMToken(ctx, bad); !errors.Is(err, ErrNotFound) {
				t.Errorf("GM token %q: %v", bad, err)
			}
			if _, err := s.GameByPlayerToken(ctx, bad); !errors.Is(err, ErrNotFound) {
				t.Errorf("player token %q: %v", bad, err)
			}
		}
		s.Close()
		for _, f := range []string{path, path + "-wal"} {
			data, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			if bytes.Contains(data, []byte(l.GM)) || bytes.Contains(data, []byte(l.Player)) {
				t.Errorf("%s holds a token in plain text", filepath.Base(f))
			}
		}
	})
}

// Rotating a link makes the old one open nothing; the other link keeps working.
func TestRotatedLinksOpenNothing(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g, l := newGame(t, s)
		gm2, err := s.RotateGM(ctx, g.ID, l.GM)
		if err != nil || gm2 == l.GM || len(gm2) < 22 {
			t.Fatalf("rotate GM = %q %v", gm2, err)
		}
		if _, _, err := s.GameByGMToken(ctx, l.GM); !errors.Is(err, ErrNotFound) {
			t.Errorf("the rotated GM token still opens the game: %v", err)
		}
		if _, player, err := s.GameByGMToken(ctx, gm2); err != nil || player != l.Player {
			t.Fatalf("the new GM token: player %q %v", player, err)
		}
		if _, err := s.RotateGM(ctx, g.ID, l.GM); !errors.Is(err, ErrNotFound) {
			t.Errorf("the old GM token rotated again: %v", err)
		}
		p2, err := s.RotatePlayer(ctx, g.ID, gm2)
		if err != nil || p2 == l.Player {
			t.Fatalf("rotate player = %q %v", p2, err)
		}
		if _, err := s.GameByPlayerToken(ctx, l.Player); !errors.Is(err, ErrNotFound) {
			t.Errorf("the rotated player token still opens the game: %v", err)
		}
		if _, player, _ := s.GameByGMToken(ctx, gm2); player != p2 {
			t.Errorf("the GM page shows player link %q, want the new %q", player, p2)
		}
		if _, err := s.RotatePlayer(ctx, g.ID, l.GM); !errors.Is(err, ErrNotFound) {
			t.Errorf("a rotated GM token rotated the player link: %v", err)
		}
	})
}

// Changing the limits is a new version; nothing submitted is touched, and an old version
// can be restored.
func TestChangingLimitsKeepsEveryVersionAndEveryList(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g, _ := newGame(t, s)
		l, _, err := s.CreateList(ctx, own(t, s), g.ID, "rebel", "Han", []byte("v1"), meta("Rogues", 1400), "created")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Submit(ctx, l.ID); err != nil {
			t.Fatal(err)
		}
		d := g.GameDetails
		d.Sides = []Side{{Side: "imperial", Limits: "total: 1000\n"}, {Side: "rebel", Limits: "total: 1000\n"}}
		g2, err := s.UpdateGame(ctx, g.ID, AnyVersion, d, "saved")
		if err != nil || g2.Version != 2 || g2.Versions != 2 {
			t.Fatalf("update = %+v %v", g2, err)
		}
		if lim, ok := g2.SideLimits("rebel"); !ok || lim != "total: 1000\n" {
			t.Errorf("rebel limits now %q %v", lim, ok)
		}
		lists, _ := s.GameLists(ctx, g.ID)
		if len(lists) != 1 || lists[0].Submitted != 1 || lists[0].Army.Name != "Rogues" {
			t.Fatalf("lists after the limits changed = %+v", lists)
		}
		h, err := s.GameHistory(ctx, g.ID)
		if err != nil || len(h) != 2 || h[0].Number != 2 || h[1].Note != "created" {
			t.Fatalf("history = %+v %v", h, err)
		}
		g3, err := s.RestoreGame(ctx, g.ID, AnyVersion, 1)
		if err != nil || g3.Version != 3 {
			t.Fatalf("restore = %+v %v", g3, err)
		}
		if lim, _ := g3.SideLimits("rebel"); lim != chapterTen.Sides[1].Limits {
			t.Errorf("restored rebel limits %q", lim)
		}
		if _, err := s.RestoreGame(ctx, g.ID, AnyVersion, 9); !errors.Is(err, ErrNotFound) {
			t.Errorf("restore of a missing version: %v", err)
		}
	})
}

// A list is an army that belongs to its game: not on the armies page, found by its key
// only in its own game, and its submitted version stays pinned while the player edits.
func TestListsBelongToTheirGame(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		a, _ := newGame(t, s)
		b, _ := newGame(t, s)
		mine, _ := s.Create(ctx, own(t, s), []byte("mine"), meta("Mine", 10), "created")
		l, key, err := s.CreateList(ctx, own(t, s), a.ID, "imperial", "Vader", []byte("v1"), meta("Death Squadron", 1500), "created")
		if err != nil || len(key) < 22 || l.Side != "imperial" || l.Player != "Vader" || l.Army.Game != a.ID || l.Submitted != 0 {
			t.Fatalf("create list = %+v %q %v", l, key, err)
		}
		armies, _ := s.List(ctx, own(t, s))
		if len(armies) != 1 || armies[0].ID != mine.ID {
			t.Errorf("the armies page lists %+v; a game's list must not be there", armies)
		}
		if _, _, err := s.Get(ctx, own(t, s), l.Army.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("a game's list opened as an army of its player's: %v", err)
		}
		if v, err := s.GameArmyVersion(ctx, a.ID, l.Army.ID, 1); err != nil || string(v.File) != "v1" {
			t.Errorf("the list through its game = %+v %v", v, err)
		}
		if _, err := s.GameArmyVersion(ctx, b.ID, l.Army.ID, 1); !errors.Is(err, ErrNotFound) {
			t.Errorf("another game reached the list: %v", err)
		}
		if got, err := s.ListByKey(ctx, a.ID, key); err != nil || got.ID != l.ID {
			t.Fatalf("by key = %+v %v", got, err)
		}
		if _, err := s.ListByKey(ctx, b.ID, key); !errors.Is(err, ErrNotFound) {
			t.Errorf("another game's player link opened the list: %v", err)
		}
		if _, err := s.ListByKey(ctx, a.ID, l.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("the list's id opened it as a key: %v", err)
		}
		if _, err := s.GameList(ctx, b.ID, l.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("another game found the list by id: %v", err)
		}
		sub, err := s.Submit(ctx, l.ID)
		if err != nil || sub.Submitted != 1 {
			t.Fatalf("submit = %+v %v", sub, err)
		}
		l, err = s.SaveList(ctx, l.ID, AnyVersion, []byte("v2"), meta("Death Squadron", 1600), "saved")
		if err != nil || l.Army.Version != 2 || l.Submitted != 1 {
			t.Fatalf("save after submit = %+v %v", l, err)
		}
		if l, err = s.UndoList(ctx, l.ID, AnyVersion); err != nil || l.Army.Version != 1 {
			t.Fatalf("undo = %+v %v", l, err)
		}
		if l, err = s.RedoList(ctx, l.ID, AnyVersion); err != nil || l.Army.Version != 2 {
			t.Fatalf("redo = %+v %v", l, err)
		}
		if _, err := s.RedoList(ctx, l.ID, AnyVersion); !errors.Is(err, ErrNotFound) {
			t.Errorf("redo at the newest version: %v", err)
		}
		s.Submit(ctx, l.ID)
		l, _ = s.Withdraw(ctx, l.ID)
		if l.Submitted != 0 {
			t.Errorf("withdrawn list submitted = %d", l.Submitted)
		}
		subs, err := s.Submissions(ctx, l.ID)
		if err != nil || len(subs) != 3 || subs[0].Version != 0 || subs[1].Version != 2 || subs[2].Version != 1 {
			t.Errorf("submissions = %+v %v", subs, err)
		}
	})
}

// Once the gamemaster locks the game nothing about its lists changes; unlocking allows it
// again.
func TestLockedGameRefusesChanges(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g, _ := newGame(t, s)
		l, _, _ := s.CreateList(ctx, own(t, s), g.ID, "rebel", "Leia", []byte("v1"), meta("Alliance", 1500), "created")
		s.Submit(ctx, l.ID)
		if g, err := s.SetLocked(ctx, g.ID, true); err != nil || !g.Locked {
			t.Fatalf("lock = %+v %v", g, err)
		}
		for what, f := range map[string]func() error{
			"create": func() error {
				_, _, err := s.CreateList(ctx, own(t, s), g.ID, "rebel", "Luke", []byte("x"), meta("X", 1), "created")
				return err
			},
			"save": func() error {
				_, err := s.SaveList(ctx, l.ID, AnyVersion, []byte("v2"), meta("Alliance", 1), "saved")
				return err
			},
			"undo":     func() error { _, err := s.UndoList(ctx, l.ID, AnyVersion); return err },
			"submit":   func() error { _, err := s.Submit(ctx, l.ID); return err },
			"withdraw": func() error { _, err := s.Withdraw(ctx, l.ID); return err },
		} {
			if err := f(); !errors.Is(err, ErrLocked) {
				t.Errorf("%s after the lock: err = %v, want ErrLocked", what, err)
			}
		}
		got, _ := s.GameList(ctx, g.ID, l.ID)
		if got.Army.Version != 1 || got.Submitted != 1 {
			t.Errorf("the locked list changed: %+v", got)
		}
		if _, err := s.SetLocked(ctx, g.ID, false); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SaveList(ctx, l.ID, AnyVersion, []byte("v2"), meta("Alliance", 1), "saved"); err != nil {
			t.Errorf("save after unlocking: %v", err)
		}
		if _, err := s.SetLocked(ctx, "nope", true); !errors.Is(err, ErrNotFound) {
			t.Errorf("lock of a missing game: %v", err)
		}
	})
}

// Players submitting at once on game night: every list and every submission lands; a lock
// in the middle lets through exactly the submissions made before it.
func TestConcurrentSubmissionsLoseNothing(t *testing.T) {
	bothDatabases(t, func(t *testing.T) {
		ctx := context.Background()
		s, _ := openTemp(t)
		g, _ := newGame(t, s)
		const players, saves = 12, 5
		var wg sync.WaitGroup
		errs := make(chan error, players*(saves+2))
		ids := make([]string, players)
		for p := range players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				side := []string{"imperial", "rebel"}[p%2]
				l, _, err := s.CreateList(ctx, own(t, s), g.ID, side, fmt.Sprintf("player %d", p), []byte("v1"), meta("list", 100), "created")
				if err != nil {
					errs <- err
					return
				}
				ids[p] = l.ID
				for i := range saves {
					if _, err := s.SaveList(ctx, l.ID, AnyVersion, fmt.Appendf(nil, "%d-%d", p, i), meta("list", 100+i), "saved"); err != nil {
						errs <- err
					}
					if _, err := s.GameLists(ctx, g.ID); err != nil {
						errs <- err
					}
				}
				if _, err := s.Submit(ctx, l.ID); err != nil {
					errs <- err
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		lists, err := s.GameLists(ctx, g.ID)
		if err != nil || len(lists) != players {
			t.Fatalf("%d lists (%v), want %d", len(lists), err, players)
		}
		for _, l := range lists {
			if l.Army.Versions != saves+1 || l.Submitted != saves+1 {
				t.Errorf("list of %s: %d versions, submitted %d; want %d and %d", l.Player, l.Army.Versions, l.Submitted, saves+1, saves+1)
			}
		}

		// Submissions racing the lock.
		var ok, locked int
		var mu sync.Mutex
		var wg2 sync.WaitGroup
		for p := range players {
			wg2.Add(1)
			go func() {
				defer wg2.Done()
				for range 5 {
					_, err := s.Submit(ctx, ids[p])
					mu.Lock()
					switch {
					case err == nil:
						ok++
					case errors.Is(err, ErrLocked):
						locked++
					default:
						t.Error(err)
					}
					mu.Unlock()
				}
			}()
		}
		if _, err := s.SetLocked(ctx, g.ID, true); err != nil {
			t.Fatal(err)
		}
		wg2.Wait()
		recorded := 0
		for _, id := range ids {
			subs, _ := s.Submissions(ctx, id)
			recorded += len(subs) - 1 // the first round's
		}
		if recorded != ok || ok+locked != players*5 {
			t.Errorf("%d submissions recorded, %d accepted, %d refused as locked", recorded, ok, locked)
		}
	})
}
