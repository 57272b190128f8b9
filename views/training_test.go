package views

import (
	"slices"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/views/sheet"
)

// The training a Troop List allows (Chapter Eight, "Attributes and Skills") is read once, by
// roster.TrainingCap: the editor's picker offers up to it, the check refuses one level more,
// and the record sheet's Trng box prints it, for every Troop List and every soldier skill,
// whichever of its names the army file writes, and whichever the Troop List's clause uses.
func TestTheCheckThePickerAndTheSheetAgreeOnTheTrainingCap(t *testing.T) {
	base := rules.Default()
	// A copy of every Troop List whose clauses name their skills by an alias, where the
	// skill has one, and a list that names every aliased skill by an alias.
	custom := &rules.Custom{}
	aliased := rules.Troop{Attributes: map[rules.Attr]int{}, Commander: -1}
	aliased.Name = "Aliased Trooper"
	for i := range base.Troops {
		tr := base.Troops[i]
		tr.Name += " (aliased)"
		tr.Aliases = nil
		tr.Training = aliasClauses(base, tr.Training)
		tr.Specialists = aliasClauses(base, tr.Specialists)
		custom.Troops = append(custom.Troops, tr)
		if len(aliased.Attributes) == 0 {
			aliased.Attributes = tr.Attributes
		}
	}
	level := 1
	for _, s := range base.Skills {
		if len(s.Aliases) > 0 {
			aliased.Training = append(aliased.Training, rules.TrainingCap{Level: level, Skills: []string{s.Aliases[0]}})
			level++
		}
	}
	custom.Troops = append(custom.Troops, aliased)
	c, err := base.Extend(custom)
	if err != nil {
		t.Fatal(err)
	}

	for i := range c.Troops {
		tr := &c.Troops[i]
		unit := roster.Unit{Kind: roster.KindSquad, Troop: tr.Name, Size: 5}
		limits := squadSkillLimits(c, tr, unit)
		army := &roster.Army{Format: 1, Name: "Cap", Side: rules.Rebel, Units: []roster.Unit{unit}}
		doc := sheet.Build(c, rules.DefaultTables(), army, costing.Evaluate(c, army, nil))
		trng := map[rules.Attr]sheet.Cap{}
		for _, b := range doc.Sheets[0].Squad.Attrs {
			trng[b.Attr] = *b.Trng
		}
		for _, s := range c.Skills {
			if s.Kind != "soldier" {
				continue
			}
			ref := rules.SkillRef{Name: s.Name, Attr: s.Attr, Known: &s}
			want, _, ok := roster.TrainingCap(c, tr.Training, ref)
			if !ok {
				want = 0
			}
			at := slices.IndexFunc(limits, func(l SkillLimit) bool { return l.Name == s.Name })
			if at < 0 {
				t.Fatalf("%s: the picker has no %s", tr.Name, s.Name)
			}
			if got := limits[at].Max - limits[at].Base; got != want {
				t.Errorf("%s, %s: the picker allows %d levels, roster.TrainingCap %d", tr.Name, s.Name, got, want)
			}
			if got := sheetCap(trng[s.Attr], s.Name); got != want {
				t.Errorf("%s, %s: the sheet's Trng box says %d levels (%s), roster.TrainingCap %d", tr.Name, s.Name, got, trng[s.Attr], want)
			}
			for _, name := range append([]string{s.Name}, s.Aliases...) {
				for _, over := range []int{0, 1} {
					u := unit
					u.Skills = roster.Skills{name: limits[at].Max + over}
					a := &roster.Army{Format: 1, Name: "Cap", Side: rules.Rebel, Units: []roster.Unit{u}}
					refused := slices.ContainsFunc(roster.Check(c, a), func(p roster.Problem) bool {
						return p.Rule == "troop.training" && p.Field == "units[0].skills."+name
					})
					if refused != (over == 1) {
						t.Errorf("%s, %s %d (the picker's most%s): the check refuses it: %v",
							tr.Name, name, limits[at].Max+over, map[int]string{0: "", 1: " + 1"}[over], refused)
					}
				}
			}
		}
	}
}

// aliasClauses names each clause's skills by their first alias, where they have one.
func aliasClauses(c *rules.Catalog, caps []rules.TrainingCap) []rules.TrainingCap {
	out := slices.Clone(caps)
	for i := range out {
		out[i].Skills = slices.Clone(out[i].Skills)
		for j, name := range out[i].Skills {
			if s, err := c.Skill(name); err == nil && len(s.Aliases) > 0 {
				out[i].Skills[j] = s.Aliases[0]
			}
		}
	}
	return out
}

// sheetCap reads a Trng box for one skill: no levels under "–", the box's levels where it
// covers the whole attribute or names the skill, none for the attribute's other skills.
func sheetCap(c sheet.Cap, skill string) int {
	switch {
	case c.None:
		return 0
	case len(c.Only) > 0 && !slices.Contains(c.Only, skill):
		return 0
	}
	return c.Level
}
