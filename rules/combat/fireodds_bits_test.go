package combat

import (
	"fmt"
	"hash/fnv"
	"math"
	"testing"
)

// volleyOddsFingerprint hashes the bits of every probability of a spread of volleys: one
// to ten figures (some wounded, Strengths 2 to 5), one to four Damage Strength classes, a
// few to many hits.
func volleyOddsFingerprint(t testing.TB) uint64 { return volleyOddsFingerprintKept(t, nil) }

// volleyOddsFingerprintKept is volleyOddsFingerprint with the volleys' outcome tables kept
// in memo.
func volleyOddsFingerprintKept(t testing.TB, memo *OddsMemo) uint64 {
	r := Default()
	h := fnv.New64a()
	put := func(d Dist) {
		fmt.Fprintf(h, "%d:", d.Lo)
		for _, p := range d.P {
			fmt.Fprintf(h, "%x,", math.Float64bits(p))
		}
	}
	for n := 1; n <= 10; n++ {
		for classes := 1; classes <= 4; classes++ {
			var figs []*Figure
			for i := range n {
				figs = append(figs, &Figure{STR: 2 + (i+n)%4, Wounded: i%3 == 1})
			}
			var shots []Shot
			for i := range 2 + n + classes {
				shots = append(shots, Shot{Skill: 3 + i%4, Difficulty: 5 + (i*3)%7, Damage: 3 + 2*(i%classes), Shots: 1})
			}
			odds, err := r.VolleyOddsKept(memo, shots, [MaxFireTargets][]*Figure{figs})
			if err != nil {
				t.Fatalf("%d figures, %d classes: %v", n, classes, err)
			}
			o := odds[0]
			fmt.Fprintf(h, "%x|", math.Float64bits(o.ExpectedHits))
			for _, d := range []Dist{o.Hits, o.Wounded, o.Incapacitated, o.Casualties, o.SystemDamage} {
				put(d)
			}
		}
	}
	return h.Sum64()
}

// The exact volley odds stay the same numbers to the bit when their code is made faster:
// the fingerprint was taken before the changes of issue 30's second round.
func TestVolleyOddsAreTheSameToTheBit(t *testing.T) {
	const want = 0x2d7d32c88b0fcc57
	if got := volleyOddsFingerprint(t); got != want {
		t.Errorf("the volley odds' bits hash to %#x, want %#x", got, want)
	}
}

// Kept outcome tables give the same numbers to the bit: the spread worked out with a memo
// (filling it), then again from it, by four goroutines at once sharing one memo (go test
// -race checks they do not trip on each other), and with a memo too small to keep much.
func TestKeptVolleyOddsAreTheSameToTheBit(t *testing.T) {
	const want = 0x2d7d32c88b0fcc57
	memo := NewOddsMemo(256)
	if got := volleyOddsFingerprintKept(t, memo); got != want {
		t.Fatalf("filling the memo: %#x, want %#x", got, want)
	}
	got := make(chan uint64, 4)
	for range 4 {
		go func() { got <- volleyOddsFingerprintKept(t, memo) }()
	}
	for range 4 {
		if h := <-got; h != want {
			t.Errorf("from the memo: %#x, want %#x", h, want)
		}
	}
	if got := volleyOddsFingerprintKept(t, NewOddsMemo(2)); got != want {
		t.Errorf("with a memo of two tables: %#x, want %#x", got, want)
	}
}
