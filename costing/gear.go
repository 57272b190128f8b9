package costing

import (
	"fmt"

	"muster/roster"
	"muster/rules"
)

// itemLabel writes a carried item with its count: "Grenade x2".
func itemLabel(name string, it roster.Item) string {
	if it.N() > 1 {
		return fmt.Sprintf("%s x%d", name, it.N())
	}
	return name
}

// weapons adds a line per weapon carried and returns their price. Every weapon is priced
// per weapon carried; grenades and torpedoes are priced per item, which is the same thing.
func (uc *unitCoster) weapons(field, prefix string, items []roster.Item) (int, []*rules.Weapon) {
	total := 0
	var found []*rules.Weapon
	for i, it := range items {
		w, err := uc.cat.Weapon(it.Name)
		if err != nil {
			if _, itemErr := uc.cat.Item(it.Name); itemErr == nil {
				uc.errorf(fmt.Sprintf("%s[%d]", field, i), "move it to equipment", "%q is equipment, not a weapon", it.Name)
			} else {
				uc.notFound(fmt.Sprintf("%s[%d]", field, i), err)
			}
			continue
		}
		cost := w.Cost * it.N()
		uc.add(prefix+itemLabel(w.Name, it), cost)
		total += cost
		found = append(found, w)
	}
	return total, found
}

// equipment adds a line per item of equipment (grenades may be listed here too) and returns
// their price and the DEX penalty of suits worn.
func (uc *unitCoster) equipment(field string, items []roster.Item) (cost, dexAdj int) {
	for i, it := range items {
		name, price := "", 0
		if e, err := uc.cat.Item(it.Name); err == nil {
			name, price = e.Name, e.Cost
			dexAdj += e.DEX
		} else if w, werr := uc.cat.Weapon(it.Name); werr == nil {
			name, price = w.Name, w.Cost
		} else {
			uc.notFound(fmt.Sprintf("%s[%d]", field, i), err)
			continue
		}
		uc.add(itemLabel(name, it), price*it.N())
		cost += price * it.N()
	}
	return cost, dexAdj
}

// armor adds the armor line and returns its price and DEX modifier. free names the armor a
// Troop List gives at no cost.
func (uc *unitCoster) armor(worn roster.Armor, free string) (cost, dexAdj int) {
	name := string(worn)
	if worn.None() {
		name = free
	}
	if name == "" {
		return 0, 0
	}
	a, err := uc.cat.Armor(name)
	if err != nil {
		uc.notFound("armor", err)
		return 0, 0
	}
	mods := fmt.Sprintf("STR/DEX %+d/%+d", a.STR, a.DEX)
	if free != "" && rules.Normalize(a.Name) == rules.Normalize(free) {
		uc.lines = append(uc.lines, Line{Label: "Armor: " + a.Name + " (free)", Note: mods})
		return 0, a.DEX
	}
	uc.lines = append(uc.lines, Line{Label: "Armor: " + a.Name, SGP: a.Cost, Note: mods})
	return a.Cost, a.DEX
}
