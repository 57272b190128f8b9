package solo

import (
	"math/big"
	"strings"
	"testing"

	"muster/rules/qrs"
)

// odds enumerates force generation exactly, keyed by what appears ("" for nothing).
func odds(t *testing.T, s Sighting, pool Pool, prefer string, key func(Outcome) string) map[string]*big.Rat {
	t.Helper()
	got, err := qrs.Enumerate(func(d qrs.Dice) string {
		o, err := Generate(s, pool, prefer, d)
		if err != nil {
			t.Fatal(err)
		}
		return key(o)
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func byForce(o Outcome) string { return o.Force }

func expect(t *testing.T, got map[string]*big.Rat, want map[string]*big.Rat) {
	t.Helper()
	for k, w := range want {
		if g := got[k]; g == nil || g.Cmp(w) != 0 {
			t.Errorf("%q: got %v, want %v", k, g, w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok && g.Sign() > 0 {
			t.Errorf("unexpected %q with %v", k, g)
		}
	}
}

func r(a, b int64) *big.Rat { return big.NewRat(a, b) }

func counters(kinds ...string) []Counter {
	var cs []Counter
	for i, k := range kinds {
		cs = append(cs, Counter{ID: i + 1, Kind: k})
	}
	return cs
}

// One counter on a corner, contact already made, no officer: only a 6 reaches the table
// (6-7: 4 Stormtroopers); 1-5 is nothing.
func TestGenerationOneCounterNoModifiers(t *testing.T) {
	got := odds(t, Sighting{InSight: counters(Corner)}, nil, "", byForce)
	expect(t, got, map[string]*big.Rat{"": r(5, 6), "4 Stormtroopers": r(1, 6)})
}

// "1-5 Nothing (unless counter is in the open, when an Imperial Probe Droid appears";
// "-1: No contact today"; "A natural rolled '1' is always nothing". With the -1, a 6 is 5:
// 2-6 bring the probe droid (5/6), the natural 1 nothing.
func TestGenerationOpenCounterNoContactProbeDroid(t *testing.T) {
	got := odds(t, Sighting{InSight: counters(Open), NoContact: true}, nil, "", byForce)
	expect(t, got, map[string]*big.Rat{"": r(1, 6), "1 Imperial Probe Droid": r(5, 6)})
}

// "+2: Imperial Officer on the table", "+1: Each other counter after the first": +2 +2 = +4
// with three counters. d6 1: natural nothing; 2, 3 (6, 7): 4 Stormtroopers; 4, 5 (8, 9): 4
// and a heavy weapon trooper; 6 (10): Leader and 2d4, the 2d4 giving 2..8 in 1,2,3,4,3,2,1
// sixteenths. The counter is randomised among the three: each 1/3.
func TestGenerationOfficerAndThreeCountersByHand(t *testing.T) {
	s := Sighting{InSight: counters(Cover, Cover, Corner), Officer: true}
	got := odds(t, s, nil, "", byForce)
	want := map[string]*big.Rat{
		"":                r(1, 6),
		"4 Stormtroopers": r(2, 6),
		"4 Stormtroopers and 1 Heavy Weapon Trooper": r(2, 6),
	}
	for n, ways := range map[int]int64{2: 1, 3: 2, 4: 3, 5: 4, 6: 3, 7: 2, 8: 1} {
		want["1 Stormtrooper Leader and "+itoa(n)+" Stormtroopers"] = r(ways, 6*16)
	}
	expect(t, got, want)
	at := odds(t, s, nil, "", func(o Outcome) string { return itoa(o.Counter) + o.Force })
	if g := at["24 Stormtroopers"]; g == nil || g.Cmp(r(2, 18)) != 0 {
		t.Errorf("4 Stormtroopers at counter 2: got %v, want 2/6 x 1/3 = 1/9", g)
	}
}

// "(Use an Officer instead on a result of 11)": +2 officer, four counters +3: a 6 is 11.
func TestGenerationResultElevenBringsAnOfficer(t *testing.T) {
	s := Sighting{InSight: counters(Cover, Cover, Cover, Cover), Officer: true}
	o, _ := Generate(s, nil, "", qrs.DiceFunc(func(n int) int { return map[int]int{6: 6, 4: 2}[n] }))
	if o.Total != 11 || o.Column != 1 || o.Force != "1 Imperial Officer and 4 Stormtroopers" {
		t.Errorf("%+v", o)
	}
}

// Both columns: 14-15 is the 6-7 row again, 21 and up the 13 row; below 1 is nothing.
func TestResultTableBothColumns(t *testing.T) {
	cases := map[int][2]int{-3: {0, 1}, 1: {0, 1}, 5: {0, 1}, 6: {1, 1}, 9: {2, 1}, 11: {3, 1}, 12: {4, 1}, 13: {5, 1},
		14: {1, 2}, 15: {1, 2}, 16: {2, 2}, 19: {3, 2}, 20: {4, 2}, 21: {5, 2}, 30: {5, 2}}
	for total, want := range cases {
		if row, col := RowFor(total); row != want[0] || col != want[1] {
			t.Errorf("total %d: row %d column %d, want %v", total, row, col, want)
		}
	}
}

// "If no figures are available ... use the options before in order instead": with four
// Stormtroopers and no heavy weapon trooper, an 8-9 deploys the 6-7 row. +2 (officer): d6 4,
// 5, 6 are 6, 7, 8, all 4 Stormtroopers; 1-3 nothing (a cover counter has no probe droid).
func TestGenerationFallsBackWhenFiguresRunOut(t *testing.T) {
	pool := Pool{Stormtrooper: 4}
	got := odds(t, Sighting{InSight: counters(Cover), Officer: true}, pool, "", byForce)
	expect(t, got, map[string]*big.Rat{"": r(3, 6), "4 Stormtroopers": r(3, 6)})
	// With three, nothing can be deployed at all ("you cannot deploy any until casualties
	// are recycled").
	got = odds(t, Sighting{InSight: counters(Cover), Officer: true}, Pool{Stormtrooper: 3}, "", byForce)
	expect(t, got, map[string]*big.Rat{"": r(1, 1)})
}

// A 12 with the player preferring the Inquisitor ("If desired, replace this selection");
// with no Inquisitor figure, the row's next option, 8 Stormtroopers, then the rows before.
func TestGenerationPreferenceAndItsFallBack(t *testing.T) {
	s := Sighting{InSight: counters(Cover, Cover, Cover, Cover, Cover), Officer: true} // +6
	six := qrs.DiceFunc(func(n int) int { return n })                                  // every die shows its top face
	o, _ := Generate(s, nil, "inquisitor", six)
	if o.Total != 12 || o.Force != "1 Inquisitor" {
		t.Errorf("preferred: %+v", o)
	}
	o, _ = Generate(s, Pool{Stormtrooper: 8, Walker: 0}, "inquisitor", six)
	if o.Force != "8 Stormtroopers" {
		t.Errorf("no inquisitor figure: %+v", o)
	}
	// Seven Stormtroopers: not the 8, so the row before, Leader and 2d4 (2 + 2).
	low := qrs.DiceFunc(func(n int) int { return map[int]int{6: 6, 5: 5, 4: 2}[n] })
	o, _ = Generate(s, Pool{Stormtrooper: 7, Leader: 1}, "", low)
	if o.Row != 3 || o.Force != "1 Stormtrooper Leader and 4 Stormtroopers" {
		t.Errorf("no walker, no inquisitor: %+v", o)
	}
}

func TestGenerationNeedsACounterInSight(t *testing.T) {
	if _, err := Generate(Sighting{}, nil, "", qrs.DiceFunc(func(int) int { return 1 })); err == nil {
		t.Error("no counter in sight accepted")
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// "8 Stormtroopers" is offered on a 12 ("If desired, replace this selection with an
// Inquisitor, or 8 Stormtroopers!") and on a 13 ("4 Death Troopers ... or 8 Stormtroopers"):
// one preference, listed once, that applies to both rows.
func TestEachPreferenceIsListedOnce(t *testing.T) {
	want := []string{"walker", "inquisitor", "8stormtroopers", "deathtroopers"}
	if got := PreferKeys(); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("PreferKeys() = %v, want %v", got, want)
	}
	// A d6 of 6, +2 for the officer, +1 for each counter after the first: 12 with five
	// counters in sight, 13 with six.
	top := qrs.DiceFunc(func(n int) int { return n })
	for _, c := range []struct {
		sighting Sighting
		total    int
	}{
		{Sighting{InSight: counters(Cover, Cover, Cover, Cover, Cover), Officer: true}, 12},
		{Sighting{InSight: counters(Cover, Cover, Cover, Cover, Cover, Cover), Officer: true}, 13},
	} {
		o, _ := Generate(c.sighting, nil, "8stormtroopers", top)
		if o.Total != c.total || o.Force != "8 Stormtroopers" {
			t.Errorf("a %d preferring 8 Stormtroopers: %+v", c.total, o)
		}
	}
}
