package rules

import (
	"slices"
	"testing"
)

func skillsCatalog(t *testing.T) *Catalog {
	t.Helper()
	c, err := Load()
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return c
}

// Chapter One, "Attribute and Skill List": each attribute controls its skills, as on the
// Squad Record Sheet; the specialized weapon skills sit under DEX and the vehicle skills
// under MEC.
func TestSkillsByAttribute(t *testing.T) {
	c := skillsCatalog(t)
	tests := []struct {
		skill string
		attr  Attr
		kind  string
	}{
		{"blaster", DEX, "soldier"},
		{"blaster artillery", DEX, "soldier"},
		{"grenade", DEX, "soldier"},
		{"melee combat", DEX, "soldier"},
		{"survival", KNO, "soldier"},
		{"beast riding", MEC, "soldier"},
		{"command", PER, "soldier"},
		{"search", PER, "soldier"},
		{"sneak", PER, "soldier"},
		{"brawling", STR, "soldier"},
		{"swimming", STR, "soldier"},
		{"demolition", TEC, "soldier"},
		{"first aid", TEC, "soldier"},
		{"flamethrower", DEX, "specialized"},
		{"missile weapons", DEX, "specialized"},
		{"bowcaster", DEX, "specialized"},
		{"lightsaber", DEX, "specialized"},
		{"ground vehicle operation", MEC, "vehicle"},
		{"hover vehicle operation", MEC, "vehicle"},
		{"repulsorlift operation", MEC, "vehicle"},
	}
	for _, tt := range tests {
		s, err := c.Skill(tt.skill)
		if err != nil {
			t.Errorf("Skill(%q): %v", tt.skill, err)
			continue
		}
		if s.Attr != tt.attr || s.Kind != tt.kind {
			t.Errorf("Skill(%q) = %s, %s; want %s, %s", tt.skill, s.Attr, s.Kind, tt.attr, tt.kind)
		}
	}
	for _, s := range c.Skills {
		if !slices.Contains(Attributes, s.Attr) {
			t.Errorf("skill %q has attribute %q", s.Name, s.Attr)
		}
		switch s.Kind {
		case "soldier", "specialized", "vehicle", "hero":
		default:
			t.Errorf("skill %q has kind %q", s.Name, s.Kind)
		}
	}
}

// Chapter Twelve, "Special Skills": heroes may also have brawling parry, dodge, melee parry
// and climbing/jumping, which the Hero Record Sheet lists under DEX, DEX, DEX and STR.
func TestHeroSpecialSkills(t *testing.T) {
	c := skillsCatalog(t)
	want := map[string]Attr{
		"brawling parry":   DEX,
		"dodge":            DEX,
		"melee parry":      DEX,
		"climbing/jumping": STR,
	}
	var got []string
	for _, s := range c.Skills {
		if s.Kind == "hero" {
			got = append(got, s.Name)
		}
	}
	if len(got) != len(want) {
		t.Errorf("hero skills = %v; want the four of Chapter Twelve", got)
	}
	for name, attr := range want {
		s, err := c.Skill(name)
		if err != nil {
			t.Errorf("Skill(%q): %v", name, err)
			continue
		}
		if s.Kind != "hero" || s.Attr != attr {
			t.Errorf("Skill(%q) = %s, %s; want %s, hero", name, s.Attr, s.Kind, attr)
		}
	}
}

// The record sheets and Troop Lists abbreviate skill names; each abbreviation names the
// skill it stands for.
func TestBookAbbreviationsResolve(t *testing.T) {
	c := skillsCatalog(t)
	tests := map[string]string{
		"Blaster Arty.":    "blaster artillery", // Hero Record Sheet example, Squad Record Sheet
		"blaster arty":     "blaster artillery",
		"Melee":            "melee combat", // Hero Record Sheet example
		"Brawl. Parry":     "brawling parry",
		"Climb/Jump":       "climbing/jumping",
		"repulsor op.":     "repulsorlift operation", // Stormtrooper Troop Lists
		"repulsorlift op.": "repulsorlift operation", // Feskitt Bobb
	}
	for abbr, name := range tests {
		s, err := c.Skill(abbr)
		if err != nil {
			t.Errorf("Skill(%q): %v", abbr, err)
			continue
		}
		if s.Name != name {
			t.Errorf("Skill(%q) = %q; want %q", abbr, s.Name, name)
		}
	}
	if _, err := c.Skill("value"); err == nil {
		t.Error(`Skill("value"): a roleplaying-game skill should not be in the catalogue`)
	}
}

