package combat

import (
	"math"
	"testing"
)

// Chapter Twelve, "Using Force Points": after his normal die the hero pays one point and
// adds another die (rolling over on a six), and again while he is not satisfied.
func TestForcePointsAddDice(t *testing.T) {
	h := &Hero{Points: 3, Policy: ForcePolicy{MaxPerRoll: 3}}
	// Blaster 3 against 10: rolls 2 (5), spends one point: 3 (8), another: 6, 1 (15).
	if !HeroTest(scripted(2, 3, 6, 1), h, 3, 10) {
		t.Error("5 + 3 + 7 should reach 10")
	}
	if h.Points != 1 || h.Spent != 2 {
		t.Errorf("points left %d, spent %d; want 1 and 2", h.Points, h.Spent)
	}
	// A satisfied hero spends nothing.
	h = &Hero{Points: 3, Policy: DefaultForcePolicy}
	HeroTest(scripted(5), h, 3, 6)
	if h.Points != 3 {
		t.Error("a hero who already passed spent Force Points")
	}
	// The reserve is kept for Strength rolls.
	h = &Hero{Points: 1, Policy: DefaultForcePolicy}
	HeroTest(scripted(2), h, 3, 10)
	if h.Points != 1 {
		t.Error("the last (reserved) point was spent on a test")
	}
	f := &Figure{STR: 3, Hero: h}
	// A pistol hit: Damage Strength 5 + 4 = 9 against his 2 + 3 = 5; he spends his last
	// point and rolls 4: 9, still not above 9.
	Default().Resist(scripted(5, 2, 4), f, []int{4})
	if h.Points != 0 {
		t.Error("the reserved point was not spent on the Strength roll")
	}
}

// "The hero cannot spend Force Points when making a Damage Strength roll ... unless he bombs
// out, in which case he can spend one Force Point on the roll."
func TestForcePointOnBombedDamage(t *testing.T) {
	h := &Hero{Points: 5, Policy: DefaultForcePolicy}
	if s := HeroDamageRoll(scripted(3), h, 5); s != 8 || h.Points != 5 {
		t.Errorf("an ordinary Damage Strength roll: %d, points %d", s, h.Points)
	}
	if s := HeroDamageRoll(scripted(1, 4), h, 5); s != 4 || h.Points != 4 {
		t.Errorf("a bombed-out Damage Strength roll with one Force die: %d (want 0 + 4), points %d", s, h.Points)
	}
}

// Dodge: "If the hero ties or wins the roll, the fire combat has no effect"; no dodging
// shots he does not see coming. Parry: "If the hero wins".
func TestDodgeAndParryTies(t *testing.T) {
	h := &Hero{Dodge: 4}
	if !Dodge(scripted(4, 4), h, 4) {
		t.Error("a tie did not dodge")
	}
	if Dodge(scripted(5, 4), h, 4) {
		t.Error("a lost dodge roll dodged")
	}
	h.Unaware = true
	if Dodge(scripted(2, 6, 6, 6), h, 4) {
		t.Error("a hero dodged a shot from behind")
	}
	p := &Hero{Parry: 5}
	if Parry(scripted(4), p, 9) {
		t.Error("a tied parry parried")
	}
	if !Parry(scripted(5), p, 9) {
		t.Error("10 against 9 did not parry")
	}
	g := &Hero{Dodge: 4}
	if !DodgeGrenade(scripted(2), g) || DodgeGrenade(scripted(1), g) {
		t.Error("grenade dodge is a difficulty 6 dodge roll")
	}
}

// Multiple targets and specific targeting, through Aim, are in TestFireCombatModifiers.

func TestForceOddsByHand(t *testing.T) {
	// Skill 3 against 8 with one point: fails first (1/3 passes: 5 or a six), then the Force
	// die must bring the score to 8. After a bomb-out (0) the die alone must reach 8: a six
	// then 2 or more (1/6 * 5/6). After a 2 (5): 3 or more on a rollover die (4/6); after 3
	// (6): 2 or more (5/6); after 4 (7): anything (1).
	want := 1.0/3 + (1.0/6)*(1.0/6*5.0/6) + (1.0/6)*(4.0/6) + (1.0/6)*(5.0/6) + (1.0/6)*1
	if got := ForceTestOdds(3, 8, 1); !near(got, want) {
		t.Errorf("ForceTestOdds(3, 8, 1) = %.12f, want %.12f", got, want)
	}
	if got := ForceTestOdds(3, 8, 0); !near(got, TestOdds(3, 8)) {
		t.Errorf("no points: %g, want the plain test's %g", got, TestOdds(3, 8))
	}
	// Dodge against an equal skill with no points: the hero wins ties, so 1 - 3/7.
	if got := DodgeOdds(4, 4, 0); !near(got, 4.0/7) {
		t.Errorf("DodgeOdds(4, 4, 0) = %g, want 4/7", got)
	}
}

