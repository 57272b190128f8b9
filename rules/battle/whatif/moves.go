package whatif

import (
	"fmt"
	"slices"
	"strings"

	"muster/roster"
	"muster/rules"
)

// The optimizer's kinds of change (Moves), beyond what-if's six. Each candidate is made
// freely and judged by the checks (costing.Evaluate through try): what the Troop List, the
// creation rules or the force limits refuse is never proposed.

var qualities = []rules.Quality{rules.Average, rules.Veteran, rules.Elite}

// quality sets a squad's quality to each other one.
func (g *gen) quality(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil {
		return
	}
	cur := troop.Quality
	if u.Quality != "" {
		cur = rules.Quality(rules.Normalize(string(u.Quality)))
	}
	for _, q := range qualities {
		if q == cur {
			continue
		}
		v := g.clone()
		v.Units[i].Quality = q
		g.try(KindQuality, fmt.Sprintf("%s: %s instead of %s", g.name(i), q, cur), v)
	}
}

// skillKey is the key a skill map writes name under (normalized), or "" when it has none.
func skillKey(s roster.Skills, name string) string {
	want := rules.Normalize(name)
	for _, k := range sortedSkills(s) {
		if rules.Normalize(k) == want {
			return k
		}
	}
	return ""
}

// squadCode is a squad's code in a skill: its own, else the Troop List's attribute.
func (g *gen) squadCode(u *roster.Unit, troop *rules.Troop, name string) int {
	if k := skillKey(u.Skills, name); k != "" {
		return u.Skills[k]
	}
	ref, err := g.cat.ResolveSkill(name)
	if err != nil {
		return 0
	}
	if v, ok := u.Attributes[ref.Attr]; ok {
		return v
	}
	return troop.Attributes[ref.Attr]
}

// commander gives a commandless squad a commander one level of command above the squad
// (the Troop List's Commanders line and the checks say whether he may be), or takes the
// squad's commander away.
func (g *gen) commander(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil {
		return
	}
	if u.Commander != nil {
		v := g.clone()
		v.Units[i].Commander = nil
		g.try(KindCommander, fmt.Sprintf("%s: no commander", g.name(i)), v)
		return
	}
	if troop.Commander < 0 {
		return
	}
	c := g.squadCode(u, troop, "command") + 1
	v := g.clone()
	v.Units[i].Commander = &roster.Commander{Skills: roster.Skills{"command": c}}
	g.try(KindCommander, fmt.Sprintf("%s: a commander with command %d", g.name(i), c), v)
}

// specialistWeapons are the kits a squad's Troop List allows a specialist to carry beyond
// the squad's own: a ranged weapon stronger than the squad's best, a heavy or advanced
// weapon (a grenade launcher with four grenades), or two grenades of a kind that does
// damage. Strongest first, then by name.
func (g *gen) specialistWeapons(u *roster.Unit, troop *rules.Troop) [][]roster.Item {
	best := 0
	for _, it := range u.Weapons {
		if w, err := g.cat.Weapon(it.Name); err == nil && len(w.Ranges) > 0 && w.Class != "grenade" {
			best = max(best, w.Damage)
		}
	}
	var ws []*rules.Weapon
	for _, n := range g.cat.Names(rules.KindWeapon) {
		w, err := g.cat.Weapon(n)
		if err != nil || len(w.Ranges) == 0 || !roster.WeaponAllowed(g.cat, troop.Weapons, w) {
			continue
		}
		switch {
		case w.Class == "grenade" && w.Damage > 0:
		case w.Class == "heavy blaster" || w.Class == "advanced":
		case w.Class != "grenade" && w.Damage > best:
		default:
			continue
		}
		ws = append(ws, w)
	}
	slices.SortStableFunc(ws, func(x, y *rules.Weapon) int {
		if x.Damage != y.Damage {
			return y.Damage - x.Damage
		}
		return strings.Compare(x.Name, y.Name)
	})
	out := make([][]roster.Item, 0, len(ws))
	for _, w := range ws {
		it := roster.Item{Name: w.Name}
		switch {
		case w.PerItem:
			it.Count = 2
		case rules.Normalize(w.Name) == rules.Normalize("grenade launcher"):
			out = append(out, []roster.Item{it, {Name: "Grenade", Count: 4}})
			continue
		}
		out = append(out, []roster.Item{it})
	}
	return out
}

