package engine

import (
	"encoding/json"
	"math/rand/v2"
	"path"
	"strconv"
	"strings"
	"testing"

	"muster/rules/internal/battlehash"
)

// hashBattles is how many battles of each matchup TestBattleHashes plays: 9 matchups of 5
// (the assault squads are the costly ones) take about a second of one core.
const hashBattles = 5

// TestBattleHashes replays the d20 battles recorded in testdata/battle-hashes.txt (every
// scenario map by the Echo Base squads of the rulebook's two scenarios and the mirror
// squads with Force points, commander effects and Double Attack) and fails when any
// differs: each battle's log and result, hashed. A change meant to change the battles
// updates the file and says so in its commit message:
//
//	MUSTER_BATTLE_HASHES=update go test -count=1 -run TestBattleHashes ./rules/swm/engine/
func TestBattleHashes(t *testing.T) {
	pairs := [][2]string{
		{"../testdata/salvage-rebel.yaml", "../testdata/salvage-imperial.yaml"},
		{"../testdata/assault-rebel.yaml", "../testdata/assault-imperial.yaml"},
		{"../testdata/mirror-rebel.yaml", "../testdata/mirror-imperial.yaml"},
	}
	var got []battlehash.Line
	for _, sc := range Scenarios() {
		for _, p := range pairs {
			a, b := load(t, p[0]), load(t, p[1])
			h := battlehash.New()
			for i := range uint64(hashBattles) {
				m, _ := Scenario(sc)
				r, err := Play(m, a, b, rand.New(rand.NewPCG(7, i)), true)
				if err != nil {
					t.Fatal(err)
				}
				h.Write([]byte(strings.Join(r.Log, "\n")))
				j, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(j)
			}
			got = append(got, battlehash.Line{
				Fields: []string{sc, path.Base(p[0]), path.Base(p[1]), "seed=7", "battles=" + strconv.Itoa(hashBattles)},
				Hash:   h.Sum(),
			})
		}
	}
	battlehash.Check(t, "testdata/battle-hashes.txt",
		"The battles of rules/swm/engine's TestBattleHashes: per matchup (scenario map, the two\n"+
			"squads of rules/swm/testdata), battles with dice PCG(7, 0..N-1), each one's log and\n"+
			"result, hashed (SHA-256, first 8 bytes).\n"+
			"A commit that changes which battles are played updates this file and says so.",
		"./rules/swm/engine/", got)
}
