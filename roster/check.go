package roster

import (
	"fmt"
	"sort"
	"strings"

	"muster/rules"
)

// Bounds of the value.range rule. No squad has more than ten soldiers and no code in the
// book passes 15, but a file may say anything: these stop absurd numbers (and integer
// overflow in the sums) well short of harm, and let house rules go big.
const (
	maxCount = 1000      // sizes, counts, codes, Move, rolls
	maxSGP   = 1_000_000 // an army's limit and the limits' SGP caps
)

// Check checks an army against the Troop Lists and the rules of creation: squads against
// their Troop List entries (size, quality, training, commander, specialists, weapons,
// armor, mounts), heroes against the creation limits and the Force rules, droids against
// Chapter Fourteen; and every number against sane bounds. Names it cannot resolve are
// skipped: costing reports them (name.unknown), and one report is enough.
//
// Problems come out at their rules' default severities; ApplyDials sets house rules.
func Check(c *rules.Catalog, a *Army) []Problem {
	ck := &checker{cat: c, army: a, problems: []Problem{}}
	ck.bounds()
	for i := range a.Units {
		switch a.Units[i].Kind {
		case KindSquad:
			ck.squad(i)
		case KindHero:
			ck.hero(i)
		case KindDroid:
			ck.droid(i)
		}
	}
	return ck.problems
}

type checker struct {
	cat      *rules.Catalog
	army     *Army
	problems []Problem
}

// report adds a problem at its rule's default severity.
func (ck *checker) report(rule string, unit int, field, hint, format string, args ...any) {
	sev := Error
	if r, ok := LookupRule(rule); ok {
		sev = r.Severity
	}
	f := field
	if unit >= 0 {
		f = UnitField(unit, field)
	}
	ck.problems = append(ck.problems, Problem{Rule: rule, Severity: sev, Unit: unit, Field: f,
		Message: fmt.Sprintf(format, args...), Hint: hint})
}

// bounds reports numbers no army should hold (value.range).
func (ck *checker) bounds() {
	num := func(unit int, field string, v, hi int) {
		if v < 0 || v > hi {
			ck.report("value.range", unit, field, fmt.Sprintf("write a number from 0 to %d", hi),
				"%s: %d is out of range", lastPart(field), v)
		}
	}
	code := func(unit int, field string, s Skills) {
		for _, name := range sortedKeys(s) {
			// Negative codes are below where any skill starts: costing says so.
			if s[name] > maxCount {
				num(unit, field+"."+name, s[name], maxCount)
			}
		}
	}
	items := func(unit int, field string, list []Item) {
		for j, it := range list {
			num(unit, fmt.Sprintf("%s[%d].count", field, j), it.Count, maxCount)
		}
	}
	num(-1, "limit", ck.army.Limit, maxSGP)
	for i := range ck.army.Units {
		u := &ck.army.Units[i]
		num(i, "size", u.Size, maxCount)
		num(i, "count", u.Count, maxCount)
		num(i, "move", u.Move, maxCount)
		for _, at := range rules.Attributes {
			if v, ok := u.Attributes[at]; ok {
				num(i, "attributes."+string(at), v, maxCount)
			}
		}
		code(i, "skills", u.Skills)
		items(i, "weapons", u.Weapons)
		items(i, "equipment", u.Equipment)
		if u.Commander != nil {
			code(i, "commander.skills", u.Commander.Skills)
		}
		for j, sp := range u.Specialists {
			code(i, fmt.Sprintf("specialists[%d].skills", j), sp.Skills)
			items(i, fmt.Sprintf("specialists[%d].weapons", j), sp.Weapons)
		}
		if u.Mounts != nil {
			num(i, "mounts.count", u.Mounts.Count, maxCount)
		}
		if u.Force != nil {
			code(i, "force.skills", u.Force.Skills)
			num(i, "force.point_rolls", u.Force.PointRolls, maxCount)
			num(i, "force.points", u.Force.Points, maxCount)
		}
	}
}

