package rules

import (
	"fmt"
	"strings"
)

// SkillRef is a skill as an army file names it: a catalogue skill, a specialization of one
// ("blaster: repeating blaster"), or a skill the catalogue does not know written with its
// attribute ("value [KNO]").
type SkillRef struct {
	Name           string // the catalogue skill's printed name, or the custom skill's name
	Specialization string // empty unless a specialization
	Attr           Attr
	Known          *Skill // nil for a custom skill
}

// Label is the skill as a record sheet writes it.
func (r SkillRef) Label() string {
	if r.Specialization != "" {
		return r.Name + ": " + r.Specialization
	}
	return r.Name
}

// Key identifies the skill for comparisons between a squad's and a specialist's codes.
func (r SkillRef) Key() string { return Normalize(r.Label()) }

// ResolveSkill reads a skill name as army files write it.
func (c *Catalog) ResolveSkill(name string) (SkillRef, error) {
	n := strings.TrimSpace(name)
	if i := strings.LastIndex(n, "["); i >= 0 && strings.HasSuffix(n, "]") {
		attr := Attr(strings.ToUpper(strings.TrimSpace(n[i+1 : len(n)-1])))
		for _, a := range Attributes {
			if a == attr {
				return SkillRef{Name: strings.TrimSpace(n[:i]), Attr: attr}, nil
			}
		}
		return SkillRef{}, fmt.Errorf("%q: %q is not an attribute; write one of DEX, KNO, MEC, PER, STR, TEC in the brackets", name, n[i+1:len(n)-1])
	}
	if parent, spec, ok := strings.Cut(n, ":"); ok {
		s, err := c.Skill(parent)
		if err != nil {
			return SkillRef{}, err
		}
		spec = strings.TrimSpace(spec)
		if spec == "" {
			return SkillRef{}, fmt.Errorf("%q: write the specialization after the colon, as in \"blaster: repeating blaster\"", name)
		}
		return SkillRef{Name: s.Name, Specialization: spec, Attr: s.Attr, Known: s}, nil
	}
	s, err := c.Skill(n)
	if err != nil {
		return SkillRef{}, err
	}
	return SkillRef{Name: s.Name, Attr: s.Attr, Known: s}, nil
}
