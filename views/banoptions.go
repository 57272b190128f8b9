package views

import (
	"strings"

	"muster/rules"
)

// banKinds are the unit kinds a gamemaster may ban outright, as the limits file writes them.
var banKinds = []string{"heroes", "droids", "creatures", "artillery", "strikes", "remote weapons", "mounts", "vehicles"}

// banGroups offers what the limits may ban: unit kinds, then catalogue entries by kind,
// written qualified ("creature: Wampa") so that a name two kinds share bans the one meant.
// A ban written in the file that no option stands for is kept, selected, as written; an
// unqualified name selects every entry of that name (which is what it bans).
func banGroups(c *rules.Catalog, banned []string) []OptGroup {
	used := map[string]bool{}
	pick := func(value, name string) bool {
		for _, b := range banned {
			if rules.Normalize(b) == rules.Normalize(value) || (!strings.Contains(b, ":") && name != "" && rules.Normalize(b) == rules.Normalize(name)) {
				used[b] = true
				return true
			}
		}
		return false
	}
	kinds := OptGroup{Label: "Unit kinds"}
	for _, k := range banKinds {
		kinds.Options = append(kinds.Options, Option{Value: k, Label: "all " + k, Selected: pick(k, "")})
	}
	gs := []OptGroup{kinds}
	if c == nil {
		c = rules.Default()
	}
	add := func(label, word string, names []string) {
		g := OptGroup{Label: label}
		for _, n := range names {
			v := word + ": " + n
			g.Options = append(g.Options, Option{Value: v, Label: n, Selected: pick(v, n)})
		}
		gs = append(gs, g)
	}
	var troops, weapons, armor, equipment, creatures, droids, artillery, powers []string
	for _, t := range c.Troops {
		troops = append(troops, t.Name)
	}
	for _, w := range c.Weapons {
		weapons = append(weapons, w.Name)
	}
	for _, a := range c.Armors {
		armor = append(armor, a.Name)
	}
	for _, e := range c.Equipment {
		equipment = append(equipment, e.Name)
	}
	for _, cr := range c.Creatures {
		creatures = append(creatures, cr.Name)
	}
	for _, d := range c.Droids {
		droids = append(droids, d.Name)
	}
	for _, a := range c.Artillery {
		artillery = append(artillery, a.Name)
	}
	for _, p := range c.ForcePowers {
		powers = append(powers, p.Name)
	}
	add("Troop types", "troop", troops)
	add("Weapons and grenades", "weapon", weapons)
	add("Armor", "armor", armor)
	add("Equipment", "equipment", equipment)
	add("Creatures", "creature", creatures)
	add("Droids", "droid", droids)
	add("Artillery pieces", "artillery", artillery)
	add("Force powers", "power", powers)
	var kept []Option
	for _, b := range banned {
		if !used[b] {
			kept = append(kept, Option{Value: b, Label: b + " (as written)", Selected: true})
		}
	}
	if len(kept) > 0 {
		gs = append(gs, OptGroup{Label: "As the limits file writes them", Options: kept})
	}
	return gs
}