// LimitsBounds reports numbers out of range in limits written at field.
func LimitsBounds(l *Limits, field string) []Problem {
	if l == nil {
		return nil
	}
	ck := &checker{}
	num := func(f string, v *int) {
		if v != nil && (*v < 0 || *v > maxSGP) {
			ck.report("value.range", -1, field+"."+f, fmt.Sprintf("write a number from 0 to %d", maxSGP), "%s: %d is out of range", lastPart(f), *v)
		}
	}
	num("total", &l.Total)
	for _, c := range []struct {
		f string
		v *int
	}{
		{"sgp.heroes", l.SGP.Heroes}, {"sgp.squads", l.SGP.Squads}, {"sgp.droids", l.SGP.Droids},
		{"sgp.creatures", l.SGP.Creatures}, {"sgp.artillery", l.SGP.Artillery}, {"sgp.strikes", l.SGP.Strikes},
		{"max.heroes", l.Max.Heroes}, {"max.squads", l.Max.Squads}, {"max.droids", l.Max.Droids},
		{"max.creatures", l.Max.Creatures}, {"max.specialized_weapons", l.Max.SpecializedWeapons}, {"max.grenades", l.Max.Grenades},
	} {
		num(c.f, c.v)
	}
	return ck.problems
}

func lastPart(field string) string {
	if i := strings.LastIndex(field, "."); i >= 0 {
		return field[i+1:]
	}
	return field
}

func sortedKeys(s Skills) []string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Codes is the set of attribute codes a unit's skills start from, with the DEX penalty of
// its armor and suits: DEX-based codes of armored troops are written armor-adjusted, so
// training counts from the adjusted DEX (costing-rules.md, "Armored troops").
type Codes struct {
	Attr   map[rules.Attr]int
	DEXAdj int
}

// Base is the code a skill starts from (a specialization starts at the attribute too).
func (cs Codes) Base(ref rules.SkillRef) int {
	b := cs.Attr[ref.Attr]
	if ref.Attr == rules.DEX {
		b += cs.DEXAdj
	}
	return b
}

// Label writes the attribute a skill starts from as the record sheet shows it: "DEX (1)"
// armor-adjusted, "PER 2" otherwise.
func (cs Codes) Label(at rules.Attr) string {
	if at == rules.DEX && cs.DEXAdj != 0 {
		return fmt.Sprintf("DEX (%d)", cs.Attr[at]+cs.DEXAdj)
	}
	return fmt.Sprintf("%s %d", at, cs.Attr[at])
}

// dexAdjust is the DEX change of worn armor (or the free armor a Troop List gives) and of
// suits among the equipment, as costing applies it. Unknown names count as nothing.
func dexAdjust(c *rules.Catalog, worn Armor, free string, equipment []Item) int {
	adj := 0
	name := string(worn)
	if worn.None() {
		name = free
	}
	if name != "" && worn != ArmorPlating {
		if a, err := c.Armor(name); err == nil {
			adj += a.DEX
		}
	}
	for _, it := range equipment {
		if e, err := c.Item(it.Name); err == nil {
			adj += e.DEX
		}
	}
	return adj
}

// skill is one skill of a unit, resolved, with the code the file gives it.
type skill struct {
	name string // as written, for field paths
	ref  rules.SkillRef
	code int
}

// resolve reads skills in a stable order, skipping names the catalogue does not know.
func (ck *checker) resolve(s Skills) []skill {
	var out []skill
	for _, name := range sortedKeys(s) {
		ref, err := ck.cat.ResolveSkill(name)
		if err != nil {
			continue
		}
		out = append(out, skill{name: name, ref: ref, code: s[name]})
	}
	return out
}

// andList joins names as a sentence does: "a, b and c".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func levels(n int) string {
	if n == 1 {
		return "1 level"
	}
	return fmt.Sprintf("%d levels", n)
}

// MaxLimitTotal is the largest SGP total or cap a limits clause may hold.
const MaxLimitTotal = maxSGP
