package roster

import (
	"fmt"

	"muster/rules"
)

// Chapter Fourteen, "Weapons".
const (
	droidMaxWeapons = 3
	droidMaxTurrets = 1
)

// droid checks a droid against Chapter Fourteen: no command, nothing above the Droid
// Chart, at most three weapons and one turret, and only the weapon classes its skills
// allow.
func (ck *checker) droid(i int) {
	u := &ck.army.Units[i]
	var chart *rules.Droid
	if u.Droid != "" {
		d, err := ck.cat.Droid(u.Droid)
		if err != nil {
			return // costing reports the unknown droid
		}
		chart = d
	}
	const src = "Chapter Fourteen, Characteristics of Droids"

	for _, name := range sortedKeys(u.Skills) {
		if rules.Normalize(name) == "command" {
			ck.report("droid.command", i, "skills."+name, "remove command from the droid's skills",
				"droids cannot have the command skill (%s)", src)
		}
	}
	if chart != nil {
		for _, at := range rules.Attributes {
			if v, ok := u.Attributes[at]; ok && v > chart.Attributes[at] {
				ck.report("droid.attributes", i, "attributes."+string(at), fmt.Sprintf("write %s %d or less", at, chart.Attributes[at]),
					"%s %d is above the %s's %d on the Droid Chart; droids are built, not trained (%s)", at, v, chart.Name, chart.Attributes[at], src)
			}
		}
		for _, s := range ck.resolve(u.Skills) {
			if rules.Normalize(s.ref.Label()) == "command" {
				continue
			}
			from, listed := chart.Attributes[s.ref.Attr], false
			for n, v := range chart.Skills {
				if rules.Normalize(n) == s.ref.Key() {
					from, listed = v, true
				}
			}
			if s.code <= from {
				continue
			}
			what := fmt.Sprintf("its %s %d", s.ref.Label(), from)
			if !listed {
				what = fmt.Sprintf("its %s %d (the chart gives no %s, so it stays at the attribute)", s.ref.Attr, from, s.ref.Label())
			}
			ck.report("droid.skills", i, "skills."+s.name, fmt.Sprintf("write %s %d or less", s.ref.Label(), from),
				"%s %d is above the %s's Droid Chart: %s; a droid's skill levels cannot be improved higher than those it starts with (%s)",
				s.ref.Label(), s.code, chart.Name, what, src)
		}
	}

	n, turrets := 0, 0
	for _, w := range u.Weapons {
		n += min(w.N(), maxCount)
		if w.Turret {
			turrets += min(w.N(), maxCount)
		}
	}
	if n > droidMaxWeapons {
		ck.report("droid.weapons.count", i, "weapons", "mount three weapons at most",
			"%d weapons; a droid may mount or carry up to three weapons (Chapter Fourteen, Weapons)", n)
	}
	if turrets > droidMaxTurrets {
		ck.report("droid.turret", i, "weapons", "turret-mount one weapon only",
			"%d turret-mounted weapons; a droid can only have one turret, and only one weapon can be mounted in it (Chapter Fourteen, Weapons)", turrets)
	}

	// "A droid with the blaster skill": every droid has every skill at its attribute (the
	// SC-4X's sheet prints Blaster Artillery 3), so what counts is the skills its Droid
	// Chart entry lists, or, for a droid of the player's own, the skills the file gives.
	has := func(skill string) bool {
		listed := map[string]int(u.Skills)
		if chart != nil {
			listed = chart.Skills
		}
		for n := range listed {
			if rules.Normalize(n) == skill {
				return true
			}
		}
		return false
	}
	blaster, artillery := has("blaster"), has("blasterartillery")
	for j, it := range u.Weapons {
		w, err := ck.cat.Weapon(it.Name)
		if err != nil {
			continue
		}
		f := fmt.Sprintf("weapons[%d]", j)
		const cite = "Chapter Fourteen, Weapons"
		switch w.Class {
		case "heavy blaster":
			if !artillery {
				ck.report("droid.weapons.class", i, f, "mount a blaster instead: heavy weapons need a droid with blaster artillery, such as the War Droid",
					"the %s is a heavy weapon: only a droid with the blaster artillery skill may mount it (%s)", w.Name, cite)
			}
		case "blaster", "melee", "advanced":
			if !blaster {
				ck.report("droid.weapons.class", i, f, "mount a heavy weapon with blaster artillery instead, or choose a droid with blaster",
					"the %s needs the blaster skill: a droid with it may mount Blasters, Melee Weapons and Advanced Weapons (%s)", w.Name, cite)
			}
		default:
			ck.report("droid.weapons.class", i, f, "mount a blaster, melee or advanced weapon instead",
				"the %s is in the %s section of the Weapon Chart; droids mount Blasters, Melee Weapons and Advanced Weapons (with blaster) and heavy weapons (with blaster artillery) (%s)",
				w.Name, classSection(w.Class), cite)
		}
	}
}

// classSection names a weapon class's section of the Weapon Chart.
func classSection(class string) string {
	switch class {
	case "archaic":
		return "Archaic Weapons"
	case "grenade":
		return "Grenades"
	}
	return class
}