func TestHeroRollsMatchTheirOdds(t *testing.T) {
	d := Seeded(11)
	const n = 60000
	for _, pts := range []int{1, 2, 3} {
		p := ForceTestOdds(3, 10, pts)
		var counts [2]int
		for range n {
			h := &Hero{Points: pts, Policy: ForcePolicy{MaxPerRoll: pts}}
			counts[boolInt(HeroTest(d, h, 3, 10))]++
		}
		checkCounts(t, "test with Force Points", []float64{1 - p, p}, counts[:], n)
	}
	p := DodgeOdds(5, 3, 2)
	var counts [2]int
	for range n {
		counts[boolInt(Dodge(d, &Hero{Dodge: 3, Points: 2, Policy: ForcePolicy{MaxPerRoll: 2}}, 5))]++
	}
	checkCounts(t, "dodge with Force Points", []float64{1 - p, p}, counts[:], n)
	checkDist(t, "score with Force Points", ForceScoreDist(2, 9, 2), n, func() int {
		h := &Hero{Points: 2, Policy: ForcePolicy{MaxPerRoll: 2}}
		return h.spend(d, Score(d.Roll(), 2), 9, false)
	})
}

// A hero firing spends on his test when it misses, and on a bombed-out Damage Strength roll.
func TestHeroFiringSpends(t *testing.T) {
	r := Default()
	h := &Hero{Points: 3, Policy: DefaultForcePolicy}
	var v Volley
	target := &Figure{STR: 3}
	// Test: 2 + 4 = 6 against 9; one point: + 4 = 10, a hit. The hit lands on the only
	// figure (a die for the allocation). Damage: bomb-out, one point: 5. Strength: 3 + 3 = 6:
	// 5 < 6, no effect.
	r.Volley(scripted(2, 4, 1, 1, 5, 3), []Shot{{Skill: 4, Difficulty: 9, Damage: 5, Shots: 1, Hero: h}},
		[2][]*Figure{{target}}, &v)
	if v.Hits[0] != 1 || h.Spent != 2 || target.Pending() != NoEffect {
		t.Errorf("hits %d, spent %d, target %v; want 1, 2, none", v.Hits[0], h.Spent, target.Pending())
	}
}

// Chapter Twelve, "Absorb/Dissipate Energy": in place of his dodge, one difficulty 6 test
// for all the hits from one firer, +1 for each further shot, +1 against a heavy weapon; a
// pass absorbs them all, a failure takes them all (no dodge). Pass rates against the exact
// odds of the test.
func TestAbsorbDissipateEnergy(t *testing.T) {
	r := Default()
	var d Dice
	d.Reseed(11)
	for _, c := range []struct {
		hits  int
		heavy bool
		diff  int
	}{{1, false, 6}, {3, false, 8}, {2, true, 8}} {
		n, absorbed := 4000, 0
		for range n {
			h := &Hero{Absorb: 3, Dodge: 2}
			f := &Figure{STR: 3, Hero: h}
			dmg := 4
			if c.heavy {
				dmg = HeavyWeaponDamage
			}
			shots := []Shot{{Skill: 4, Difficulty: 1, Damage: dmg, Shots: 1}}
			var v Volley
			for range c.hits {
				v.hits = append(v.hits, hit{target: 0, shot: 0, score: 5})
			}
			v.Hits[0] = c.hits
			r.Allocate(&d, shots, 0, []*Figure{f}, &v)
			if v.Dodged[0] > 0 {
				t.Fatal("a hero absorbing also dodged")
			}
			if v.Absorbed[0] == c.hits {
				absorbed++
				if f.Pending() != NoEffect {
					t.Fatal("absorbed hits harmed him")
				}
			}
		}
		want := TestOdds(3, c.diff)
		se := math.Sqrt(want * (1 - want) / float64(n))
		if got := float64(absorbed) / float64(n); math.Abs(got-want) > 4*se {
			t.Errorf("%d hits (heavy %v): absorbed %.3f of the time, want %.3f (difficulty %d)", c.hits, c.heavy, got, want, c.diff)
		}
	}
	if h := (&Hero{Absorb: 3, Unaware: true}); h.absorbs() {
		t.Error("a hero absorbs fire from behind him")
	}
}

// Chapter Thirteen, "Hitting Mounts and Riders": a hit on a rider strikes his mount on a 5
// or 6, on 4-6 when the creature is over 3 meters.
func TestHitsOnRidersStrikeTheirMounts(t *testing.T) {
	r := Default()
	var d Dice
	d.Reseed(3)
	for _, large := range []bool{false, true} {
		n, mount := 6000, 0
		for range n {
			m := &Figure{STR: 0}
			f := &Figure{STR: 0, Mount: m, MountLarge: large}
			shots := []Shot{{Skill: 4, Difficulty: 1, Damage: 40, Shots: 1}}
			var v Volley
			v.hits = append(v.hits, hit{target: 0, shot: 0, score: 5})
			v.Hits[0] = 1
			r.Allocate(&d, shots, 0, []*Figure{f}, &v)
			if len(v.mds) > 0 {
				mount++
				if f.Pending() != NoEffect {
					t.Fatal("one hit harmed both rider and mount")
				}
			}
		}
		want := 2.0 / 6
		if large {
			want = 3.0 / 6
		}
		se := math.Sqrt(want * (1 - want) / float64(n))
		if got := float64(mount) / float64(n); math.Abs(got-want) > 4*se {
			t.Errorf("large %v: the mount took %.3f of the hits, want %.3f", large, got, want)
		}
	}
}
