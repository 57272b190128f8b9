package costing

import (
	"fmt"

	"muster/roster"
	"muster/rules"
)

// heroBase is what every hero costs for being a hero (Chapter Twelve, "Completing the Hero").
const heroBase = 30

// hero costs a hero as the Hero Record Sheet does: 30 + 2 x (Move + attributes + skill
// increases) + weapons + armor + the Force total.
func (uc *unitCoster) hero() Breakdown {
	u := uc.unit
	if u.Move <= 0 {
		uc.errorf("move", "write the hero's Move (10 for most humans)", "move: missing")
	}
	uc.add("Move", u.Move)
	points := u.Move
	a := roster.Codes{Attr: map[rules.Attr]int{}}
	for _, at := range rules.Attributes {
		v, ok := u.Attributes[at]
		if !ok {
			uc.errorf("attributes."+string(at), "write all six attribute codes", "%s: missing", at)
		}
		a.Attr[at] = v
	}
	gearCost, gearLines := uc.gear(&a, u.Armor, "", u.Equipment)
	paid, _ := uc.attributesAndSkills(a, u.Skills)
	points += paid
	uc.subtotal("Attributes and skills", points)
	uc.subtotal("x 2 = Skills total", 2*points)
	swa := 2 * points

	wc, _ := uc.weapons("weapons", "", u.Weapons)
	uc.lines = append(uc.lines, gearLines...)
	swa += wc + gearCost
	uc.subtotal("Skills/weapons/armor", swa)

	force := 0
	if u.Force != nil {
		force = uc.forceTotal(u.Force)
	}
	uc.add("Base cost", heroBase)
	total := heroBase + swa + force
	uc.subtotal("Hero cost", total)
	return Breakdown{Cost: total, Lines: uc.lines,
		Walk: float64(u.Move)/2 + dexRate(a), Run: float64(u.Move) + dexRate(a)}
}

// The Force section's prices (Chapter Twelve, "Force Users" and "Force Points").
const (
	forceUse       = 25
	perForceLevel  = 4
	perForcePower  = 5
	perForcePtRoll = 10
)

// forceTotal prices the Force section: 25 for the ability to use the Force when the hero
// has Force skills, 4 per level of each, 5 per power and 10 per Force Point roll. Force
// Point rolls are open to every hero, Force user or not.
func (uc *unitCoster) forceTotal(f *roster.Force) int {
	total := 0
	if len(f.Skills) > 0 {
		uc.add("Force use", forceUse)
		total += forceUse
	}
	for _, name := range []string{"control", "sense", "alter"} {
		for written, code := range f.Skills {
			if rules.Normalize(written) != name {
				continue
			}
			uc.add(fmt.Sprintf("%s %d x 4", titleCase(name), code), perForceLevel*code)
			total += perForceLevel * code
		}
	}
	for written := range f.Skills {
		switch rules.Normalize(written) {
		case "control", "sense", "alter":
		default:
			uc.errorf("force.skills."+written, "the Force skills are control, sense and alter", "%q is not a Force skill", written)
		}
	}
	for i, name := range f.Powers {
		p, err := uc.cat.ForcePower(name)
		if err != nil {
			uc.notFound(fmt.Sprintf("force.powers[%d]", i), err)
			continue
		}
		uc.add(titleCase(p.Name), perForcePower)
		total += perForcePower
	}
	if f.PointRolls > 0 {
		uc.add(fmt.Sprintf("Force Point rolls %d x 10", f.PointRolls), perForcePtRoll*f.PointRolls)
		total += perForcePtRoll * f.PointRolls
	}
	uc.subtotal("Force total", total)
	return total
}
