package roster

import (
	"slices"

	"muster/rules"
)

// TrainingCap is the training a Troop List's Skills (or Specialists) line allows in one skill:
// the highest level of the clauses naming the skill (or, for a specialization, its skill), its
// attribute, or "any". what names the clause for messages: "DEX skills", "melee combat",
// "any skill". ok is false where no clause covers the skill.
//
// The check, the editor's picker and the record sheet all ask this one function, so that they
// cannot disagree: a clause may name a skill by any of its aliases ("repulsor op."), read
// through the catalogue as an army file's skill is.
func TrainingCap(c *rules.Catalog, caps []rules.TrainingCap, ref rules.SkillRef) (level int, what string, ok bool) {
	level = -1
	for _, tc := range caps {
		var w string
		switch {
		case tc.Any:
			w = "any skill"
		case slices.Contains(tc.Attributes, ref.Attr):
			w = string(ref.Attr) + " skills"
		default:
			for _, s := range tc.Skills {
				if clauseNames(c, s, ref) {
					w = s
				}
			}
		}
		if w != "" && tc.Level > level {
			level, what, ok = tc.Level, w, true
		}
	}
	return level, what, ok
}

// clauseNames says whether a clause's skill name covers ref: the same skill, or the skill a
// specialization belongs to. A name the catalogue does not know (a custom skill) is compared
// as written.
func clauseNames(c *rules.Catalog, name string, ref rules.SkillRef) bool {
	if ref.Name == "" {
		return false
	}
	if c != nil {
		if cr, err := c.ResolveSkill(name); err == nil {
			if cr.Specialization != "" {
				return cr.Key() == ref.Key()
			}
			return rules.Normalize(cr.Name) == rules.Normalize(ref.Name)
		}
	}
	k := rules.Normalize(name)
	return k == rules.Normalize(ref.Label()) || k == rules.Normalize(ref.Name)
}
