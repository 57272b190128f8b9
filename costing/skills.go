package costing

import (
	"fmt"
	"slices"
	"strings"

	"muster/roster"
	"muster/rules"
)

// skillCode is one skill of a unit with the code the file gives it.
type skillCode struct {
	ref  rules.SkillRef
	code int
	name string // as written in the file, for field paths
}

// resolveSkills reads a unit's skills in record-sheet order (by attribute, then the
// catalogue's order), reporting names it cannot read.
func (uc *unitCoster) resolveSkills(field string, skills roster.Skills) []skillCode {
	var out []skillCode
	for name, code := range skills {
		ref, err := uc.cat.ResolveSkill(name)
		if err != nil {
			uc.notFound(fmt.Sprintf("%s.%s", field, name), err)
			continue
		}
		out = append(out, skillCode{ref: ref, code: code, name: name})
	}
	order := func(s skillCode) (int, int, string) {
		a := slices.Index(rules.Attributes, s.ref.Attr)
		k := len(uc.cat.Skills)
		if s.ref.Known != nil {
			k = slices.Index(uc.cat.Names(rules.KindSkill), s.ref.Known.Name)
		}
		return a, k, s.ref.Label()
	}
	slices.SortFunc(out, func(x, y skillCode) int {
		xa, xk, xl := order(x)
		ya, yk, yl := order(y)
		if xa != ya {
			return xa - ya
		}
		if xk != yk {
			return xk - yk
		}
		return strings.Compare(xl, yl)
	})
	return out
}

// dexRate is the armor-adjusted DEX, which movement rates use.
func dexRate(a roster.Codes) float64 { return float64(a.Attr[rules.DEX] + a.DEXAdj) }

// skillLabel writes a trained skill as the record sheet does: "Blaster 5 (+2)".
func skillLabel(ref rules.SkillRef, code, training int) string {
	return fmt.Sprintf("%s %d (%+d)", titleCase(ref.Label()), code, training)
}

// titleCase capitalises each word, as the record sheets print names.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		if w == "" {
			continue
		}
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// payTraining adds a line per skill trained above the code it is paid from and returns the
// levels bought. below names what the skill is compared with in a message.
func (uc *unitCoster) payTraining(field, prefix string, skills []skillCode, from func(skillCode) int, below string) int {
	total := 0
	for _, s := range skills {
		b := from(s)
		t := s.code - b
		if t < 0 {
			uc.problem(roster.Error, "skill.below-start", field+"."+s.name,
				fmt.Sprintf("write %s %d or more", s.ref.Label(), b),
				"%s %d is below %s %d, the code it starts from", s.ref.Label(), s.code, below, b)
			continue
		}
		if t == 0 {
			continue
		}
		uc.add(prefix+skillLabel(s.ref, s.code, t), t)
		total += t
	}
	return total
}

// gear reads armor and equipment before the attributes and skills are paid, since armor
// and suits change DEX-based codes: it returns their price, sets a's DEX penalty, and holds
// their lines back to go after the weapons, where the record sheet puts them.
func (uc *unitCoster) gear(a *roster.Codes, worn roster.Armor, free string, equipment []roster.Item) (cost int, lines []Line) {
	before := uc.lines
	uc.lines = nil
	armorCost, armorDex := uc.armor(worn, free)
	equipCost, suitDex := uc.equipment("equipment", equipment)
	a.DEXAdj = armorDex + suitDex
	lines = uc.lines
	uc.lines = before
	return armorCost + equipCost, lines
}

// attributesAndSkills adds a line per attribute (DEX with its armor-adjusted code) and per
// trained skill, and returns their SGPs and the skills read.
func (uc *unitCoster) attributesAndSkills(a roster.Codes, skills roster.Skills) (int, []skillCode) {
	points := 0
	for _, at := range rules.Attributes {
		label := fmt.Sprintf("%s %d", at, a.Attr[at])
		if at == rules.DEX && a.DEXAdj != 0 {
			label += fmt.Sprintf(" (%d)", a.Attr[at]+a.DEXAdj)
		}
		uc.add(label, a.Attr[at])
		points += a.Attr[at]
	}
	resolved := uc.resolveSkills("skills", skills)
	return points + uc.payTraining("skills", "", resolved, func(s skillCode) int { return a.Base(s.ref) }, "its attribute"), resolved
}
