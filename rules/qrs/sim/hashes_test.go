package sim

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"muster/rules/internal/battlehash"
)

// hashGames is how many games of each matchup TestBattleHashes plays (all of them take a
// few hundredths of a second).
const hashGames = 50

// TestBattleHashes replays the skirmish games recorded in testdata/battle-hashes.txt (the
// quick-resolve past each kind of counter, with a one-droid pool, a full pool and figures
// for anything, and firefights of two groups) and fails when any differs: each game's log
// and result, hashed. A change meant to change the games updates the file and says so in
// its commit message:
//
//	MUSTER_BATTLE_HASHES=update go test -count=1 -run TestBattleHashes ./rules/qrs/sim/
func TestBattleHashes(t *testing.T) {
	advances, fights := builtinGames(t)
	var got []battlehash.Line
	add := func(kind, name string, play func(i int) (any, []string, error)) {
		h := battlehash.New()
		for i := range hashGames {
			r, log, err := play(i)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			h.Write([]byte(strings.Join(log, "\n")))
			j, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(j)
		}
		got = append(got, battlehash.Line{Fields: []string{kind, name, "seed=7", "games=" + strconv.Itoa(hashGames)}, Hash: h.Sum()})
	}
	for _, a := range advances {
		add("advance", a.name, func(i int) (any, []string, error) {
			b, err := Play(a.c, seeded(7)(i))
			return b, b.Log, err
		})
	}
	for _, f := range fights {
		add("firefight", f.name, func(i int) (any, []string, error) {
			r, err := PlayFight(f.c, seeded(7)(i))
			return r, r.Log, err
		})
	}
	battlehash.Check(t, "testdata/battle-hashes.txt",
		"The games of rules/qrs/sim's TestBattleHashes (the matchups are in the test): per\n"+
			"matchup, games with dice PCG(7, 0..N-1), each one's log and result, hashed\n"+
			"(SHA-256, first 8 bytes).\n"+
			"A commit that changes which games are played updates this file and says so.",
		"./rules/qrs/sim/", got)
}
