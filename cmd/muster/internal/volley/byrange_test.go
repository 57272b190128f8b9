package volley

import (
	"math"
	"os"
	"testing"

	"muster/roster"
	"muster/rules"
)

func readArmy(t *testing.T, path string) *roster.Army {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(b)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// Expected hits against range, by hand: Victor's seven firers (a commander, a repeating
// blaster and five blaster rifles, all blaster 5) at stormtroopers in the open. A blaster
// rifle's bands are 15/50/150" and the Fire Combat Chart's base difficulties 6, 8, 10
// (Chapter Three), no modifier in the open: skill 5 hits on an open-ended roll of 1 or more
// at short range (5 of 6, a first 1 bombs out), 3 or more at medium (4 of 6), 5 or more at
// long (2 of 6). So
// 7 x 5/6 to 15", 7 x 4/6 to 50", 7 x 2/6 from 60" to 150" (from 50" to 60" the repeating
// blaster is at its long range while the rifles are at theirs). Every stretch's number is
// also the volley's exact expected hits at a range inside it.
func TestHitsAgainstRangeByHand(t *testing.T) {
	reb := readArmy(t, "../../../../rules/battle/testdata/rebel-1500.yaml")
	imp := readArmy(t, "../../../../rules/battle/testdata/imperial-1500.yaml")
	rep, err := Odds(rules.Default(), reb, 0, imp, 0, Setup{Range: 10})
	if err != nil {
		t.Fatal(err)
	}
	want := map[[2]float64]float64{{0, 15}: 7 * 5.0 / 6, {15, 50}: 7 * 4.0 / 6, {60, 150}: 7 * 2.0 / 6}
	seen := 0
	for _, b := range rep.ByRange {
		if w, ok := want[[2]float64{b.From, b.To}]; ok {
			seen++
			if math.Abs(b.Hits-w) > 1e-9 {
				t.Errorf("%g-%g\": %.6f expected hits, by hand %.6f", b.From, b.To, b.Hits, w)
			}
		}
		at, err := Odds(rules.Default(), reb, 0, imp, 0, Setup{Range: (b.From + b.To) / 2})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(at.ExpectedHits-b.Hits) > 1e-9 {
			t.Errorf("%g-%g\": %.6f by range, %.6f from the volley at %g\"", b.From, b.To, b.Hits, at.ExpectedHits, (b.From+b.To)/2)
		}
	}
	if seen != len(want) {
		t.Errorf("stretches %+v: want the rifles' 0-15, 15-50 and 60-150", rep.ByRange)
	}
	if last := rep.ByRange[len(rep.ByRange)-1]; last.To != 150 {
		t.Errorf("the last stretch ends at %g\", not the rifles' long range 150\"", last.To)
	}
}
