package qrs

import (
	"math/big"
	"testing"
)

// The result column as printed: -6+ Rout, -4 to -5 Retreat, -1 to -3 stand in cover or
// retreat to cover, 0 Stand, 1-2, 3-4, 5.
func TestRandomMovementResultRows(t *testing.T) {
	want := map[int]Order{-9: Rout, -6: Rout, -5: Retreat, -4: Retreat, -3: FallBack, -1: FallBack,
		0: Stand, 1: HoldOrGo, 2: HoldOrGo, 3: Advance, 4: Advance, 5: AdvanceEnemy, 11: AdvanceEnemy}
	for score, o := range want {
		if got := OrderFor(score); got != o {
			t.Errorf("score %d: %s, want %s", score, got, o)
		}
	}
	if FallBack.Plain(true) != "Stand (in cover)" || HoldOrGo.Plain(false) != Advance.Text() {
		t.Error("the table's 'or' is not resolved by cover")
	}
}

// By hand, d6 + modifiers. A fresh group advancing in cover, not under fire, no enemy in
// sight: +1 +1 +1 +1 = +4, so 5-10: always "Advance towards nearest enemy".
// A group under fire from greater numbers, half killed, alone, in the open: -2 -2 -1 = -5,
// so -4..1: a 1 (-4) Retreats, 2-4 (-3..-1) fall back, a 5 (0) stands, a 6 (1) holds or
// advances.
func TestRandomMovementOddsByHand(t *testing.T) {
	fresh := MoveSituation{Advancing: true, InCover: true, LightFire: true, NoEnemyInSight: true}
	if fresh.Modifier() != 4 {
		t.Fatalf("modifier %d", fresh.Modifier())
	}
	o := MovementOdds(fresh)
	if len(o) != 1 || o[AdvanceEnemy].Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("fresh: %v", o)
	}
	shaken := MoveSituation{GreaterFire: true, QuartersKilled: 2, Alone: true}
	if shaken.Modifier() != -5 {
		t.Fatalf("modifier %d", shaken.Modifier())
	}
	o = MovementOdds(shaken)
	want := map[Order]*big.Rat{Retreat: big.NewRat(1, 6), FallBack: big.NewRat(3, 6), Stand: big.NewRat(1, 6), HoldOrGo: big.NewRat(1, 6)}
	for k, w := range want {
		if o[k] == nil || o[k].Cmp(w) != 0 {
			t.Errorf("%s: %v, want %v", k, o[k], w)
		}
	}
	// Rout needs -6: the same group with friends retreating and a walker near: -7, so a 1 is -6.
	shaken.FriendsRetreating, shaken.VehicleNear = true, true
	if o := MovementOdds(shaken); o[Rout] == nil || o[Rout].Cmp(big.NewRat(1, 6)) != 0 {
		t.Errorf("rout: %v", o)
	}
}

// Only the +1 of "under fire from less than half own numbers" survived extraction; every
// other modifier must be marked as Muster's.
func TestMovementModifiersMarkWhatIsPrinted(t *testing.T) {
	all := MoveSituation{GreaterFire: true, FriendsRetreating: true, Alone: true, VehicleNear: true, QuartersKilled: 1,
		Advancing: true, InCover: true, Leaders: 1, LightFire: true, NoEnemyInSight: true}.Applied()
	if len(all) != 10 {
		t.Fatalf("%d modifiers", len(all))
	}
	for _, m := range all {
		if m.Printed != (m.Label == MoveModifiers.LightFire.Label) {
			t.Errorf("%s: printed %v", m.Label, m.Printed)
		}
	}
	if MoveModifiers.LightFire.Value != 1 {
		t.Error("the printed +1 changed")
	}
}
