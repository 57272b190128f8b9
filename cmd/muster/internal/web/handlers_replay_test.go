package web

import (
	"context"
	stdhtml "html"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"muster/db"
	"muster/rules/battle"
)

// savedReplaySim saves a 3-battle matchup of the reference armies with master seed 7, as
// its owner, and returns its id.
func savedReplaySim(t *testing.T, ts *testServer) string {
	t.Helper()
	a, b := ts.importFile(rebel1500), ts.importFile(imperial1500)
	m, err := ts.store.SaveSim(context.Background(), db.Sim{Owner: ts.ownerID(), ArmyA: a, VersionA: 1, ArmyB: b, VersionB: 1,
		Scenario: "open-field", Battles: 3, Seed: "7"})
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}

// A replayed battle is the matchup's battle: battle i is played with BattleSeed(seed, i),
// the battle `muster battle --seed` plays, so the page's result is the command's, and the
// page names the battle by its number.
func TestReplayIsTheMatchupsBattle(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := savedReplaySim(t, ts)
	for i := range 3 {
		r := ts.get("/sims/" + id + "/replay?battle=" + strconv.Itoa(i))
		wantStatus(t, "replay", r, http.StatusOK)
		seed := battle.BattleSeed(7, uint64(i))
		code, out, errOut := runMuster(t, "battle", "--seed", strconv.FormatUint(seed, 10), rebel1500, imperial1500)
		if code != 0 {
			t.Fatal(errOut)
		}
		_, result, _ := strings.Cut(out, "\nResult after ")
		if !strings.Contains(r.body, stdhtml.EscapeString("Result after "+result)) {
			t.Errorf("battle %d: the page's result is not `muster battle --seed %d`'s:\n%s", i, seed, result)
		}
		if want := "Battle " + strconv.Itoa(i+1) + " of 3"; !strings.Contains(r.body, want) {
			t.Errorf("battle %d: the page does not say %q", i, want)
		}
	}
	r := ts.get("/sims/" + id + "/replay?n=2")
	if !strings.Contains(r.body, "Battle 2 of 3") {
		t.Error("?n=2 is not battle 2")
	}
}

// Without the script every phase is a frame on the page, none hidden, and the scrubber is
// hidden (static/replay.js shows it).
func TestReplayShowsEveryPhaseWithoutScript(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := savedReplaySim(t, ts)
	r := ts.get("/sims/" + id + "/replay")
	wantStatus(t, "replay", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	frames, logs := 0, 0
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if c, _ := attr(n, "class"); c == "replay-frame" {
			frames++
			if _, hidden := attr(n, "hidden"); hidden {
				t.Error("a frame is hidden without the script")
			}
		}
		if c, _ := attr(n, "class"); c == "replay-log-phase" {
			logs++
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(doc)
	if frames < 6 || frames != logs {
		t.Errorf("%d frames and %d phases of log", frames, logs)
	}
	if _, hidden := attr(byID(doc, "replay-range").Parent, "hidden"); !hidden {
		t.Error("the scrubber shows without the script")
	}
}

// A battle outside the matchup is refused in words that name the field and the range.
func TestReplayRefusesABattleOutsideTheMatchup(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := savedReplaySim(t, ts)
	for q, want := range map[string]string{
		"n=4":       "Battle number: choose a whole number from 1 to 3.",
		"n=zero":    "Battle number: choose a whole number from 1 to 3.",
		"battle=-1": "Battle index: choose a whole number from 0 to 2 (the first battle is 0).",
		"battle=3":  "Battle index: choose a whole number from 0 to 2 (the first battle is 0).",
	} {
		r := ts.get("/sims/" + id + "/replay?" + q)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, stdhtml.EscapeString(want)) {
			t.Errorf("?%s: %d, want 400 saying %q", q, r.status, want)
		}
		// The way back is to the matchup the player came from, not only to their armies.
		if !strings.Contains(r.body, `<a href="/sims/`+id+`">Back to the matchup</a>`) {
			t.Errorf("?%s: the error page has no way back to the matchup", q)
		}
	}
}
