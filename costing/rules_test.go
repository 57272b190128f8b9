package costing

import (
	"testing"

	"muster/roster"
	"muster/rules"
)

// The rules costing reports itself, each with an army that obeys and one that breaks it,
// through Evaluate as the commands see them.
func TestCostingRules(t *testing.T) {
	c := rules.Default()
	hoth := func(mod func(u *roster.Unit)) *roster.Army {
		u := roster.Unit{Kind: roster.KindSquad, Troop: "Hoth Trooper", Size: 10,
			Skills: roster.Skills{"blaster": 5}, Weapons: []roster.Item{{Name: "blaster rifle"}}}
		mod(&u)
		return force(rules.Rebel, u)
	}
	tests := []struct {
		rule, field    string
		valid, invalid *roster.Army
		severity       roster.Severity
	}{
		// Unknown names name the nearest known ones.
		{"name.unknown", "units[0].weapons[0]", hoth(func(*roster.Unit) {}),
			hoth(func(u *roster.Unit) { u.Weapons[0].Name = "blaster rifel" }), roster.Error},
		// Chapter Eight: "All skills and specializations start at the level of the attribute
		// they are listed under": Hoth Troopers' blaster starts at DEX 3.
		{"skill.below-start", "units[0].skills.blaster", hoth(func(u *roster.Unit) { u.Skills["blaster"] = 3 }),
			hoth(func(u *roster.Unit) { u.Skills["blaster"] = 2 }), roster.Error},
		// Overriding a Troop List attribute (Hoth Troopers' STR 3) is costed and warned.
		{"troop.attributes", "units[0].attributes.STR", hoth(func(u *roster.Unit) { u.Attributes = map[rules.Attr]int{rules.STR: 3} }),
			hoth(func(u *roster.Unit) { u.Attributes = map[rules.Attr]int{rules.STR: 4} }), roster.Warning},
		// A squad needs its size.
		{"field.invalid", "units[0].size", hoth(func(*roster.Unit) {}), hoth(func(u *roster.Unit) { u.Size = 0 }), roster.Error},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			if ps := withRule(Evaluate(c, tc.valid, nil).Problems, tc.rule); len(ps) != 0 {
				t.Errorf("valid army: %v", ps)
			}
			ps := withRule(Evaluate(c, tc.invalid, nil).Problems, tc.rule)
			if len(ps) != 1 || ps[0].Field != tc.field || ps[0].Severity != tc.severity || ps[0].Hint == "" {
				t.Errorf("invalid army: %v", ps)
			}
		})
	}
}
