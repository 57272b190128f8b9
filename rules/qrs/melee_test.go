package qrs

import (
	"math/big"
	"testing"
)

// The other-melee chart as printed, both columns, and a light sabre's hit reading the
// unarmoured column ("Armoured (Unless hit by light sabre!)").
func TestOtherMeleeChartAsPrinted(t *testing.T) {
	un := []MeleeEffect{NoEffect, Retreat1, KnockedOut, Continue, Wounded, MeleeKilled, MeleeKilled, MeleeKilled}
	ar := []MeleeEffect{NoEffect, NoEffect, Retreat1, KnockedOut, Continue, Wounded, MeleeKilled, MeleeKilled}
	for diff := 0; diff <= 7; diff++ {
		if got := ChartEffect(diff, false, false); got != un[diff] {
			t.Errorf("unarmoured -%d: %s, want %s", diff, got, un[diff])
		}
		if got := ChartEffect(diff, true, false); got != ar[diff] {
			t.Errorf("armoured -%d: %s, want %s", diff, got, ar[diff])
		}
		if got := ChartEffect(diff, true, true); got != un[diff] {
			t.Errorf("armoured hit by a light sabre -%d: %s, want %s", diff, got, un[diff])
		}
	}
}

func meleeOdds(t *testing.T, self Fighter, ops ...Fighter) map[string]*big.Rat {
	t.Helper()
	got, err := Enumerate(func(d Dice) string { return Melee(self, ops, d).Self.String() })
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func rat(a, b int64) *big.Rat { return big.NewRat(a, b) }

func same(t *testing.T, what string, got, want *big.Rat) {
	t.Helper()
	if got == nil {
		got = new(big.Rat)
	}
	if got.Cmp(want) != 0 {
		t.Errorf("%s: got %s, want %s", what, got.RatString(), want.RatString())
	}
}

// Two figures of equal melee: the difference of two d6 is k in (6-k) of 36 ways. Losing by
// 1..5 gives Retreat 5/36, Knocked out 4/36, Continue 3/36, Wounded 2/36, Killed 1/36; a draw
// or a win (21/36) leaves the figure untouched. Armour moves every loss one row up.
func TestOtherMeleeOddsByHand(t *testing.T) {
	got := meleeOdds(t, Fighter{Melee: 2}, Fighter{Melee: 2})
	same(t, "no effect", got[NoEffect.String()], rat(21, 36))
	same(t, "retreat", got[Retreat1.String()], rat(5, 36))
	same(t, "knocked out", got[KnockedOut.String()], rat(4, 36))
	same(t, "continue", got[Continue.String()], rat(3, 36))
	same(t, "wounded", got[Wounded.String()], rat(2, 36))
	same(t, "killed", got[MeleeKilled.String()], rat(1, 36))
	got = meleeOdds(t, Fighter{Melee: 2, Armour: true}, Fighter{Melee: 2})
	same(t, "armoured: no effect", got[NoEffect.String()], rat(26, 36))
	same(t, "armoured: wounded", got[Wounded.String()], rat(1, 36))
	same(t, "armoured: killed", got[MeleeKilled.String()], rat(0, 1))
	got = meleeOdds(t, Fighter{Melee: 2, Armour: true}, Fighter{Melee: 2, Saber: true})
	same(t, "armoured against a light sabre: killed", got[MeleeKilled.String()], rat(1, 36))
}

// One figure (melee 3) against two (melee 1): it rolls once against the higher of their two
// dice M (M = m in 2m-1 of 36). It loses when M + 1 > d + 3, i.e. M >= d + 3: d 1 with M 4-6
// (7+9+11), d 2 with M 5-6 (9+11), d 3 with M 6 (11): 58 of 216 = 29/108.
func TestMeleeAgainstSeveralOpponentsByHand(t *testing.T) {
	got := meleeOdds(t, Fighter{Melee: 3}, Fighter{Melee: 1}, Fighter{Melee: 1})
	same(t, "the lone figure loses", new(big.Rat).Sub(rat(1, 1), got[NoEffect.String()]), rat(29, 108))
}

// "If a figure is fighting multiple opponents, he rolls once and compares his score with
// the highest D6 score rolled by his opponents, added to each opponent's melee value." A
// melee 1 figure rolling 2 (3) against melee 4 and 5 whose best die is 1 (5 and 6) loses by
// 2, "Knocked out (recovers in D3 turns)", and by 3, "Continue melee normally": it is
// knocked out, the worse of the two, not left to fight on.
func TestMeleeAgainstSeveralOpponentsSuffersTheWorstResult(t *testing.T) {
	faces := []int{2, 1, 1}
	d := DiceFunc(func(int) int { f := faces[0]; faces = faces[1:]; return f })
	o := Melee(Fighter{Melee: 1}, []Fighter{{Melee: 4}, {Melee: 5}}, d)
	if o.Self != KnockedOut {
		t.Errorf("lost by 2 and by 3: %s, want %s", o.Self, KnockedOut)
	}
	for _, c := range []struct{ worse, better MeleeEffect }{
		{MeleeKilled, Wounded}, {Wounded, KnockedOut}, {KnockedOut, Retreat1}, {Retreat1, Continue}, {Continue, NoEffect},
	} {
		if !c.worse.Worse(c.better) || c.better.Worse(c.worse) {
			t.Errorf("%s should be worse than %s", c.worse, c.better)
		}
	}
}

// A wound halves melee: 3 wounded is 1.5; with a 4 that is 5.5 against a melee 1 figure's 3
// + 1 = 4: a difference of 1.5, read as 1: the opponent retreats.
func TestWoundedMeleeIsHalved(t *testing.T) {
	faces := []int{4, 3}
	d := DiceFunc(func(int) int { f := faces[0]; faces = faces[1:]; return f })
	o := Melee(Fighter{Melee: 3, Wounded: true}, []Fighter{{Melee: 1}}, d)
	if o.Self != NoEffect || o.Opponents[0] != Retreat1 {
		t.Errorf("%+v", o)
	}
}

// Equal duellists (melee 5, 8 FP): a draw 6/36; b loses 1, 2, 3, 4 FP in 5, 4, 3, 2 of 36;
// a 6 against a 1 is max/min (1/36 each way), which replaces the difference of 5.
func TestLightsaberDuelOddsByHand(t *testing.T) {
	got, err := Enumerate(func(d Dice) string { return Duel(Duelist{5, 8}, Duelist{5, 8}, d).String() })
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*big.Rat{
		"draw": rat(6, 36), "b loses 1 FP": rat(5, 36), "b loses 2 FP": rat(4, 36), "b loses 3 FP": rat(3, 36),
		"b loses 4 FP": rat(2, 36), "b killed, or loses 8 FP (max/min)": rat(1, 36),
		"a loses 1 FP": rat(5, 36), "a loses 4 FP": rat(2, 36), "a killed, or loses 8 FP (max/min)": rat(1, 36),
	}
	for k, w := range want {
		same(t, k, got[k], w)
	}
	// "the loser losing the difference (up to a maximum of 4)", never more than he has.
	d := DiceFunc(func(int) int { return 3 })
	if o := Duel(Duelist{9, 8}, Duelist{2, 2}, d); o.Loser != "b" || o.Lost != 2 {
		t.Errorf("cap at the loser's points: %+v", o)
	}
}

// Grenades: "throw a D6+6 and score equal or more than the range"; then killed on 4+ or duck
// back. At 9" a 3+ hits (4/6), so killed 1/3, duck back 1/3.
func TestGrenadeAndExplosiveOddsByHand(t *testing.T) {
	hit, killed, duck, err := GrenadeOdds(9)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "grenade hit at 9\"", hit, rat(4, 6))
	same(t, "killed", killed, rat(1, 3))
	same(t, "duck back", duck, rat(1, 3))
	if hit, _, _, _ := GrenadeOdds(6); hit.Cmp(rat(1, 1)) != 0 {
		t.Errorf("at 6\" a grenade always hits: %s", hit.RatString())
	}
	if hit, _, _, _ := GrenadeOdds(8.2); hit.Cmp(rat(4, 6)) != 0 {
		t.Errorf("8.2\" needs a 3 like 9\": %s", hit.RatString())
	}
	if _, _, _, err := GrenadeOdds(13); err == nil {
		t.Error("a grenade thrown 13\"")
	}
	// Magnetic explosives: a D6 equal or more than the range: at 4", 3/6; at 6", 1/6.
	for r, w := range map[float64]*big.Rat{4: rat(3, 6), 6: rat(1, 6), 0.5: rat(1, 1)} {
		got, err := ExplosiveOdds(r)
		if err != nil || got.Cmp(w) != 0 {
			t.Errorf("explosives at %v\": %v %v", r, got, err)
		}
	}
	if _, err := ExplosiveOdds(7); err == nil {
		t.Error("explosives thrown from 7\"")
	}
}

// A walker at 15" fires with 10 (medium), moving with 8 (one band further); it ignores the
// target's armour: against an armoured group of defence 10, Equal, the 8 still wounds.
func TestWalkerFireIgnoresArmour(t *testing.T) {
	f, band, err := WalkerFire(15, false, 10, 0, false)
	if err != nil || band != Medium || f.Enemy != 10 || f.Eighths() != [4]int{5, 2, 1, 0} {
		t.Errorf("%+v %d %v", f, band, err)
	}
	if f, _, _ := WalkerFire(15, true, 10, 0, false); f.Enemy != 8 {
		t.Errorf("moving: %+v", f)
	}
	if _, _, err := WalkerFire(45, true, 10, 0, false); err == nil {
		t.Error("a moving walker reached 45\"")
	}
	if !SwipeAllowed(PointBlank, 5) || SwipeAllowed(Medium, 9) || SwipeAllowed(PointBlank, 4) {
		t.Error("Swipe: point blank from a group with Firepower 5 or more")
	}
}
