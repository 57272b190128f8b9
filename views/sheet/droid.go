package sheet

import (
	"strings"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Droid is a filled-in Droid Record Sheet (Reference Sheets; Diagram 27, SC-4X).
type Droid struct {
	Name, Type string
	// MovementRate is the circle: the Walk Rate, doubled by a repulsorlift.
	MovementRate string

	Move            Num
	Attrs           []AttrBlock
	SkillsPointCost Num

	Weapons []WeaponRow
	// NumWeapons x 10 = MountCost.
	NumWeapons, MountCost Num
	Turret                Num // Turret (15)
	TurretWeapon          string
	Armor                 Num // Armor (20)
	Repulsorlift          Num // Repulsorlift (10)
	Equipment             []ItemRow
	// Special are the Special Features lines, with a cost where one is paid (self-destruct
	// programming).
	Special []costing.Line
	Base    Num // Base Cost: 10
	Cost    Num // DROID COST

	// Systems are the System Damage Table's results, a box for each time it can be taken.
	Systems []Figure
}

func buildDroid(c *rules.Catalog, u *roster.Unit, b costing.Breakdown) *Droid {
	d := &Droid{Name: b.Name, MovementRate: Inches(b.Walk), Base: N(costing.DroidBase), Cost: N(b.Cost)}
	move := u.Move
	a := attrCodes{codes: map[rules.Attr]int{}}
	skillsIn := roster.Skills{}
	if chart, err := c.Droid(u.Droid); err == nil {
		d.Type = chart.Name
		if move == 0 {
			move = chart.Move
		}
		for at, v := range chart.Attributes {
			a.codes[at] = v
		}
		for s, v := range chart.Skills {
			skillsIn[s] = v
		}
	} else {
		d.Type = u.Droid
	}
	for at, v := range u.Attributes {
		a.codes[at] = v
	}
	// A droid's own skills replace the chart's (as costing reads them).
	for s, v := range u.Skills {
		for chartName := range skillsIn {
			if rules.Normalize(chartName) == rules.Normalize(s) {
				delete(skillsIn, chartName)
			}
		}
		skillsIn[s] = v
	}
	if u.Armor == roster.ArmorPlating {
		d.Armor = N(costing.DroidArmor)
		a.strAdj = 1 // +1 STR against damage only (Chapter Fourteen, Armor)
	}
	d.Move = N(move)
	points := move
	for _, at := range rules.Attributes {
		points += a.codes[at]
	}
	skills := resolve(c, skillsIn)
	training := func(o owned) int { return max(0, o.code-a.base(o.ref.Attr)) }
	d.Attrs = blocks(c, droidSkills, a, skills, 0, training)
	for _, o := range skills {
		points += training(o)
	}
	d.SkillsPointCost = N(points)

	d.Weapons = weaponRows(c, u.Weapons, a.codes[rules.STR])
	if n := len(u.Weapons); n > 0 {
		d.NumWeapons, d.MountCost = N(n), N(costing.DroidWeaponMount*n)
	}
	for _, w := range d.Weapons {
		if w.Turret {
			d.Turret, d.TurretWeapon = N(costing.DroidTurret), w.Name
			break
		}
	}

	if u.Repulsorlift {
		d.Repulsorlift = N(costing.DroidRepulsorlift)
	}
	if u.SelfDestruct {
		d.Special = append(d.Special, costing.Line{Label: "Self-destruct programming", SGP: costing.DroidSelfDestruct})
	}
	d.Equipment = readGear(c, "", "", u.Equipment).items

	mounts := []string{}
	for range max(1, len(d.Weapons)) {
		mounts = append(mounts, "")
	}
	d.Systems = []Figure{
		{Label: "Locomotive systems (1): half move, then none", Boxes: []string{"½", "0"}},
		{Label: "Arm or weapon mount (2–3): a weapon lost", Boxes: mounts},
		{Label: "Torso (4–5): −1 to attributes, skills, Move 1\"", Boxes: strings.Split(strings.Repeat("−1 ", 4), " ")[:4]},
		{Label: "Head (6): out of control", Boxes: []string{""}},
	}
	return d
}
