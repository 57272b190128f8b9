package views

import "testing"

// Problems point at the editor's fields by the names views/editor.templ writes
// (cmd/muster/armyform.go documents them).
func TestProblemFieldsNameTheEditorsInputs(t *testing.T) {
	for field, want := range map[string]string{
		"limit":                                  "limit",
		"units[0].quality":                       "u0.quality",
		"units[12].attributes.STR":               "u12.attr.STR",
		"units[1].commander.skills.command":      "u1.commander.skills.skill.command",
		"units[2].skills.blaster":                "u2.skills.skill.blaster",
		"units[0].weapons[1]":                    "u0.weapons.1.name",
		"units[3].equipment[0]":                  "u3.equipment.0.name",
		"units[1].specialists[0].weapons[0]":     "u1.sp0.weapons.0.name",
		"units[1].specialists[1].skills.blaster": "u1.sp1.skills.skill.blaster",
		"units[4].force.skills.control":          "u4.force.skills.skill.control",
		"units[4].force.powers[2]":               "u4.force.powers",
		"units[5].mounts.creature":               "u5.mounts.creature",
	} {
		if got := FormField(field); got != want {
			t.Errorf("%s: %q, want %q", field, got, want)
		}
	}
}