// specialists adds a specialist (a squad may have two) with each weapon a specialist may
// carry, trained one level above the squad in its skill where the Specialists line allows,
// else as the squad; swaps each specialist's weapon for another; and takes each away.
func (g *gen) specialists(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil || len(troop.Specialists) == 0 {
		return
	}
	kits := g.specialistWeapons(u, troop)
	if len(u.Specialists) < 2 {
		for _, kit := range kits {
			w, err := g.cat.Weapon(kit[0].Name)
			if err != nil {
				continue
			}
			c := g.squadCode(u, troop, w.Skill) + 1
			v := g.clone()
			v.Units[i].Specialists = append(v.Units[i].Specialists, roster.Specialist{Skills: roster.Skills{w.Skill: c}, Weapons: kit})
			if g.try(KindSpecialist, fmt.Sprintf("%s: a specialist with %s, %s %d", g.name(i), itemsWords(kit), w.Skill, c), v) {
				continue
			}
			v = g.clone()
			v.Units[i].Specialists = append(v.Units[i].Specialists, roster.Specialist{Weapons: kit})
			g.try(KindSpecialist, fmt.Sprintf("%s: a specialist with %s", g.name(i), itemsWords(kit)), v)
		}
	}
	for j, sp := range u.Specialists {
		v := g.clone()
		v.Units[i].Specialists = slices.Delete(v.Units[i].Specialists, j, j+1)
		g.try(KindSpecialist, fmt.Sprintf("%s: without specialist %d (%s)", g.name(i), j+1, itemsWords(sp.Weapons)), v)
		if len(sp.Weapons) == 0 {
			continue
		}
		for _, kit := range kits {
			if rules.Normalize(kit[0].Name) == rules.Normalize(sp.Weapons[0].Name) {
				continue
			}
			v := g.clone()
			v.Units[i].Specialists[j].Weapons = kit
			g.try(KindSpecialist, fmt.Sprintf("%s's specialist %d: %s instead of %s", g.name(i), j+1, itemsWords(kit), itemsWords(sp.Weapons)), v)
		}
	}
}

func itemWords(it roster.Item) string {
	if it.Count > 1 {
		return fmt.Sprintf("%s x%d", it.Name, it.Count)
	}
	return it.Name
}

func itemsWords(its []roster.Item) string {
	if len(its) == 0 {
		return "no weapon"
	}
	ws := make([]string, len(its))
	for k, it := range its {
		ws[k] = itemWords(it)
	}
	return strings.Join(ws, ", ")
}

// equipment adds each item of the catalogue's equipment a squad or hero does not carry (a
// squad buys it for every soldier), takes each away, and for squads adds a grenade of each
// kind that does damage (one a soldier), one more or one fewer of those carried.
func (g *gen) equipment(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad && u.Kind != roster.KindHero {
		return
	}
	held := func(items []roster.Item, name string) bool {
		return slices.ContainsFunc(items, func(it roster.Item) bool { return rules.Normalize(it.Name) == rules.Normalize(name) })
	}
	for _, n := range g.cat.Names(rules.KindEquipment) {
		e, err := g.cat.Item(n)
		if err != nil || e.PerItem || held(u.Equipment, e.Name) {
			continue // a tanglefoot field is laid by the yard, not carried
		}
		v := g.clone()
		v.Units[i].Equipment = append(v.Units[i].Equipment, roster.Item{Name: e.Name})
		g.try(KindEquipment, fmt.Sprintf("%s: add %s", g.name(i), strings.ToLower(e.Name)), v)
	}
	for j, it := range u.Equipment {
		v := g.clone()
		v.Units[i].Equipment = slices.Delete(v.Units[i].Equipment, j, j+1)
		g.try(KindEquipment, fmt.Sprintf("%s: without %s", g.name(i), it.Name), v)
	}
	if u.Kind != roster.KindSquad {
		return
	}
	troop, err := g.cat.Troop(u.Troop)
	if err != nil {
		return
	}
	for j, it := range u.Weapons {
		w, err := g.cat.Weapon(it.Name)
		if err != nil || w.Class != "grenade" {
			continue
		}
		v := g.clone()
		v.Units[i].Weapons[j].Count = it.N() + 1
		g.try(KindEquipment, fmt.Sprintf("%s: %d %s a soldier instead of %d", g.name(i), it.N()+1, w.Name, it.N()), v)
		v = g.clone()
		if it.N() > 1 {
			v.Units[i].Weapons[j].Count = it.N() - 1
			g.try(KindEquipment, fmt.Sprintf("%s: %d %s a soldier instead of %d", g.name(i), it.N()-1, w.Name, it.N()), v)
		} else {
			v.Units[i].Weapons = slices.Delete(v.Units[i].Weapons, j, j+1)
			g.try(KindEquipment, fmt.Sprintf("%s: without %s", g.name(i), w.Name), v)
		}
	}
	for _, n := range g.cat.Names(rules.KindWeapon) {
		w, err := g.cat.Weapon(n)
		if err != nil || w.Class != "grenade" || w.Damage == 0 || held(u.Weapons, w.Name) || !roster.WeaponAllowed(g.cat, troop.Weapons, w) {
			continue
		}
		v := g.clone()
		v.Units[i].Weapons = append(v.Units[i].Weapons, roster.Item{Name: w.Name, Count: 1})
		g.try(KindEquipment, fmt.Sprintf("%s: a %s a soldier", g.name(i), strings.ToLower(w.Name)), v)
	}
}