// Diagram 22 marks each power with the Force skills it uses: C control, S sense, A alter.
func TestForcePowerControllingSkills(t *testing.T) {
	c := skillsCatalog(t)
	letters := map[byte]string{'C': "control", 'S': "sense", 'A': "alter"}
	tests := []struct{ power, code string }{
		// Diagram 22, as printed.
		{"Control Pain", "C"},
		{"Remain Conscious", "C"},
		{"Life Detect.", "S"},
		{"Rec. Telepathy", "S"},
		{"Lightsaber Combat", "CS"},
		{"Proj. Telepathy", "CS"},
		{"Telekinesis", "A"},
		// The rest of Chapter Twelve, by section.
		{"absorb/dissipate energy", "C"},
		{"detoxify poison", "C"},
		{"injure/kill", "A"},
		{"control another's pain", "CA"},
		{"detoxify poison in another", "CA"},
		{"affect mind", "CSA"},
	}
	if len(c.ForcePowers) != len(tests) {
		t.Errorf("%d Force powers; Chapter Twelve has %d", len(c.ForcePowers), len(tests))
	}
	for _, tt := range tests {
		p, err := c.ForcePower(tt.power)
		if err != nil {
			t.Errorf("ForcePower(%q): %v", tt.power, err)
			continue
		}
		var want []string
		for i := range len(tt.code) {
			want = append(want, letters[tt.code[i]])
		}
		if !slices.Equal(p.Skills, want) {
			t.Errorf("ForcePower(%q).Skills = %v; want %v", tt.power, p.Skills, want)
		}
	}
}

// "Certain Force powers require that the hero have one or more other Force powers": remain
// conscious requires control pain; receptive telepathy and injure/kill require life
// detection. No other power states a requirement.
func TestForcePowerPrerequisites(t *testing.T) {
	c := skillsCatalog(t)
	want := map[string][]string{
		"remain conscious":    {"control pain"},
		"receptive telepathy": {"life detection"},
		"injure/kill":         {"life detection"},
	}
	for _, p := range c.ForcePowers {
		if !slices.Equal(p.Requires, want[p.Name]) {
			t.Errorf("%q requires %v; want %v", p.Name, p.Requires, want[p.Name])
		}
		for _, r := range p.Requires {
			q, err := c.ForcePower(r)
			if err != nil {
				t.Errorf("%q requires %q: %v", p.Name, r, err)
			} else if q.Name != r {
				t.Errorf("%q requires %q, which is printed %q", p.Name, r, q.Name)
			}
		}
	}
	for name := range want {
		if _, err := c.ForcePower(name); err != nil {
			t.Errorf("ForcePower(%q): %v", name, err)
		}
	}
}

// "Certain Force powers are not available to Alliance heroes; some are not available to
// Imperial heroes": injure/kill is for Imperials only; control another's pain and detoxify
// poison in another are for Rebels only.
func TestForcePowerSideRestrictions(t *testing.T) {
	c := skillsCatalog(t)
	want := map[string]Side{
		"injure/kill":                Imperial,
		"control another's pain":     Rebel,
		"detoxify poison in another": Rebel,
	}
	for _, p := range c.ForcePowers {
		if p.Side != want[p.Name] {
			t.Errorf("%q side = %q; want %q", p.Name, p.Side, want[p.Name])
		}
	}
	for name := range want {
		if _, err := c.ForcePower(name); err != nil {
			t.Errorf("ForcePower(%q): %v", name, err)
		}
	}
}
