package battle

import (
	"strings"

	"muster/rules"
)

// Soldier is one figure as the army file makes him (rules/battle/muster's Soldiers): his
// skill codes (names resolved to codes), his attributes as the file writes them, his
// weapons. The battle engine and `muster odds volley` both build their firers from it.
type Soldier struct {
	Who     string
	Skills  map[string]int // rules.Normalize(name) -> code; "name:specialization" for specializations
	Attrs   map[rules.Attr]int
	DEXAdj  int // armor and suits
	Weapons []*rules.Weapon
	// Crewman: a soldier who can serve a crewed weapon (the squad's plain soldiers).
	Crewman           bool
	TargetingComputer bool
}

// Code is the soldier's code in a weapon's skill: a specialization naming the weapon if he
// has one, else the skill, else the skill's attribute (armor-adjusted for DEX).
func (m *Soldier) Code(cat *rules.Catalog, w *rules.Weapon) int {
	best, found := 0, false
	wn := rules.Normalize(w.Name)
	skill := rules.Normalize(w.Skill)
	for k, v := range m.Skills {
		parent, spec, isSpec := strings.Cut(k, ":")
		if rules.Normalize(parent) != skill {
			continue
		}
		if isSpec && !strings.HasPrefix(wn, rules.Normalize(spec)) {
			continue
		}
		if !found || v > best {
			best, found = v, true
		}
	}
	if found {
		return best
	}
	return m.SkillCode(cat, w.Skill)
}

// SkillCode is the soldier's code in a skill by name: his own code, else the skill's
// attribute (armor-adjusted for DEX).
func (m *Soldier) SkillCode(cat *rules.Catalog, name string) int {
	if v, ok := m.Skills[rules.Normalize(name)]; ok {
		return v
	}
	s, err := cat.Skill(name)
	if err != nil {
		return m.Attrs[rules.DEX] + m.DEXAdj
	}
	v := m.Attrs[s.Attr]
	if s.Attr == rules.DEX {
		v += m.DEXAdj
	}
	return v
}

// VolleyWeapon reports whether a weapon fires in a volley (grenades are thrown, a
// flamethrower and launchers have their own procedures, melee weapons do not shoot).
func VolleyWeapon(w *rules.Weapon) bool {
	if len(w.Ranges) != 3 || w.Class == "grenade" || w.Class == "melee" {
		return false
	}
	return w.Skill == "blaster" || w.Skill == "bowcaster"
}
