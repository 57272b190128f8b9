package roster

import (
	"fmt"
	"slices"
	"strings"

	"muster/rules"
)

// The hero origins of format 1.
const (
	OriginRPG     = "rpg"     // from Star Wars: The Roleplaying Game: no creation limits
	OriginScratch = "scratch" // created from scratch: Chapter Twelve's limits apply
)

// Chapter Twelve, "Creating a Hero From Scratch".
const (
	scratchAttributePoints = 18 // shared with the Force skills, one point each
	scratchAttrMin         = 2
	scratchAttrMax         = 4
	scratchForceStart      = 1 // "No Force skill begins with more than one point"
	scratchSkillPoints     = 7
	scratchMaxRaise        = 2 // "No skill can be increased by more than two points"
)

// ForceSkillCap is the most a hero's Force skill may have as he is created: a hero made
// from scratch begins each at 1 and raises it at most 2 (3); a hero from the roleplaying
// game has no cap (0). The editor shows it beside the field; scratch checks it.
func ForceSkillCap(origin string) int {
	if origin == OriginScratch {
		return scratchForceStart + scratchMaxRaise
	}
	return 0
}

// forceSkills are the three Force skills, in record-sheet order.
var forceSkills = []string{"control", "sense", "alter"}

// hero checks a hero: the creation limits when made from scratch, and for any hero the
// Force powers' controlling skills, prerequisites and sides, and the Force Points.
func (ck *checker) hero(i int) {
	u := &ck.army.Units[i]
	switch strings.ToLower(strings.TrimSpace(u.Origin)) {
	case "", OriginRPG:
	case OriginScratch:
		ck.scratch(i)
	default:
		ck.report("field.invalid", i, "origin", "write rpg (a roleplaying-game character) or scratch (created by Chapter Twelve's rules)",
			"origin: %q is not a hero origin", u.Origin)
	}
	if u.Force != nil {
		ck.force(i)
	}
}

// heroForceSkills returns the Force skills a hero has (code 1 or more), by their
// catalogue spelling, and the field name each is written under.
func heroForceSkills(f *Force) map[string]string {
	has := map[string]string{}
	if f == nil {
		return has
	}
	for written, code := range f.Skills {
		k := rules.Normalize(written)
		if slices.Contains(forceSkills, k) && code > 0 {
			has[k] = written
		}
	}
	return has
}

// scratch checks Chapter Twelve's creation limits: 18 points for the attributes, each 2 to
// 4, with each Force skill taking one of them and starting at 1; then 7 skill points, no
// skill raised by more than 2.
func (ck *checker) scratch(i int) {
	u := &ck.army.Units[i]
	const src = "Chapter Twelve, Creating a Hero From Scratch"
	spent := 0
	for _, at := range rules.Attributes {
		v, ok := u.Attributes[at]
		if !ok {
			continue // costing reports a missing attribute
		}
		spent += v
		if v < scratchAttrMin || v > scratchAttrMax {
			ck.report("hero.creation.attributes", i, "attributes."+string(at), fmt.Sprintf("write %s from %d to %d", at, scratchAttrMin, scratchAttrMax),
				"%s %d; no attribute can have more than four points or less than two (%s)", at, v, src)
		}
	}
	force := heroForceSkills(u.Force)
	if total := spent + len(force); total > scratchAttributePoints {
		what := fmt.Sprintf("attributes %d", spent)
		if len(force) > 0 {
			what += fmt.Sprintf(" + %d for Force skills", len(force))
		}
		ck.report("hero.creation.attributes", i, "attributes", fmt.Sprintf("take %s off the attributes, or drop a Force skill", pointsText(total-scratchAttributePoints)),
			"%d points spent (%s); a hero made from scratch begins with 18, and each Force skill costs one of them (%s)", total, what, src)
	}

	cs := Codes{Attr: map[rules.Attr]int{}, DEXAdj: dexAdjust(ck.cat, u.Armor, "", u.Equipment)}
	for _, at := range rules.Attributes {
		cs.Attr[at] = u.Attributes[at]
	}
	raised := 0
	raise := func(field, label string, code, from int) {
		r := code - from
		if r <= 0 {
			return
		}
		raised += r
		if r > scratchMaxRaise {
			ck.report("hero.creation.skills", i, field, fmt.Sprintf("%s at most %d", label, from+scratchMaxRaise),
				"%s %d is raised %d above %d; no skill can be increased by more than two points (%s)", label, code, r, from, src)
		}
	}
	for _, s := range ck.resolve(u.Skills) {
		raise("skills."+s.name, s.ref.Label(), s.code, cs.Base(s.ref))
	}
	for _, k := range forceSkills {
		if written, ok := force[k]; ok {
			raise("force.skills."+written, k, u.Force.Skills[written], scratchForceStart)
		}
	}
	if raised > scratchSkillPoints {
		ck.report("hero.creation.skills", i, "skills", fmt.Sprintf("lower the skills by %d in all", raised-scratchSkillPoints),
			"skills raised %d points in all; a hero made from scratch has seven skill points, Force skills included (%s)", raised, src)
	}
}

