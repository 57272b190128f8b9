package roster

import (
	"fmt"
	"slices"
	"strings"

	"muster/rules"
)

// The squad rule of Chapter One: "Players maneuver their troops in groups of between three
// and 10 figures, called squads", with "one or two specialists".
const (
	squadMin       = 3
	squadMax       = 10
	maxSpecialists = 2
)

// squad checks a squad against Chapter One's squad rule and its Troop List entry.
// SquadSizes are the sizes Chapter One allows a squad of troop type t: three to ten
// soldiers, commander and specialists included, or from the Troop List's own lower bound
// where it prints one under three (the Bounty Hunters' "Size: 2-10"). A Troop List's
// narrower sizes are its own rule (troop.size), checked apart.
func SquadSizes(t *rules.Troop) (lo, hi int) {
	lo = squadMin
	if t.SizeMin > 0 && t.SizeMin < lo {
		lo = t.SizeMin
	}
	return lo, squadMax
}

func (ck *checker) squad(i int) {
	u := &ck.army.Units[i]
	t, err := ck.cat.Troop(u.Troop)
	if err != nil {
		return // costing reports the unknown or missing troop type
	}
	list := fmt.Sprintf("Troop Lists, %s", t.Name)
	many := plural(t)

	// Size. The Bounty Hunter lists print "Size: 2-10": the entry's own lower bound wins
	// over the general three, as a specific rule does over a general one.
	if u.Size > 0 {
		lo, hi := SquadSizes(t)
		if u.Size < lo || u.Size > hi {
			ck.report("squad.size", i, "size", fmt.Sprintf("write a size from %d to %d, commander and specialists included", lo, hi),
				"a squad of %d; squads have between three and ten soldiers (Chapter One, Soldiers and Squads)", u.Size)
		} else if t.SizeMin > 0 && (u.Size < t.SizeMin || u.Size > t.SizeMax) {
			ck.report("troop.size", i, "size", fmt.Sprintf("%s squads are %d to %d strong", t.Name, t.SizeMin, t.SizeMax),
				"a squad of %d; the %s list gives \"Size: %d–%d\" (%s)", u.Size, t.Name, t.SizeMin, t.SizeMax, list)
		}
	}

	// Side: a Troop List entry serves its side (neutral entries serve every side); fielding
	// another side's troops (a Rebel army of Stormtroopers) is worth a warning a gamemaster
	// can dial, not a refusal: scenarios and captured gear make it happen.
	if side := ck.army.Side; t.Side != "" && t.Side != rules.Neutral && side != "" && side != rules.Neutral && t.Side != side {
		ck.report("troop.side", i, "troop", fmt.Sprintf("choose a %s or neutral troop type, or keep it as a house rule (rules: {troop.side: waived})", side),
			"%s are on the %s Troop List, and this is a %s army (%s)", t.Name, titleWord(string(t.Side)), side, list)
	}

	// Quality: any quality may be bought at its price (costing-rules.md, Notes for
	// validation); a different one is worth a note, not an error.
	if u.Quality != "" {
		q := rules.Quality(rules.Normalize(string(u.Quality)))
		if _, ok := rules.QualityCost[q]; ok && q != t.Quality {
			ck.report("troop.quality", i, "quality", fmt.Sprintf("the list's quality is %s; a gamemaster restricts qualities with limits", t.Quality),
				"%s %s: the %s list gives \"Quality: %s\" (%s)", titleWord(string(q)), many, t.Name, titleWord(string(t.Quality)), list)
		}
	}

	cs := Codes{Attr: map[rules.Attr]int{}}
	for _, at := range rules.Attributes {
		cs.Attr[at] = t.Attributes[at]
		if v, ok := u.Attributes[at]; ok {
			cs.Attr[at] = v
		}
	}
	cs.DEXAdj = dexAdjust(ck.cat, u.Armor, t.Armor.Free, u.Equipment)

	// The squad's own skills.
	own := ck.resolve(u.Skills)
	for _, s := range own {
		if ck.heroSkill(i, "skills."+s.name, s) {
			continue
		}
		tr := s.code - cs.Base(s.ref)
		if tr <= 0 {
			continue // untrained, or below its start (costing reports that)
		}
		lvl, what, ok := TrainingCap(ck.cat, t.Training, s.ref)
		switch {
		case !ok:
			ck.report("troop.training", i, "skills."+s.name,
				fmt.Sprintf("%s may not train %s: %s at most %d", many, s.ref.Label(), s.ref.Label(), cs.Base(s.ref)),
				"%s %d is %s above %s; %s train only %s (%s: \"Skills: %s\")",
				s.ref.Label(), s.code, levels(tr), cs.Label(s.ref.Attr), many, capSubjects(t.Training), list, capsText(t.Training))
		case tr > lvl:
			ck.report("troop.training", i, "skills."+s.name,
				fmt.Sprintf("%s may train %s %s: %s at most %d", many, what, levels(lvl), s.ref.Label(), cs.Base(s.ref)+lvl),
				"%s %d is %s above %s; %s may train %s %s (%s: \"Skills: %s\")",
				s.ref.Label(), s.code, levels(tr), cs.Label(s.ref.Attr), many, what, levels(lvl), list, capsText(t.Training))
		}
	}
	// squadCode is the squad's own code in a skill: what the commander and specialists
	// are compared with.
	squadCode := func(ref rules.SkillRef) int {
		for _, s := range own {
			if s.ref.Key() == ref.Key() {
				return s.code
			}
		}
		return cs.Base(ref)
	}

	if u.Commander != nil {
		ck.commander(i, t, cs, squadCode)
	}
	ck.specialists(i, t, cs, squadCode)
	ck.troopWeapons(i, t)
	ck.troopArmor(i, t)

	if m := u.Mounts; m != nil && u.Size > 0 && m.Count > u.Size {
		ck.report("mount.count", i, "mounts.count", fmt.Sprintf("write at most %d mounts, one per soldier", u.Size),
			"%d mounts for a squad of %d: each soldier rides one creature (Chapter Thirteen, Mounts)", m.Count, u.Size)
	}
}

