package muster

import (
	"errors"
	"fmt"

	"muster/roster"
	"muster/rules"
	"muster/rules/battle"
	"muster/rules/combat"
)

// SkillMap resolves an army file's skill names; unknown names are kept as written. Later
// maps override earlier ones (a commander's or specialist's own training over the squad's).
func SkillMap(cat *rules.Catalog, in ...roster.Skills) map[string]int {
	out := map[string]int{}
	for _, sk := range in {
		for name, v := range sk {
			key := rules.Normalize(name)
			if ref, err := cat.ResolveSkill(name); err == nil {
				key = rules.Normalize(ref.Name)
				if ref.Specialization != "" {
					key += ":" + rules.Normalize(ref.Specialization)
				}
			}
			out[key] = v
		}
	}
	return out
}

// WeaponsOf resolves weapon items to the catalogue's weapons; equipment listed among weapons
// is skipped (costing reports it).
func WeaponsOf(cat *rules.Catalog, items ...[]roster.Item) ([]*rules.Weapon, error) {
	var out []*rules.Weapon
	for _, list := range items {
		for _, it := range list {
			w, err := cat.Weapon(it.Name)
			if err != nil {
				if _, e := cat.Item(it.Name); e == nil {
					continue
				}
				return nil, err
			}
			out = append(out, w)
		}
	}
	return out, nil
}

// Gear is a unit's armor (worn, or the Troop List's free armor) and equipment effects: the
// armor's STR and DEX adjustments (a droid's plating is +1 STR), and whether it wears a
// camouflage suit or carries a targeting computer.
func Gear(cat *rules.Catalog, worn roster.Armor, free string, equipment []roster.Item) (str, dex int, camo, tc bool) {
	name := string(worn)
	if worn.None() {
		name = free
	}
	if worn == roster.ArmorPlating {
		str++
	} else if name != "" {
		if a, err := cat.Armor(name); err == nil {
			str, dex = a.STR, a.DEX
		}
	}
	for _, it := range equipment {
		e, err := cat.Item(it.Name)
		if err != nil {
			continue
		}
		dex += e.DEX
		switch rules.Normalize(e.Name) {
		case rules.Normalize("camouflage suit"):
			camo = true
		case rules.Normalize("targeting computer"):
			tc = true
		}
	}
	return str, dex, camo, tc
}

// Soldiers lists the figures of a squad (commander, specialists, the rest), a hero, or a
// droid (one entry per weapon); maxWeapons is 2 for a droid, which fires two of its weapons
// a phase, and 0 otherwise.
func Soldiers(cat *rules.Catalog, u *roster.Unit) ([]battle.Soldier, int, error) {
	switch u.Kind {
	case roster.KindSquad:
		t, err := cat.Troop(u.Troop)
		if err != nil {
			return nil, 0, err
		}
		attrs := map[rules.Attr]int{}
		for a, v := range t.Attributes {
			attrs[a] = v
		}
		for a, v := range u.Attributes {
			attrs[a] = v
		}
		_, dex, _, tc := Gear(cat, u.Armor, t.Armor.Free, u.Equipment)
		ws, err := WeaponsOf(cat, u.Weapons)
		if err != nil {
			return nil, 0, err
		}
		if u.Size <= 0 {
			return nil, 0, errors.New("the squad has no size")
		}
		var men []battle.Soldier
		var cmd roster.Skills
		if u.Commander != nil {
			cmd = u.Commander.Skills
		}
		men = append(men, battle.Soldier{Who: "commander", Skills: SkillMap(cat, u.Skills, cmd), Attrs: attrs, DEXAdj: dex, Weapons: ws, TargetingComputer: tc})
		for i, sp := range u.Specialists {
			if len(men) >= u.Size {
				break
			}
			sw, err := WeaponsOf(cat, u.Weapons, sp.Weapons)
			if err != nil {
				return nil, 0, err
			}
			men = append(men, battle.Soldier{Who: fmt.Sprintf("specialist %d", i+1), Skills: SkillMap(cat, u.Skills, sp.Skills),
				Attrs: attrs, DEXAdj: dex, Weapons: sw, TargetingComputer: tc})
		}
		for i := len(men); i < u.Size; i++ {
			men = append(men, battle.Soldier{Who: "soldier", Skills: SkillMap(cat, u.Skills), Attrs: attrs, DEXAdj: dex,
				Weapons: ws, Crewman: true, TargetingComputer: tc})
		}
		return men, 0, nil
	case roster.KindHero:
		_, dex, _, tc := Gear(cat, u.Armor, "", u.Equipment)
		ws, err := WeaponsOf(cat, u.Weapons)
		if err != nil {
			return nil, 0, err
		}
		return []battle.Soldier{{Who: "hero", Skills: SkillMap(cat, u.Skills), Attrs: u.Attributes, DEXAdj: dex, Weapons: ws, TargetingComputer: tc}}, 0, nil
	case roster.KindDroid:
		d, err := cat.Droid(u.Droid)
		if err != nil {
			return nil, 0, err
		}
		attrs := map[rules.Attr]int{}
		for a, v := range d.Attributes {
			attrs[a] = v
		}
		for a, v := range u.Attributes {
			attrs[a] = v
		}
		sk := roster.Skills{}
		for k, v := range d.Skills {
			sk[k] = v
		}
		ws, err := WeaponsOf(cat, u.Weapons)
		if err != nil {
			return nil, 0, err
		}
		_, _, _, tc := Gear(cat, "", "", u.Equipment)
		var men []battle.Soldier
		for _, w := range ws {
			men = append(men, battle.Soldier{Who: "droid", Skills: SkillMap(cat, sk, u.Skills), Attrs: attrs, Weapons: []*rules.Weapon{w}, TargetingComputer: tc})
		}
		return men, 2, nil
	}
	return nil, 0, fmt.Errorf("a %s does not fire volleys; choose a squad, a hero or a droid", u.Kind)
}

