package sheet

import (
	"fmt"
	"slices"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

// Hero is a filled-in Hero Record Sheet (Reference Sheets; Diagram 23, Wuwuhuul).
type Hero struct {
	Name string
	// The three circles.
	Walk, Run   string
	ForcePoints Num

	Move  Num
	Attrs []AttrBlock
	// Skills is the sum of Move, attributes and skill increases; SkillsTotal is twice it
	// (each point costs two SGPs for a hero).
	Skills      Num
	SkillsTotal Num

	Weapons   []WeaponRow
	Armor     ArmorLine
	Equipment []ItemRow
	SWA       Num // SKILLS/WEAPONS/ARMOR

	Force ForceSection
	Base  Num // BASE COST: 30
	Cost  Num // HERO COST

	Figures []Figure
}

// ForceSection is the Hero Record Sheet's Force column.
type ForceSection struct {
	Use            Num // Force Use: 25 when the hero has Force skills
	Skills         []ForceSkill
	Powers         []Power
	PointRolls     Num
	PointRollsCost Num
	Total          Num // FORCE TOTAL
}

// ForceSkill is a "Control ___ x 4 = ___" line.
type ForceSkill struct {
	Name string
	Code Num
	Cost Num
}

// Power is a Force Powers line: the power, its C, S and A boxes (a box is blacked out when
// that Force skill does not affect the power) and its cost.
type Power struct {
	Name    string
	C, S, A bool // the skill is used with the power: its box stays open
	Cost    Num
}

// heroBase is what a hero costs for being a hero (Chapter Twelve, "Completing the Hero").
const heroBase = 30

// The Force section's prices (Chapter Twelve, "Force Users" and "Force Points").
const (
	forceUse       = 25
	perForceLevel  = 4
	perForcePower  = 5
	perForcePtRoll = 10
)

func buildHero(c *rules.Catalog, u *roster.Unit, b costing.Breakdown) *Hero {
	h := &Hero{Name: b.Name, Walk: Inches(b.Walk), Run: Inches(b.Run), Base: N(heroBase), Cost: N(b.Cost)}
	if u.Force != nil && (u.Force.Points > 0 || u.Force.PointRolls > 0) {
		h.ForcePoints = N(u.Force.Points)
	}
	h.Move = N(u.Move)
	points := u.Move
	a := attrCodes{codes: map[rules.Attr]int{}}
	for _, at := range rules.Attributes {
		a.codes[at] = u.Attributes[at]
		points += a.codes[at]
	}
	g := readGear(c, u.Armor, "", u.Equipment)
	a.dexAdj, a.strAdj = g.dexAdj, g.strAdj
	skills := resolve(c, u.Skills)
	increase := func(o owned) int { return max(0, o.code-a.base(o.ref.Attr)) }
	h.Attrs = blocks(c, heroSkills, a, skills, 1, increase)
	for _, o := range skills {
		points += increase(o)
	}
	h.Skills, h.SkillsTotal = N(points), N(2*points)

	h.Weapons = weaponRows(c, u.Weapons, a.codes[rules.STR])
	h.Armor, h.Equipment = g.armor, g.items
	h.SWA = N(2*points + sumWeapons(h.Weapons) + g.cost)

	h.Force = forceSection(c, u.Force)
	if u.Force != nil {
		h.lightsaber(c, u.Force)
	}
	h.Figures = figures([]string{h.Name})
	return h
}

// lightsaber writes the lightsaber's damage as Diagram 23 does, "5(7)": a hero with the
// lightsaber combat power adds his control skill to its Damage Strength.
func (h *Hero) lightsaber(c *rules.Catalog, f *roster.Force) {
	has := false
	for _, name := range f.Powers {
		if p, err := c.ForcePower(name); err == nil && rules.Normalize(p.Name) == "lightsabercombat" {
			has = true
		}
	}
	control := 0
	for name, code := range f.Skills {
		if rules.Normalize(name) == "control" {
			control = code
		}
	}
	if !has || control == 0 {
		return
	}
	for i, w := range h.Weapons {
		if rules.Normalize(w.Name) == "lightsaber" {
			h.Weapons[i].Name = fmt.Sprintf("Lightsaber (dam. %s + Control)", w.Dam)
			h.Weapons[i].Dam = fmt.Sprintf("%s (%d)", w.Dam, atoi(w.Dam)+control)
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// forceSection fills the Force column: Force use, the three Force skills at 4 a level,
// 5 per power, 10 per Force Point roll (open to every hero, Force user or not).
func forceSection(c *rules.Catalog, f *roster.Force) ForceSection {
	fs := ForceSection{Total: N(0)}
	for _, name := range []string{"Control", "Sense", "Alter"} {
		fs.Skills = append(fs.Skills, ForceSkill{Name: name})
	}
	if f == nil {
		return fs
	}
	total := 0
	for i, sk := range fs.Skills {
		for written, code := range f.Skills {
			if rules.Normalize(written) == rules.Normalize(sk.Name) {
				fs.Skills[i].Code, fs.Skills[i].Cost = N(code), N(perForceLevel*code)
				total += perForceLevel * code
			}
		}
	}
	if len(f.Skills) > 0 {
		fs.Use = N(forceUse)
		total += forceUse
	}
	for _, name := range f.Powers {
		p, err := c.ForcePower(name)
		if err != nil {
			continue
		}
		uses := func(s string) bool { return slices.Contains(p.Skills, s) }
		fs.Powers = append(fs.Powers, Power{Name: titleCase(p.Name),
			C: uses("control"), S: uses("sense"), A: uses("alter"), Cost: N(perForcePower)})
		total += perForcePower
	}
	if f.PointRolls > 0 {
		fs.PointRolls, fs.PointRollsCost = N(f.PointRolls), N(perForcePtRoll*f.PointRolls)
		total += perForcePtRoll * f.PointRolls
	}
	fs.Total = N(total)
	return fs
}