// heroSkill reports a hero's special skill on a soldier and says whether it did.
func (ck *checker) heroSkill(i int, field string, s skill) bool {
	if s.ref.Known == nil || s.ref.Known.Kind != "hero" {
		return false
	}
	ck.report("squad.hero-skills", i, field, "remove it: only heroes have "+s.ref.Label(),
		"%s is a hero's special skill; soldiers do not have it (Chapter Twelve, Special Skills: \"heroes may be given any of the following skills\")", s.ref.Label())
	return true
}

// commander checks the commander's skills: command against "Commanders: Level N" (above
// PER) or "None" (the squad's own command); any other skill he has beyond the squad's as
// far as the Skills line lets a soldier of the type go.
func (ck *checker) commander(i int, t *rules.Troop, cs Codes, squadCode func(rules.SkillRef) int) {
	list := fmt.Sprintf("Troop Lists, %s", t.Name)
	for _, s := range ck.resolve(ck.army.Units[i].Commander.Skills) {
		f := "commander.skills." + s.name
		if ck.heroSkill(i, f, s) {
			continue
		}
		if s.code <= squadCode(s.ref) {
			continue // no more than the squad: nothing bought (below is costing's problem)
		}
		if rules.Normalize(s.ref.Label()) == "command" {
			per := cs.Attr[rules.PER]
			if t.Commander < 0 {
				ck.report("troop.commander", i, f, fmt.Sprintf("write the squad's command %d, or leave the commander out", squadCode(s.ref)),
					"the commander's command %d is above the squad's %d; the %s list says \"Commanders: None\": the commander has the same command skill as the rest of the squad (%s)",
					s.code, squadCode(s.ref), t.Name, list)
			} else if tr := s.code - per; tr > t.Commander {
				ck.report("troop.commander", i, f, fmt.Sprintf("%s commanders may train command %s: command at most %d", t.Name, levels(t.Commander), per+t.Commander),
					"the commander's command %d is %s above PER %d; %s commanders may train command %s (%s: \"Commanders: Level %d\")",
					s.code, levels(tr), per, t.Name, levels(t.Commander), list, t.Commander)
			}
			continue
		}
		tr := s.code - cs.Base(s.ref)
		if lvl, what, ok := TrainingCap(ck.cat, t.Training, s.ref); !ok || tr > lvl {
			most := cs.Base(s.ref)
			rule := "a " + t.Name + " may not train " + s.ref.Label()
			if ok {
				most += lvl
				rule = fmt.Sprintf("%s may train %s %s", plural(t), what, levels(lvl))
			}
			ck.report("troop.commander", i, f, fmt.Sprintf("%s at most %d", s.ref.Label(), max(most, squadCode(s.ref))),
				"the commander's %s %d is %s above %s; the Commanders line raises only command, and %s (%s: \"Skills: %s\")",
				s.ref.Label(), s.code, levels(tr), cs.Label(s.ref.Attr), rule, list, capsText(t.Training))
		}
	}
}

