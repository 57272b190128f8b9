package odds

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

func eq(t *testing.T, what string, got *big.Rat, want string) {
	t.Helper()
	if got.Cmp(rat(want)) != 0 {
		t.Errorf("%s = %s, want %s", what, got.RatString(), want)
	}
}

// Attacking (p. 8): "Princess Leia attacks Darth Vader ... The die comes up 17, for a total
// of 24. Vader's Defense is 23, so that's a hit. Leia's Damage is 20, so Darth Vader loses
// 20 Hit Points. He drops from 140 to 120."
func TestLeiasAttackOnVader(t *testing.T) {
	a := Attack{Attack: 7, Defense: 23, Damage: 20}
	o := Resolve(17, a)
	if !o.Hit || o.Critical || o.Damage != 20 || 140-o.Damage != 120 {
		t.Fatalf("Leia's 17 against Vader: %+v, want a hit for 20 (140 to 120)", o)
	}
	if Resolve(15, a).Hit {
		t.Error("15 + 7 = 22 is below Defense 23 and must miss")
	}
	// Hand count: 16, 17, 18, 19 and the natural 20 hit: 5 faces of 20.
	e := Odds(a)
	eq(t, "hit", e.Hit, "1/4")
	eq(t, "critical", e.Critical, "1/20")
	// 4 faces for 20 and the 20 for 40: (80 + 40) / 20 = 6.
	eq(t, "expected damage", e.ExpectedDamage, "6")
}

// Example of Combat (p. 21): the Snowtrooper (+4, Damage 10) fires on Han Solo (Defense 16,
// +4 for cover: 20) with the other Snowtrooper combining fire (+4): a 14 makes 22, a hit;
// Han goes from 90 to 80 Hit Points.
func TestSnowtrooperCombinedFireOnHanBehindCover(t *testing.T) {
	a := Attack{Attack: 4, Defense: 16, Damage: 10, Cover: true, Combined: 1}
	if a.Need() != 12 {
		t.Fatalf("need %d, want 12 (20 - 4 - 4)", a.Need())
	}
	o := Resolve(14, a)
	if !o.Hit || o.Damage != 10 || 90-o.Damage != 80 {
		t.Fatalf("the 14: %+v, want a hit for 10 (90 to 80)", o)
	}
	// Faces 12-19 and the 20: 9 of 20.
	eq(t, "hit", Odds(a).Hit, "9/20")
	// Without the other Snowtrooper the same shot needs 16: 5 of 20.
	a.Combined = 0
	eq(t, "hit alone", Odds(a).Hit, "1/4")
}

// Natural 1 is an automatic miss, natural 20 an automatic hit and a critical hit for double
// damage; Droids take no double damage (Attack Rolls, p. 19).
func TestNaturalOneMissesNaturalTwentyIsACritical(t *testing.T) {
	easy := Attack{Attack: 30, Defense: 10, Damage: 10}
	if Resolve(1, easy).Hit {
		t.Error("a natural 1 hit")
	}
	eq(t, "hit at +30 against 10", Odds(easy).Hit, "19/20")
	hard := Attack{Attack: 0, Defense: 50, Damage: 10}
	if o := Resolve(20, hard); !o.Hit || !o.Critical || o.Damage != 20 {
		t.Errorf("a natural 20 against Defense 50: %+v, want a critical for 20", o)
	}
	eq(t, "hit at +0 against 50", Odds(hard).Hit, "1/20")
	droid := hard
	droid.Droid = true
	if o := Resolve(20, droid); !o.Hit || o.Critical || o.Damage != 10 {
		t.Errorf("a natural 20 on a Droid: %+v, want a hit for 10, no critical", o)
	}
	eq(t, "critical on a Droid", Odds(droid).Critical, "0")
}

// Force Points, Reroll (p. 22): a miss may be rerolled for 1 Force point, even a natural 1,
// and the new roll stands. Leia against Vader: 1/4 + 3/4 x 1/4 = 7/16.
func TestForcePointRerollOfAMiss(t *testing.T) {
	e := Odds(Attack{Attack: 7, Defense: 23, Damage: 20, Reroll: true})
	eq(t, "hit", e.Hit, "7/16")
	eq(t, "critical", e.Critical, "7/80")              // 1/20, or a miss (3/4) and then a 20: 1/20 + 3/80
	eq(t, "expected damage", e.ExpectedDamage, "21/2") // 6 + 3/4 x 6
}

// Odds counts faces by formula; Resolve plays a face. They must agree on every face for any
// attack, so the engine and the odds are one rule.
func TestOddsCountTheFacesResolveHits(t *testing.T) {
	for atk := -5; atk <= 30; atk++ {
		for def := 0; def <= 40; def += 3 {
			for _, cover := range []bool{false, true} {
				a := Attack{Attack: atk, Defense: def, Damage: 10, Cover: cover}
				hits, crits, dmg := 0, 0, 0
				for r := 1; r <= 20; r++ {
					o := Resolve(r, a)
					if o.Hit {
						hits++
					}
					if o.Critical {
						crits++
					}
					dmg += o.Damage
				}
				e := Odds(a)
				if e.Hit.Cmp(big.NewRat(int64(hits), 20)) != 0 || e.Critical.Cmp(big.NewRat(int64(crits), 20)) != 0 ||
					e.ExpectedDamage.Cmp(big.NewRat(int64(dmg), 20)) != 0 {
					t.Fatalf("%+v: odds %s/%s/%s, faces %d/%d/%d", a, e.Hit.RatString(), e.Critical.RatString(), e.ExpectedDamage.RatString(), hits, crits, dmg)
				}
			}
		}
	}
}

