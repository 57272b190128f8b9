package qrs

import (
	"fmt"
	"math"
	"math/big"
)

// GrenadeOdds are the chances of a thrown grenade for each figure it can catch: "Range is
// 6-12" ... To hit, throw a D6+6 and score equal or more than the range in inches ... Misses
// have no effect. That figure and any within 3" are killed on a 4+(D6) or Duck back."
// A fractional range counts as the next whole inch (the die must reach it).
func GrenadeOdds(rangeInches float64) (hit, killed, duckBack *big.Rat, err error) {
	if rangeInches < 6 || rangeInches > 12 {
		return nil, nil, nil, fmt.Errorf("a grenade is thrown 6\" to 12\"; %.1f\" is out of its range", rangeInches)
	}
	need := int(math.Ceil(rangeInches)) - 6 // the d6 must show at least this
	hit = big.NewRat(int64(7-max(need, 1)), 6)
	killed = new(big.Rat).Mul(hit, big.NewRat(1, 2))
	return hit, killed, new(big.Rat).Set(killed), nil
}

// ExplosiveOdds is the chance that magnetic explosives thrown at a vehicle hit: "thrown by a
// figure within 6" of a vehicle. To hit, throw a D6 and score equal or more than the range
// in inches to the target's base." The sheet does not say what a hit does; Muster reads it
// as the vehicle disabled ("Only Heavy lasers and bigger weapons can hurt armoured vehicles,
// but the following methods are allowed").
func ExplosiveOdds(rangeInches float64) (*big.Rat, error) {
	if rangeInches < 0 || rangeInches > 6 {
		return nil, fmt.Errorf("magnetic explosives are thrown from within 6\" of the vehicle; %.1f\" is too far", rangeInches)
	}
	need := max(int(math.Ceil(rangeInches)), 1)
	return big.NewRat(int64(7-need), 6), nil
}

// WalkerFire is fire from a walker's chin turret at a group: its firepower at the range band
// (8/10/12, one band further away if moving), ignoring the target's armour and light cover.
// heavyCover is cover heavier than light, which still takes 1 from the roll (Muster's
// reading: the sheet says only that light cover is ignored).
func WalkerFire(distance float64, moving bool, own, extraShooters int, heavyCover bool) (Fire, int, error) {
	band := WalkerBand(distance, moving)
	if band < 0 {
		return Fire{}, band, fmt.Errorf("the chin turret cannot reach %.0f\" (2\" to 50\", one band less when moving)", distance)
	}
	fp := [3]int{8, 10, 12}[band]
	return Fire{Own: own, Enemy: fp, Cover: heavyCover, Armour: false, ExtraShooters: extraShooters}, band, nil
}
