package views

import (
	"testing"

	"muster/rules"
)

// TestNoTwoOptionsShareAKey keeps what groups relies on to mark the current value by its
// printed name alone: no two options of one picker (the catalogue's names of a kind; the
// equipment picker's items and grenades together) match the same key.
func TestNoTwoOptionsShareAKey(t *testing.T) {
	c := rules.Default()
	pickers := map[string][]OptGroup{
		"troops":    troopGroups(c, rules.Rebel, ""),
		"weapons":   weaponGroups(c, nil, ""),
		"heavy":     heavyWeaponGroups(c, ""),
		"armor":     armorGroups(c, nil, ""),
		"equipment": equipmentGroups(c, ""),
		"creatures": creatureGroups(c, "", false),
		"droids":    droidGroups(c, ""),
		"artillery": artilleryGroups(c, ""),
		"strikes":   strikeGroups(c, rules.Rebel, ""),
	}
	for name, gs := range pickers {
		seen := map[string]string{}
		for _, g := range gs {
			for _, o := range g.Options {
				if o.Value == "" {
					continue
				}
				k := rules.Normalize(o.Value)
				if prev, dup := seen[k]; dup && prev != o.Value {
					t.Errorf("%s: %q and %q share the key %q", name, prev, o.Value, k)
				}
				seen[k] = o.Value
			}
		}
		if len(seen) == 0 {
			t.Errorf("%s: no options", name)
		}
	}
}

// TestTheTroopListsWeaponsAreTheChecks: the picker's table of what each troop type may
// carry answers as the check does, for every troop type and weapon.
func TestTheTroopListsWeaponsAreTheChecks(t *testing.T) {
	c := rules.Default()
	for i := range c.Troops {
		tr := &c.Troops[i]
		allowed := c.TroopWeapons(tr)
		for j := range c.Weapons {
			if want := c.WeaponAllowed(tr.Weapons, &c.Weapons[j]); allowed[j] != want {
				t.Errorf("%s, %s: table says %v, the check %v", tr.Name, c.Weapons[j].Name, allowed[j], want)
			}
		}
		if again := c.TroopWeapons(tr); &again[0] != &allowed[0] {
			t.Errorf("%s: worked out twice", tr.Name)
		}
	}
}