// specialists checks the specialists: at most two; none where the list says None; each
// skill above the squad's trained no further than the Specialists line allows for the
// listed skills, or than the Skills line allows any soldier of the type for the others.
func (ck *checker) specialists(i int, t *rules.Troop, cs Codes, squadCode func(rules.SkillRef) int) {
	u := &ck.army.Units[i]
	list := fmt.Sprintf("Troop Lists, %s", t.Name)
	if n := len(u.Specialists); n > maxSpecialists {
		ck.report("squad.specialists", i, fmt.Sprintf("specialists[%d]", maxSpecialists), "keep two specialists at most",
			"%d specialists; a squad may have one or two (Chapter One, Soldiers and Squads)", n)
	}
	if len(u.Specialists) > 0 && len(t.Specialists) == 0 {
		ck.report("troop.specialists", i, "specialists", "remove the specialists",
			"%s have no specialists: the list says \"Specialists: None\" (%s; Chapter Eight: \"None means that no specialists are available for this troop type\")",
			plural(t), list)
		return
	}
	for j, sp := range u.Specialists {
		for _, s := range ck.resolve(sp.Skills) {
			f := fmt.Sprintf("specialists[%d].skills.%s", j, s.name)
			if ck.heroSkill(i, f, s) {
				continue
			}
			if s.code <= squadCode(s.ref) {
				continue
			}
			tr := s.code - cs.Base(s.ref)
			specLvl, specWhat, specOK := TrainingCap(ck.cat, t.Specialists, s.ref)
			lvl, what, ok := TrainingCap(ck.cat, t.Training, s.ref)
			if specOK && (!ok || specLvl >= lvl) {
				lvl, what, ok = specLvl, specWhat, true
			}
			if ok && tr <= lvl {
				continue
			}
			line := fmt.Sprintf("\"Specialists: %s\"", capsText(t.Specialists))
			if !specOK {
				line += fmt.Sprintf(" and \"Skills: %s\"", capsText(t.Training))
			}
			if !ok {
				ck.report("troop.specialists", i, f, fmt.Sprintf("%s specialists may not train %s: %s at most %d", t.Name, s.ref.Label(), s.ref.Label(), squadCode(s.ref)),
					"the specialist's %s %d is %s above %s; %s specialists train only %s (%s: %s)",
					s.ref.Label(), s.code, levels(tr), cs.Label(s.ref.Attr), t.Name, capSubjects(append(slices.Clone(t.Specialists), t.Training...)), list, line)
				continue
			}
			ck.report("troop.specialists", i, f, fmt.Sprintf("%s specialists may train %s %s: %s at most %d", t.Name, what, levels(lvl), s.ref.Label(), max(cs.Base(s.ref)+lvl, squadCode(s.ref))),
				"the specialist's %s %d is %s above %s; %s specialists may train %s %s (%s: %s)",
				s.ref.Label(), s.code, levels(tr), cs.Label(s.ref.Attr), t.Name, what, levels(lvl), list, line)
		}
	}
}

// troopWeapons checks the squad's weapons, the grenades among its equipment and the
// specialists' weapons against the list's Weapons line.
func (ck *checker) troopWeapons(i int, t *rules.Troop) {
	u := &ck.army.Units[i]
	check := func(field string, items []Item) {
		for j, it := range items {
			w, err := ck.cat.Weapon(it.Name)
			if err != nil {
				continue // equipment proper, or unknown (costing reports)
			}
			if WeaponAllowed(ck.cat, t.Weapons, w) {
				continue
			}
			ck.report("troop.weapons", i, fmt.Sprintf("%s[%d]", field, j),
				fmt.Sprintf("%s may carry %s", plural(t), strings.ToLower(weaponsText(t.Weapons)[:1])+weaponsText(t.Weapons)[1:]),
				"the %s list does not offer the %s (Troop Lists, %s: \"Weapons: %s\")",
				t.Name, w.Name, t.Name, weaponsText(t.Weapons))
		}
	}
	check("weapons", u.Weapons)
	check("equipment", u.Equipment)
	for j, sp := range u.Specialists {
		check(fmt.Sprintf("specialists[%d].weapons", j), sp.Weapons)
	}
}

// WeaponAllowed reads a Troop List's Weapons line: rules.Catalog.WeaponAllowed says how. The
// editor's weapon picker asks the same question (rules.Catalog.TroopWeapons), so that what
// it offers and what the checks accept cannot disagree.
func WeaponAllowed(c *rules.Catalog, r rules.WeaponRule, w *rules.Weapon) bool {
	return c.WeaponAllowed(r, w)
}

