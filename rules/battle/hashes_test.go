package battle

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"
	"testing"

	"muster/rules/internal/battlehash"
)

// hashBattles is how many battles of each matchup TestBattleHashes plays: 15 matchups of
// 20 take about a second of one core (docs/benchmarks.md, "Battle hashes"), which make test
// can afford.
const hashBattles = 20

// hashMatchups are the matchups whose battles the hash file records: every scenario, with
// the reference armies, the full kit (every kind of unit and gear a 1500-SGP army can
// field) against the reference Imperials, and the armies of "Like Rats in a Trap".
var hashMatchups = [][2]string{
	{"testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml"},
	{"testdata/full-1500.yaml", "testdata/imperial-1500.yaml"},
	{"testdata/rats-rebels.yaml", "testdata/rats-imperials.yaml"},
}

var hashScenarios = []string{"open-field", "open-field-at-night", "crystal-forest-of-goratak", "defending-the-bridge", "like-rats-in-a-trap"}

// TestBattleHashes replays the battles recorded in testdata/battle-hashes.txt and fails when
// any differs: the log, the result, the dice rolled, and for the first battle of each
// matchup the replay's trace. "Every battle unchanged", as a commit says of a change meant
// not to change the game, is this test passing; a change meant to change the battles
// updates the file and says so in its commit message:
//
//	MUSTER_BATTLE_HASHES=update go test -count=1 -run TestBattleHashes ./rules/battle/
func TestBattleHashes(t *testing.T) {
	var got []battlehash.Line
	for _, sc := range hashScenarios {
		field := scenario(t, sc)
		for _, ar := range hashMatchups {
			bt := New(field, force(t, ar[0]), force(t, ar[1]))
			h := battlehash.New()
			for i := range uint64(hashBattles) {
				var log strings.Builder
				var r *Result
				var tr *Trace
				if i == 0 {
					r, tr = bt.PlayTrace(BattleSeed(7, i), &log)
				} else {
					r = bt.Play(BattleSeed(7, i), &log)
				}
				h.Write([]byte(log.String()))
				j, err := json.Marshal(r)
				if err != nil {
					t.Fatal(err)
				}
				h.Write(j)
				if tr != nil {
					if j, err = json.Marshal(tr); err != nil {
						t.Fatal(err)
					}
					h.Write(j)
				}
				h.Printf("faces %d\n", bt.Faces())
			}
			got = append(got, battlehash.Line{
				Fields: []string{sc, path.Base(ar[0]), path.Base(ar[1]), "seed=7", "battles=" + strconv.Itoa(hashBattles)},
				Hash:   h.Sum(),
			})
		}
	}
	battlehash.Check(t, "testdata/battle-hashes.txt",
		"The battles of rules/battle's TestBattleHashes: per matchup (scenario, the two armies of\n"+
			"rules/battle/testdata), battles BattleSeed(7, 0..N-1), each one's log, result and dice\n"+
			"rolled, and the first one's trace, hashed (SHA-256, first 8 bytes).\n"+
			"A commit that changes which battles are played updates this file and says so.",
		"./rules/battle/", got)
}