// force checks the Force section: each power's controlling skills, required powers and
// side, and the Force Points against the rolls bought.
func (ck *checker) force(i int) {
	u := &ck.army.Units[i]
	f := u.Force
	name := u.Name
	if name == "" {
		name = "the hero"
	}
	has := heroForceSkills(f)
	taken := map[string]bool{}
	var powers []*rules.ForcePower
	for _, n := range f.Powers {
		p, err := ck.cat.ForcePower(n)
		if err != nil {
			powers = append(powers, nil)
			continue
		}
		taken[p.Name] = true
		powers = append(powers, p)
	}
	for j, p := range powers {
		if p == nil {
			continue // costing reports the unknown power
		}
		field := fmt.Sprintf("force.powers[%d]", j)
		var missing []string
		for _, s := range p.Skills {
			if _, ok := has[rules.Normalize(s)]; !ok {
				missing = append(missing, s)
			}
		}
		if len(missing) > 0 {
			ck.report("hero.force.controlling-skill", i, field, fmt.Sprintf("give %s %s 1 or more, or drop %s", name, andList(missing), p.Name),
				"%s is used with %s; %s has no %s (Chapter Twelve, Force Skills: \"To use a Force power the hero must possess its controlling skill\")",
				p.Name, andList(p.Skills), name, andList(missing))
		}
		for _, req := range p.Requires {
			rp, err := ck.cat.ForcePower(req)
			if err != nil || taken[rp.Name] {
				continue
			}
			ck.report("hero.force.prerequisite", i, field, fmt.Sprintf("take %s too (5 SGPs), or drop %s", rp.Name, p.Name),
				"%s requires %s (%s: \"Certain Force powers require that the hero have one or more other Force powers\")", p.Name, rp.Name, p.Source)
		}
		if p.Side != "" && p.Side != ck.army.Side {
			ck.report("hero.force.side", i, field, "drop "+p.Name,
				"%s is for %s only; this army is %s (%s)", p.Name, sidePlural(p.Side), ck.army.Side, p.Source)
		}
	}

	// Force Points: each roll on the Force Points Table gives 1 to 3, and a 6 rolls again
	// for free, so a hero has at least one point per roll bought and no ceiling. Points
	// written without rolls were never rolled for. 0 means "not written" (points are
	// optional).
	switch rolls, pts := f.PointRolls, f.Points; {
	case pts > 0 && rolls <= 0:
		ck.report("hero.force.points", i, "force.points", "write the rolls made (point_rolls); each costs 10 SGPs",
			"%d Force Points without a Force Point roll; Force Points are rolled for on the Force Points Table (Chapter Twelve, Force Points)", pts)
	case pts > 0 && pts < rolls:
		ck.report("hero.force.points", i, "force.points", fmt.Sprintf("write at least %d Force Points, or the number of rolls made", rolls),
			"%d Force Points from %d rolls; each roll gives at least 1 (Chapter Twelve, Force Points Table: 1-2 gives 1, 3-4 gives 2, 5 gives 3, 6 gives 3 and rolls again)", pts, rolls)
	}
}

func sidePlural(s rules.Side) string {
	switch s {
	case rules.Imperial:
		return "Imperials"
	case rules.Rebel:
		return "Rebels"
	}
	return string(s)
}

func pointsText(n int) string {
	if n == 1 {
		return "1 point"
	}
	return fmt.Sprintf("%d points", n)
}
