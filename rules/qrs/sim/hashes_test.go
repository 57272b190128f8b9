package sim

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"muster/rules/internal/battlehash"
	"muster/rules/qrs/army"
	"muster/rules/qrs/solo"
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
	fig := func(p string, n int) army.FigureEntry { return army.FigureEntry{Profile: p, Count: n} }
	full := solo.Pool{}
	for _, name := range []string{solo.Stormtrooper, solo.Heavy, solo.Leader, solo.Officer, solo.DeathTrooper, solo.ProbeDroid, solo.Walker, solo.Inquisitor} {
		full[name] = 4
	}
	advances := []struct {
		name string
		c    Config
	}{
		{"troopers-open-one-droid", Config{Players: group(t, fig("Rebel Trooper", 4)), Counters: []string{"open", "open", "open"}, Pool: solo.Pool{solo.ProbeDroid: 1}}},
		{"heroes-every-counter-full-pool", Config{Players: group(t, fig("Rebel Hero", 2), fig("Rebel Trooper", 4)), Counters: []string{"corner", "cover", "open"}, Pool: full, Sight: 2, Cover: true}},
		{"jedi-scoundrels-anything", Config{Players: group(t, fig("Jedi Knight", 1), fig("Scoundrel", 3)), Counters: []string{"cover", "corner", "open", "cover"}, Prefer: solo.PreferKeys()[0]}},
	}
	fights := []struct {
		name string
		c    FightConfig
	}{
		{"death-troopers-against-rebels", FightConfig{A: Side{Group: group(t, fig("Death Trooper", 4))}, B: Side{Group: group(t, fig("Rebel Trooper", 6)), Cover: true}}},
		{"sith-against-jedi-and-troopers", FightConfig{A: Side{Group: group(t, fig("Sith Lord", 1), fig("Stormtrooper", 5))}, B: Side{Group: group(t, fig("Jedi Master", 1), fig("Rebel Trooper", 3))}}},
	}
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
