package roster

import (
	"fmt"

	"muster/rules"
)

// NewUnit makes the unit an editor's "Add a unit" picker names (kind, and the catalogue
// entry's name), filled in as a player would start it: a squad gets ten soldiers (within its
// Troop List's sizes) and the first weapon its list names; a hero starts at 2D in every
// attribute and Move 10 (origin "scratch" when name is "scratch"); counted units start at one.
func NewUnit(cat *rules.Catalog, kind, name string) (Unit, error) {
	u := Unit{Kind: kind}
	var err error
	switch kind {
	case KindSquad:
		var t *rules.Troop
		if t, err = cat.Troop(name); err == nil {
			u.Troop = t.Name
			u.Size = 10
			if t.SizeMin > 0 && u.Size < t.SizeMin {
				u.Size = t.SizeMin
			}
			if t.SizeMax > 0 && u.Size > t.SizeMax {
				u.Size = t.SizeMax
			}
			if len(t.Weapons.Names) > 0 {
				u.Weapons = []Item{{Name: t.Weapons.Names[0]}}
			}
		}
	case KindHero:
		u.Name = "New hero"
		if name == "scratch" {
			u.Origin = "scratch"
		}
		u.Move = 10
		u.Attributes = map[rules.Attr]int{}
		for _, at := range rules.Attributes {
			u.Attributes[at] = 2
		}
	case KindDroid:
		var d *rules.Droid
		if d, err = cat.Droid(name); err == nil {
			u.Droid = d.Name
		}
	case KindCreature:
		var cr *rules.Creature
		if cr, err = cat.Creature(name); err == nil {
			u.Creature, u.Count = cr.Name, 1
		}
	case KindArtillery:
		var ar *rules.Artillery
		if ar, err = cat.ArtilleryPiece(name); err == nil {
			u.Artillery = ar.Name
		}
	case KindStrike:
		var s *rules.Strike
		if s, err = cat.Strike(name); err == nil {
			u.Strike, u.Count = s.Name, 1
		}
	case KindRemoteWeapon:
		var w *rules.Weapon
		if w, err = cat.Weapon(name); err == nil {
			u.Weapon = w.Name
		}
	default:
		return u, fmt.Errorf("choose what to add: %q is not a unit kind", kind)
	}
	if err != nil {
		return u, fmt.Errorf("cannot add it: %v", err)
	}
	return u, nil
}
