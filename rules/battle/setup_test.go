package battle

import (
	"bytes"
	"testing"
)

// A Battle that has fought before lays its armies out from the copy it kept of its first
// set-up (restoreSetup): each battle, its log byte for byte, is the one a new Battle fights.
func TestKeptSetupPlaysAsNew(t *testing.T) {
	type matchup struct {
		sc   string
		a, b *Force
	}
	ms := []matchup{
		{"open-field", squadsArmy(t, "rebel", 8), squadsArmy(t, "imperial", 8)},
		{"defending-the-bridge", force(t, "testdata/rebel-1500.yaml"), force(t, "testdata/imperial-1500.yaml")},
		{"like-rats-in-a-trap", force(t, "testdata/rats-rebels.yaml"), force(t, "testdata/rats-imperials.yaml")},
		{"crystal-forest-of-goratak", force(t, "testdata/full-1500.yaml"), force(t, "testdata/droids-imperial.yaml")},
	}
	for _, m := range ms {
		field := scenario(t, m.sc)
		bt := New(field, m.a, m.b)
		for i := range uint64(6) {
			var kept, fresh bytes.Buffer
			bt.Play(BattleSeed(3, i), &kept)
			New(field, m.a, m.b).Play(BattleSeed(3, i), &fresh)
			if !bytes.Equal(kept.Bytes(), fresh.Bytes()) {
				t.Fatalf("%s, battle %d: the Battle that fought before played it otherwise", m.sc, i)
			}
		}
	}
}
