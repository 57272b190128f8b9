package rules

import "sync"

// WeaponAllowed reads a Troop List's Weapons line.
//   - "Any": every weapon.
//   - "Any blaster": the Weapon Chart's Blasters and Heavy Blasters.
//   - "heavy weapons": the Heavy Blasters, and the repeating blaster in its standard
//     configuration too: it is the tripod-mounted weapon with the tripod discarded
//     (Chapter Three), and Chapter Eight calls its carrier "a heavy weapons specialist".
//   - a named weapon: that weapon; "grenade" covers every grenade thrown with the grenade
//     skill (Chapter Eleven's smoke, stun and gas grenades too) but not the thermal
//     detonator, which the Weapon Chart lists as a weapon of its own.
//
// Bare hands are always allowed. The checks (roster.WeaponAllowed) and the editor's weapon
// picker (TroopWeapons) both ask it, so that what the picker offers and what the checks
// accept cannot disagree.
func (c *Catalog) WeaponAllowed(r WeaponRule, w *Weapon) bool {
	return c.weaponAllowed(r, Normalize(w.Name), w.Class)
}

func (c *Catalog) weaponAllowed(r WeaponRule, key, class string) bool {
	switch {
	case r.Any, key == "hands":
		return true
	case r.AnyBlaster && (class == "blaster" || class == "heavy blaster"):
		return true
	case r.HeavyWeapons && (class == "heavy blaster" || key == "repeatingblaster"):
		return true
	}
	for _, n := range r.Names {
		i, err := c.find(KindWeapon, n)
		if err != nil {
			continue
		}
		lk := c.weaponKey(i)
		if lk == key || (lk == "grenade" && class == "grenade" && key != "thermaldetonator") {
			return true
		}
	}
	return false
}

// weaponKey is the normalized name of the weapon at position i, worked out once at Load.
func (c *Catalog) weaponKey(i int) string {
	if i < len(c.weaponKeys) {
		return c.weaponKeys[i]
	}
	return Normalize(c.Weapons[i].Name)
}

// troopWeapons keeps, per troop type (by its position in the catalogue), which weapons
// (by position) its Troop List allows: the editor asks it for every weapon row of a unit.
type troopWeapons struct{ m sync.Map } // int -> []bool

// TroopWeapons says, for each weapon of the catalogue by position (c.Weapons), whether the
// troop type's Troop List allows it (WeaponAllowed). It is worked out once per troop type of
// the catalogue and shared: read it, never change it.
func (c *Catalog) TroopWeapons(t *Troop) []bool {
	i, err := c.find(KindTroop, t.Name)
	cached := err == nil && &c.Troops[i] == t && c.allowed != nil
	if cached {
		if v, ok := c.allowed.m.Load(i); ok {
			return v.([]bool)
		}
	}
	out := make([]bool, len(c.Weapons))
	for j := range c.Weapons {
		out[j] = c.weaponAllowed(t.Weapons, c.weaponKey(j), c.Weapons[j].Class)
	}
	if cached {
		c.allowed.m.Store(i, out)
	}
	return out
}
