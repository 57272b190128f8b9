package costing

import (
	"fmt"

	"muster/roster"
	"muster/rules"
)

// Droid prices (Chapter Fourteen), also printed on the Droid Record Sheet.
const (
	DroidBase         = 10
	DroidWeaponMount  = 10
	DroidTurret       = 15
	DroidArmor        = 20
	DroidRepulsorlift = 10
	DroidSelfDestruct = 10
)

// droid costs a droid as the Droid Record Sheet does: Move, attributes and skill levels
// above the attributes, weapons at their price + 10, turret, armor, repulsorlift,
// self-destruct, equipment and the base cost of 10.
func (uc *unitCoster) droid() Breakdown {
	u := uc.unit
	move := u.Move
	codes := map[rules.Attr]int{}
	var chart *rules.Droid
	skillsIn := roster.Skills{}
	if u.Droid != "" {
		d, err := uc.cat.Droid(u.Droid)
		if err != nil {
			uc.notFound("droid", err)
			return Breakdown{}
		}
		chart = d
		if move == 0 {
			move = d.Move
		}
		for at, v := range d.Attributes {
			codes[at] = v
		}
		for s, v := range d.Skills {
			skillsIn[s] = v
		}
	} else if move <= 0 {
		uc.errorf("droid", "name a Droid Chart entry, or give the droid's move, attributes and skills", "droid: missing")
	}
	for at, v := range u.Attributes {
		codes[at] = v
	}
	// A droid's own skills replace the chart's: they may be lower, never higher (validation).
	for s, v := range u.Skills {
		for chartName := range skillsIn {
			if rules.Normalize(chartName) == rules.Normalize(s) {
				delete(skillsIn, chartName)
			}
		}
		skillsIn[s] = v
	}

	uc.add("Move", move)
	paid, _ := uc.attributesAndSkills(roster.Codes{Attr: codes}, skillsIn)
	points := move + paid
	uc.subtotal("Skills point cost", points)
	total := points

	wc, _ := uc.weapons("weapons", "", u.Weapons)
	total += wc
	if n := len(u.Weapons); n > 0 {
		uc.add(fmt.Sprintf("Number of weapons %d x 10", n), DroidWeaponMount*n)
		total += DroidWeaponMount * n
	}
	for _, w := range u.Weapons {
		if w.Turret {
			uc.add("Turret", DroidTurret)
			total += DroidTurret
			break // one turret only; more is a validation problem
		}
	}
	if u.Armor == roster.ArmorPlating {
		uc.add("Armor (+1 STR)", DroidArmor)
		total += DroidArmor
	} else if !u.Armor.None() {
		uc.errorf("armor", "write armor: true for the droid's one point of armor (+1 STR, 20 SGPs)",
			"droids do not wear %q; their armor is +1 STR for 20", u.Armor)
	}
	if u.Repulsorlift {
		uc.add("Repulsorlift", DroidRepulsorlift)
		total += DroidRepulsorlift
	}
	if u.SelfDestruct {
		uc.add("Self-destruct programming", DroidSelfDestruct)
		total += DroidSelfDestruct
	}
	ec, _ := uc.equipment("equipment", u.Equipment)
	total += ec
	uc.add("Base cost", DroidBase)
	total += DroidBase
	uc.subtotal("Droid cost", total)

	b := Breakdown{Cost: total, Lines: uc.lines, Walk: float64(move)/2 + float64(codes[rules.DEX])}
	if u.Repulsorlift {
		b.Walk *= 2
	}
	if chart != nil && chart.Erratum != nil {
		b.Printed = chart.Erratum.Printed
		b.Erratum = fmt.Sprintf("the Droid Chart prints %d for the %s (weapons excluded): %s",
			chart.Erratum.Printed, chart.Name, chart.Erratum.Why)
	}
	return b
}
