package main

import (
	"errors"
	"net/url"
	"strings"

	"muster/rules/swm/odds"
	"muster/views"
)

// d20OddsSection reads the odds page's d20 section from the query (a GET form: nothing changes,
// the address of a result can be kept) and works out the exact odds with rules/swm/odds.
// The d20 odds' bounds, the same on the odds page and for muster odds d20: beyond them a
// number is a typo, and a huge one would overflow the arithmetic (an Attack of 2^63-1 read
// as needing a natural 20).
type d20Bound struct{ lo, hi int }

var (
	d20Attack   = d20Bound{-10, 60}
	d20Defense  = d20Bound{0, 80}
	d20Damage   = d20Bound{0, 10000}
	d20HP       = d20Bound{0, 100000}
	d20Combined = d20Bound{0, 50}
)

func d20OddsSection(q url.Values) views.D20OddsView {
	v := views.D20OddsView{Attack: q.Get("d20atk"), Defense: q.Get("d20def"), Damage: q.Get("d20dmg"), HP: q.Get("d20hp"),
		Combined: q.Get("d20combined"), Cover: q.Get("d20cover") != "", Droid: q.Get("d20droid") != "", Reroll: q.Get("d20reroll") != ""}
	if v.Attack == "" && v.Defense == "" {
		return v
	}
	v.Asked = true
	opt := func(field, s string, lo, hi int) (int, error) {
		if strings.TrimSpace(s) == "" {
			return 0, nil
		}
		return boundedInt(field, s, lo, hi)
	}
	atk, e1 := boundedInt("Attack bonus", v.Attack, d20Attack.lo, d20Attack.hi)
	def, e2 := boundedInt("Target's Defense", v.Defense, d20Defense.lo, d20Defense.hi)
	dmg, e3 := opt("Damage", v.Damage, d20Damage.lo, d20Damage.hi)
	hp, e4 := opt("Target's Hit Points", v.HP, d20HP.lo, d20HP.hi)
	comb, e5 := opt("Allies combining fire", v.Combined, d20Combined.lo, d20Combined.hi)
	if err := firstErr(e1, e2, e3, e4, e5); err != nil {
		v.Error = err.Error()
		return v
	}
	a := odds.Attack{Attack: atk, Defense: def, Damage: dmg, Cover: v.Cover, Combined: comb, Droid: v.Droid, Reroll: v.Reroll}
	ex := odds.Odds(a)
	v.Need = min(max(a.Need(), 2), 20)
	v.Hit, v.Crit, _ = ex.Float()
	v.HitRat = ex.Hit.RatString()
	if strings.TrimSpace(v.Damage) != "" {
		_, _, e := ex.Float()
		v.ExpectedDamage = &e
	}
	if strings.TrimSpace(v.HP) != "" && hp > 0 {
		td, err := odds.AttacksToDefeat(a, hp)
		if errors.Is(err, odds.ErrNoDamage) {
			v.Error = "Damage: an attack that deals no damage never defeats a target; give the attacker's Damage"
			return v
		}
		if errors.Is(err, odds.ErrTooManyHits) {
			v.Error = "Target's Hit Points: " + err.Error()
			return v
		}
		if err != nil {
			v.Error = err.Error()
			return v
		}
		v.ToDefeat = td.P
		v.MeanAttacks, _ = td.Mean.Float64()
	}
	return v
}