// TargetFigures builds a unit's figures as fire sees them (Strength with armor, a hero's
// dodge and lightsaber parry, a droid's System Damage state) and whether it wears
// camouflage suits.
func TargetFigures(cat *rules.Catalog, u *roster.Unit) ([]*combat.Figure, bool, error) {
	var figs []*combat.Figure
	camo := false
	switch u.Kind {
	case roster.KindSquad:
		t, err := cat.Troop(u.Troop)
		if err != nil {
			return nil, false, err
		}
		s := t.Attributes[rules.STR]
		if v, ok := u.Attributes[rules.STR]; ok {
			s = v
		}
		armor, _, c, _ := Gear(cat, u.Armor, t.Armor.Free, u.Equipment)
		camo = c
		for range max(u.Size, 0) {
			figs = append(figs, &combat.Figure{STR: s + armor})
		}
	case roster.KindHero:
		armor, _, c, _ := Gear(cat, u.Armor, "", u.Equipment)
		camo = c
		h := heroOf(cat, u)
		figs = append(figs, &combat.Figure{STR: u.Attributes[rules.STR] + armor, Hero: h})
	case roster.KindDroid:
		d, err := cat.Droid(u.Droid)
		if err != nil {
			return nil, false, err
		}
		s := d.Attributes[rules.STR]
		if v, ok := u.Attributes[rules.STR]; ok {
			s = v
		}
		if u.Armor == roster.ArmorPlating {
			s++
		}
		best := 0
		for _, v := range d.Skills {
			best = max(best, v)
		}
		figs = append(figs, &combat.Figure{STR: s, Droid: &combat.Droid{Weapons: len(u.Weapons), BestSkill: best}})
	case roster.KindCreature:
		c, err := cat.Creature(u.Creature)
		if err != nil {
			return nil, false, err
		}
		s := c.STR
		if c.ArmoredSTR > 0 {
			s = c.ArmoredSTR
		}
		for range max(u.Count, 1) {
			figs = append(figs, &combat.Figure{STR: s})
		}
	default:
		return nil, false, fmt.Errorf("a %s is not fired at in a volley; choose a squad, hero, droid or creature", u.Kind)
	}
	if len(figs) == 0 {
		return nil, false, errors.New("no figures to fire at")
	}
	return figs, camo, nil
}

// heroOf is a hero's dodge and lightsaber parry (the lightsaber skill, or DEX, when he
// carries a lightsaber and has the lightsaber combat power), without Force Points.
func heroOf(cat *rules.Catalog, u *roster.Unit) *combat.Hero {
	sk := SkillMap(cat, u.Skills)
	h := &combat.Hero{Dodge: sk["dodge"]}
	if u.Force != nil && HasPower(u.Force.Powers, "lightsaber combat") {
		for _, it := range u.Weapons {
			if rules.Normalize(it.Name) == "lightsaber" {
				h.Parry = sk["lightsaber"]
				if h.Parry == 0 {
					h.Parry = u.Attributes[rules.DEX]
				}
			}
		}
	}
	return h
}

// HasPower reports whether a list of Force powers names one, ignoring case and spacing.
func HasPower(powers []string, name string) bool {
	for _, p := range powers {
		if rules.Normalize(p) == rules.Normalize(name) {
			return true
		}
	}
	return false
}

// UnitLabel is "[index] name" for a unit: its own name, else what it is.
func UnitLabel(u *roster.Unit, i int) string {
	return fmt.Sprintf("[%d] %s", i, unitName(u))
}

func unitName(u *roster.Unit) string {
	name := u.Name
	for _, s := range []string{u.Troop, u.Droid, u.Creature, u.Artillery, u.Weapon} {
		if name == "" && s != "" {
			name = s
		}
	}
	if name == "" && u.Strike != "" {
		name = u.Strike + " strike"
	}
	if name == "" {
		name = u.Kind
	}
	return name
}