// Attacks to defeat, by hand: a shot that hits on 11+ (10 faces of 20, one a critical).
// One hit's worth of Hit Points: geometric, 1/2, 1/4, ..., mean 2. Two hits' worth: the
// first attack wins only on a 20 (1/20); the second wins after a normal hit then any hit
// (9/20 x 10/20) or a miss then a 20 (10/20 x 1/20): 1/4. Mean: E1 = 2,
// E2 = (1 + 9/20 x 2) / (1/2) = 19/5.
func TestAttacksToDefeatByHand(t *testing.T) {
	a := Attack{Attack: 0, Defense: 11, Damage: 10}
	one, err := AttacksToDefeat(a, 10)
	if err != nil {
		t.Fatal(err)
	}
	if one.P[1] != 0.5 || one.P[2] != 0.25 || one.P[3] != 0.125 {
		t.Errorf("one hit: %v", one.P[:4])
	}
	eq(t, "mean, one hit", one.Mean, "2")
	two, _ := AttacksToDefeat(a, 20)
	if math.Abs(two.P[1]-0.05) > 1e-15 || math.Abs(two.P[2]-0.25) > 1e-15 {
		t.Errorf("two hits: P1 %v, P2 %v; want 0.05, 0.25", two.P[1], two.P[2])
	}
	eq(t, "mean, two hits", two.Mean, "19/5")
	sum, mean := 0.0, 0.0
	for k, p := range two.P {
		sum += p
		mean += float64(k) * p
	}
	if math.Abs(sum-1) > 1e-9 || math.Abs(mean-3.8) > 1e-6 {
		t.Errorf("the distribution sums to %v with mean %v; want 1 and 3.8", sum, mean)
	}
	if _, err := AttacksToDefeat(Attack{Defense: 10}, 10); err == nil {
		t.Error("an attack with no damage must be refused")
	}
}

// Sampled attacks with the engine's die (PCG, d20 = IntN(20) + 1) against the exact odds:
// chi-square on miss / hit / critical, 2 degrees of freedom, under 13.82 (p = 0.001). The
// seed is fixed, so the test is repeatable; a biased die or a rule that differs between
// Resolve and Odds moves the statistic into the thousands.
func TestSampledAttacksMatchTheExactOddsChiSquare(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2007))
	for _, a := range []Attack{
		{Attack: 7, Defense: 23, Damage: 20},
		{Attack: 4, Defense: 16, Damage: 10, Cover: true, Combined: 1},
		{Attack: 8, Defense: 17, Damage: 10},
	} {
		const n = 60000
		var seen [3]float64
		for range n {
			o := Resolve(rng.IntN(20)+1, a)
			switch {
			case o.Critical:
				seen[2]++
			case o.Hit:
				seen[1]++
			default:
				seen[0]++
			}
		}
		h, c, _ := Odds(a).Float()
		want := [3]float64{(1 - h) * n, (h - c) * n, c * n}
		chi := 0.0
		for i := range seen {
			d := seen[i] - want[i]
			chi += d * d / want[i]
		}
		if chi > 13.82 {
			t.Errorf("%+v: chi-square %.2f over 13.82 (seen %v, want %v)", a, chi, seen, want)
		}
	}
}

// The attacks-to-defeat table adds up to 1: a shot that hits on 11+ against one hit's worth
// of Hit Points defeats on attack t with 1/2^t; by the 10th the target is down
// 1 - 1/1024 > 99.9% of the time, and the rest, 1/1024, is the last line, "11 or later".
// Held to 5 lines: attacks 1 to 4, then "5 or later" with 1/16. Before, the table stopped at
// 99.9% (or its 40th line) and left the rest out.
func TestAttacksToDefeatRowsAddUpToOne(t *testing.T) {
	td, err := AttacksToDefeat(Attack{Attack: 0, Defense: 11, Damage: 10}, 10)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		max, lines, later int
		rest              float64
	}{{0, 11, 11, 1.0 / 1024}, {5, 5, 5, 1.0 / 16}} {
		rows := td.Rows(c.max)
		last := rows[len(rows)-1]
		if len(rows) != c.lines || !last.Later || last.Attack != c.later || math.Abs(last.P-c.rest) > 1e-11 {
			t.Errorf("at most %d lines: %d lines, the last %+v; want %d, the last %d or later with %g", c.max, len(rows), last, c.lines, c.later, c.rest)
		}
		sum := 0.0
		for i, r := range rows[:len(rows)-1] {
			if r.Later || r.Attack != i+1 || r.P != math.Pow(0.5, float64(i+1)) {
				t.Errorf("line %d: %+v, want attack %d with 1/2^%d", i, r, i+1, i+1)
			}
			sum += r.P
		}
		if sum += last.P; math.Abs(sum-1) > 1e-9 || math.Abs(last.ByThen-1) > 1e-9 {
			t.Errorf("at most %d lines: they add up to %g, the last down by then %g", c.max, sum, last.ByThen)
		}
	}
}
