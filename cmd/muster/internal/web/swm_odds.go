package web

import (
	"errors"
	"net/url"
	"strings"

	"muster/cmd/muster/internal/systems"
	"muster/rules/swm/odds"
	"muster/views"
)

// D20OddsSection reads the odds page's d20 section from the query (a GET form: nothing changes,
// the address of a result can be kept) and works out the exact odds with rules/swm/odds.
func D20OddsSection(q url.Values) views.D20OddsView {
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
	atk, e1 := boundedInt("Attack bonus", v.Attack, systems.D20Attack.Lo, systems.D20Attack.Hi)
	def, e2 := boundedInt("Target's Defense", v.Defense, systems.D20Defense.Lo, systems.D20Defense.Hi)
	dmg, e3 := opt("Damage", v.Damage, systems.D20Damage.Lo, systems.D20Damage.Hi)
	hp, e4 := opt("Target's Hit Points", v.HP, systems.D20HP.Lo, systems.D20HP.Hi)
	comb, e5 := opt("Allies combining fire", v.Combined, systems.D20Combined.Lo, systems.D20Combined.Hi)
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
