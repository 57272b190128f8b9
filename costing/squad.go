package costing

import (
	"fmt"

	"muster/roster"
	"muster/rules"
)

// squad costs a squad as the Squad Record Sheet does (Chapter Eight): per soldier, times the
// squad's size, plus commander, specialists and other costs.
func (uc *unitCoster) squad() Breakdown {
	u := uc.unit
	t, err := uc.cat.Troop(u.Troop)
	if err != nil {
		if u.Troop == "" {
			uc.errorf("troop", "write a Troop List entry, such as \"Standard Rebel Trooper\"", "troop: missing")
		} else {
			uc.notFound("troop", err)
		}
		return Breakdown{}
	}

	q := t.Quality
	if u.Quality != "" {
		q = rules.Quality(rules.Normalize(string(u.Quality)))
	}
	qc, ok := rules.QualityCost[q]
	if !ok {
		uc.errorf("quality", "write average, veteran or elite", "%q is not a troop quality", u.Quality)
	}
	uc.add("Quality: "+titleCase(string(q)), qc)
	perSoldier := qc
	uc.add("Move", t.Move)
	perSoldier += t.Move

	a := roster.Codes{Attr: map[rules.Attr]int{}}
	for _, at := range rules.Attributes {
		a.Attr[at] = t.Attributes[at]
		if v, ok := u.Attributes[at]; ok && v != t.Attributes[at] {
			a.Attr[at] = v
			uc.problem(roster.Warning, "troop.attributes", "attributes."+string(at), "remove the override to use the Troop List's value",
				"%s %d overrides the %s Troop List's %d", at, v, t.Name, t.Attributes[at])
		}
	}
	for at := range u.Attributes {
		if _, known := t.Attributes[at]; !known {
			uc.errorf("attributes."+string(at), "write DEX, KNO, MEC, PER, STR or TEC", "%q is not an attribute", at)
		}
	}

	gearCost, gearLines := uc.gear(&a, u.Armor, t.Armor.Free, u.Equipment)
	points, skills := uc.attributesAndSkills(a, u.Skills)
	perSoldier += points
	uc.subtotal("Skills point cost", perSoldier)

	wc, _ := uc.weapons("weapons", "", u.Weapons)
	uc.lines = append(uc.lines, gearLines...)
	perSoldier += wc + gearCost
	uc.subtotal("Point cost per soldier", perSoldier)

	if u.Size <= 0 {
		uc.errorf("size", "write the number of soldiers, commander and specialists included", "size: missing")
	}
	base := perSoldier * u.Size
	uc.subtotal(fmt.Sprintf("x %d", u.Size), base)
	total := base

	// The squad's own code in a skill: what the commander and specialists train beyond.
	squadCode := func(s skillCode) int {
		for _, own := range skills {
			if own.ref.Key() == s.ref.Key() {
				return own.code
			}
		}
		return a.Base(s.ref)
	}
	if u.Commander != nil {
		cs := uc.resolveSkills("commander.skills", u.Commander.Skills)
		total += uc.payTraining("commander.skills", "Commander: ", cs, squadCode, "the squad's")
	}
	for i, sp := range u.Specialists {
		f := fmt.Sprintf("specialists[%d]", i)
		prefix := "Specialist: "
		if len(u.Specialists) > 1 {
			prefix = fmt.Sprintf("Specialist %d: ", i+1)
		}
		ss := uc.resolveSkills(f+".skills", sp.Skills)
		total += uc.payTraining(f+".skills", prefix, ss, squadCode, "the squad's")
		wc, _ := uc.weapons(f+".weapons", prefix, sp.Weapons)
		total += wc
	}
	if u.Mounts != nil {
		total += uc.mounts(u.Mounts)
	}
	uc.subtotal("Squad cost", total)

	return Breakdown{Cost: total, Lines: uc.lines,
		Walk: float64(t.Move)/2 + dexRate(a), Run: float64(t.Move) + dexRate(a)}
}

// mounts prices a mounted squad's creatures and, per mount, 5 + the orneriness modifier
// (Chapter Thirteen, "Point Costs for Mounts").
func (uc *unitCoster) mounts(m *roster.Mounts) int {
	cr, err := uc.cat.Creature(m.Creature)
	if err != nil {
		uc.notFound("mounts.creature", err)
		return 0
	}
	if m.Count <= 0 {
		uc.errorf("mounts.count", "write how many creatures the squad rides", "mounts.count: missing")
		return 0
	}
	each := creatureCost(cr)
	uc.add(fmt.Sprintf("Other costs: %d %s (%d each)", m.Count, cr.Name, each), each*m.Count)
	mod, ok := mountModifier[cr.Orneriness]
	if !ok {
		uc.problem(roster.Error, "mount.orneriness", "mounts.creature", "choose a creature with an Orneriness Code, such as a tauntaun",
			"the %s has no Orneriness Code and cannot be ridden (Chapter Thirteen, Mounts)", cr.Name)
		return each * m.Count
	}
	uc.add(fmt.Sprintf("Other costs: mount cost %d x %d", m.Count, 5+mod), (5+mod)*m.Count)
	return each*m.Count + (5+mod)*m.Count
}

// mountModifier is the Mount Cost Modifier Chart: orneriness code to modifier.
var mountModifier = map[int]int{1: 6, 2: 5, 3: 4, 4: 3, 5: 2}
