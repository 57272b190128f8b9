package battle

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// TestPrintBattleHashes is a tool for engine changes that must not change any battle (speed
// work), not a check: with MUSTER_BATTLE_HASHES=1 it prints a hash of the logs, results and
// traces of 120 battles on each of 15 matchups (five scenarios, three pairs of armies), to
// compare before and after the change (docs/benchmarks.md):
//
//	MUSTER_BATTLE_HASHES=1 go test -run TestPrintBattleHashes -count=1 -v ./rules/battle/ | grep HASH
func TestPrintBattleHashes(t *testing.T) {
	if os.Getenv("MUSTER_BATTLE_HASHES") == "" {
		t.Skip("set MUSTER_BATTLE_HASHES=1 to print the hashes")
	}
	armies := [][2]string{{"testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml"}, {"testdata/full-1500.yaml", "testdata/imperial-1500.yaml"}, {"testdata/rats-rebels.yaml", "testdata/rats-imperials.yaml"}}
	for _, sc := range []string{"open-field", "open-field-at-night", "crystal-forest-of-goratak", "defending-the-bridge", "like-rats-in-a-trap"} {
		for _, ar := range armies {
			field := scenario(t, sc)
			bt := New(field, force(t, ar[0]), force(t, ar[1]))
			h := sha256.New()
			for i := uint64(0); i < 120; i++ {
				var buf bytes.Buffer
				var r any
				var tr any
				if i%4 == 0 {
					r, tr = bt.PlayTrace(BattleSeed(7, i), &buf)
				} else {
					r = bt.Play(BattleSeed(7, i), &buf)
				}
				h.Write(buf.Bytes())
				j, _ := json.Marshal(r)
				h.Write(j)
				j, _ = json.Marshal(tr)
				h.Write(j)
				fmt.Fprint(h, bt.Faces())
			}
			fmt.Printf("HASH %s %s %x\n", sc, ar[0], h.Sum(nil)[:8])
		}
	}
}