// untrain takes one training level off one of a squad's skills, its commander's or a
// specialist's, or a hero's: the points go elsewhere.
func (g *gen) untrain(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindSquad && u.Kind != roster.KindHero {
		return
	}
	for _, n := range sortedSkills(u.Skills) {
		v := g.clone()
		v.Units[i].Skills[n]--
		g.try(KindUntrain, fmt.Sprintf("%s: %s %d instead of %d", g.name(i), n, u.Skills[n]-1, u.Skills[n]), v)
	}
	if u.Commander != nil {
		for _, n := range sortedSkills(u.Commander.Skills) {
			v := g.clone()
			v.Units[i].Commander.Skills[n]--
			g.try(KindUntrain, fmt.Sprintf("%s's commander: %s %d instead of %d", g.name(i), n, u.Commander.Skills[n]-1, u.Commander.Skills[n]), v)
		}
	}
	for j, sp := range u.Specialists {
		for _, n := range sortedSkills(sp.Skills) {
			v := g.clone()
			v.Units[i].Specialists[j].Skills[n]--
			g.try(KindUntrain, fmt.Sprintf("%s's specialist %d: %s %d instead of %d", g.name(i), j+1, n, sp.Skills[n]-1, sp.Skills[n]), v)
		}
	}
}

// hero raises each of a hero's skills and Force skills one level, moves a level from one
// skill to another (a hero made from scratch has seven skill points to place), adds each
// Force power he may use and does not have, and takes each away.
func (g *gen) hero(i int) {
	u := &g.army.Units[i]
	if u.Kind != roster.KindHero {
		return
	}
	names := sortedSkills(u.Skills)
	for _, n := range names {
		v := g.clone()
		v.Units[i].Skills[n]++
		g.try(KindHero, fmt.Sprintf("%s: %s %d instead of %d", g.name(i), n, u.Skills[n]+1, u.Skills[n]), v)
	}
	for _, up := range names {
		for _, down := range names {
			if up == down {
				continue
			}
			v := g.clone()
			v.Units[i].Skills[up]++
			v.Units[i].Skills[down]--
			g.try(KindHero, fmt.Sprintf("%s: %s %d and %s %d instead of %d and %d", g.name(i), up, u.Skills[up]+1, down, u.Skills[down]-1,
				u.Skills[up], u.Skills[down]), v)
		}
	}
	f := u.Force
	if f == nil || len(f.Skills) == 0 {
		return
	}
	for _, n := range sortedSkills(f.Skills) {
		v := g.clone()
		v.Units[i].Force.Skills[n]++
		g.try(KindHero, fmt.Sprintf("%s: %s %d instead of %d", g.name(i), n, f.Skills[n]+1, f.Skills[n]), v)
	}
	has := func(p string) bool {
		return slices.ContainsFunc(f.Powers, func(q string) bool { return rules.Normalize(q) == rules.Normalize(p) })
	}
	for _, n := range g.cat.Names(rules.KindForcePower) {
		p, err := g.cat.ForcePower(n)
		if err != nil || has(p.Name) {
			continue
		}
		v := g.clone()
		v.Units[i].Force.Powers = append(v.Units[i].Force.Powers, p.Name)
		g.try(KindHero, fmt.Sprintf("%s: add the power %s", g.name(i), p.Name), v)
	}
	for j, p := range f.Powers {
		v := g.clone()
		v.Units[i].Force.Powers = slices.Delete(v.Units[i].Force.Powers, j, j+1)
		g.try(KindHero, fmt.Sprintf("%s: without the power %s", g.name(i), p), v)
	}
}

// replace drops unit i and fields a copy of another unit in its place (at the end): the
// points of a unit that does little, spent on more of one that does much, in one step.
func (g *gen) replace(i int) {
	if len(g.army.Units) < 2 {
		return
	}
	for j := range g.army.Units {
		if j == i || g.army.Units[j].Kind == roster.KindHero {
			continue
		}
		v := g.clone()
		nu := roster.CloneUnit(v.Units[j])
		nu.Name = g.name(j) + " II"
		v.Units = append(v.Units, nu)
		v.Units = slices.Delete(v.Units, i, i+1)
		g.try(KindReplace, fmt.Sprintf("Replace %s (%d SGPs) with %s, a copy of %s (%d SGPs)", g.name(i), g.res.Units[i].Cost,
			nu.Name, g.name(j), g.res.Units[j].Cost), v)
	}
}