// ArmorAllowed reports whether a Troop List's Armor line allows an armor: Any, the armor it
// gives free, or one it names. The editor's armor picker asks the same question.
func ArmorAllowed(r rules.ArmorRule, a *rules.Armor) bool {
	key := rules.Normalize(a.Name)
	if r.Any || (r.Free != "" && rules.Normalize(r.Free) == key) {
		return true
	}
	for _, n := range r.Names {
		if rules.Normalize(n) == key {
			return true
		}
	}
	return false
}

// troopArmor checks worn armor against the list's Armor line.
func (ck *checker) troopArmor(i int, t *rules.Troop) {
	u := &ck.army.Units[i]
	if u.Armor.None() || u.Armor == ArmorPlating {
		return
	}
	a, err := ck.cat.Armor(string(u.Armor))
	if err != nil {
		return
	}
	r := t.Armor
	if ArmorAllowed(r, a) {
		return
	}
	hint := plural(t) + " wear no armor: write armor: none"
	switch {
	case r.Free != "":
		hint = fmt.Sprintf("%s wear %s armor, free: write armor: none", plural(t), r.Free)
	case len(r.Names) > 0:
		hint = fmt.Sprintf("%s may wear %s armor", plural(t), andList(r.Names))
	}
	ck.report("troop.armor", i, "armor", hint,
		"%s armor is not for %s (Troop Lists, %s: \"Armor: %s\")", a.Name, plural(t), t.Name, armorText(r))
}

// capsText writes a Skills or Specialists line as the Troop Lists print it:
// "Level 2 — DEX, MEC, STR; Level 1 — any".
func capsText(caps []rules.TrainingCap) string {
	if len(caps) == 0 {
		return "None"
	}
	parts := make([]string, len(caps))
	for i, c := range caps {
		var subj []string
		if c.Any {
			subj = append(subj, "any")
		}
		subj = append(subj, c.Skills...)
		for _, a := range c.Attributes {
			subj = append(subj, string(a))
		}
		parts[i] = fmt.Sprintf("Level %d — %s", c.Level, strings.Join(subj, ", "))
	}
	return strings.Join(parts, "; ")
}

// capSubjects names what a list lets be trained: "DEX, MEC and STR skills".
func capSubjects(caps []rules.TrainingCap) string {
	var skills, attrs []string
	for _, c := range caps {
		if c.Any {
			return "any skill"
		}
		for _, s := range c.Skills {
			if !slices.Contains(skills, s) {
				skills = append(skills, s)
			}
		}
		for _, a := range c.Attributes {
			if !slices.Contains(attrs, string(a)) {
				attrs = append(attrs, string(a))
			}
		}
	}
	var parts []string
	parts = append(parts, skills...)
	if len(attrs) > 0 {
		parts = append(parts, andList(attrs)+" skills")
	}
	if len(parts) == 0 {
		return "no skill"
	}
	return andList(parts)
}

// weaponsText writes a Weapons line as the Troop Lists print it.
func weaponsText(r rules.WeaponRule) string {
	switch {
	case r.Any:
		return "Any"
	case r.AnyBlaster:
		return "Any blaster"
	}
	parts := slices.Clone(r.Names)
	if r.HeavyWeapons {
		parts = append(parts, "heavy weapons")
	}
	return strings.Join(parts, ", ")
}

// armorText writes an Armor line as the Troop Lists print it.
func armorText(r rules.ArmorRule) string {
	switch {
	case r.Any:
		return "Any"
	case r.Free != "":
		return r.Free + " — free"
	case len(r.Names) > 0:
		return strings.Join(r.Names, ", ")
	}
	return "None"
}

// plural names a troop type's soldiers as a sentence does: "Stormtroopers", "Mon
// Calamari". The catalogue lists each plural as the troop type's first alias.
func plural(t *rules.Troop) string {
	name := rules.Normalize(t.Name)
	if len(t.Aliases) > 0 {
		if a := rules.Normalize(t.Aliases[0]); len(a) > len(name) && a[:len(name)-1] == name[:len(name)-1] {
			return titleWords(t.Aliases[0])
		}
	}
	return t.Name
}

func titleWord(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func titleWords(s string) string {
	w := strings.Fields(s)
	for i := range w {
		w[i] = titleWord(w[i])
	}
	return strings.Join(w, " ")
}
