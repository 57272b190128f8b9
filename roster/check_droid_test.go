package roster

import "testing"

// droid writes a droid unit of a Droid Chart type.
func droid(chart, extra string) string {
	return "  - kind: droid\n    name: SC-4X\n    droid: " + chart + "\n" + extra
}

// Chapter Fourteen: droids "cannot have the command skill".
func TestDroidCommandRule(t *testing.T) {
	checkRule(t, "droid.command", []ruleCase{
		{"SC-4X as printed, not with command",
			army("imperial", droid("Security Droid", "    weapons: [{name: blaster rifle, turret: true}]\n")),
			army("imperial", droid("Security Droid", "    skills: {command: 2}\n")),
			"units[0].skills.command", ""},
	})
}

// Chapter Fourteen: "a droid's skill levels cannot be improved higher than those it starts
// with". The Security Droid's chart gives blaster 4, search 5 and DEX 3.
func TestDroidSkillsRule(t *testing.T) {
	checkRule(t, "droid.skills", []ruleCase{
		{"blaster 4, not 5",
			army("imperial", droid("Security Droid", "    skills: {blaster: 4, search: 5}\n")),
			army("imperial", droid("Security Droid", "    skills: {blaster: 5}\n")),
			"units[0].skills.blaster", "blaster 4 or less"},
		{"grenade at DEX 3 (not on the chart), not 4",
			army("imperial", droid("Security Droid", "    skills: {grenade: 3, blaster: 3}\n")),
			army("imperial", droid("Security Droid", "    skills: {grenade: 4}\n")),
			"units[0].skills.grenade", "grenade 3 or less"},
	})
}

// Chapter Fourteen: a droid's attributes are the chart's (armor adds STR for resisting
// damage only, bought as armor: true).
func TestDroidAttributesRule(t *testing.T) {
	checkRule(t, "droid.attributes", []ruleCase{
		{"STR 3, not 4",
			army("imperial", droid("Security Droid", "    attributes: {STR: 3}\n    armor: true\n")),
			army("imperial", droid("Security Droid", "    attributes: {STR: 4}\n")),
			"units[0].attributes.STR", "STR 3 or less"},
	})
}

// Chapter Fourteen: "A droid may mount or carry up to three weapons."
func TestDroidWeaponsCountRule(t *testing.T) {
	checkRule(t, "droid.weapons.count", []ruleCase{
		{"three weapons, not four",
			army("imperial", droid("War Droid", "    weapons: [heavy repeating blaster, blaster rifle, {name: blaster pistol}]\n")),
			army("imperial", droid("War Droid", "    weapons: [heavy repeating blaster, blaster rifle, {name: blaster pistol, count: 2}]\n")),
			"units[0].weapons", ""},
	})
}

// Chapter Fourteen: "A droid can only have one turret, and only one weapon can be mounted
// in it."
func TestDroidTurretRule(t *testing.T) {
	checkRule(t, "droid.turret", []ruleCase{
		{"one turret-mounted blaster rifle, not two weapons in turrets",
			army("imperial", droid("Security Droid", "    weapons: [{name: blaster rifle, turret: true}, blaster pistol]\n")),
			army("imperial", droid("Security Droid", "    weapons: [{name: blaster rifle, turret: true}, {name: blaster pistol, turret: true}]\n")),
			"units[0].weapons", ""},
	})
}

// Chapter Fourteen: blaster lets a droid mount Blasters, Melee Weapons and Advanced Weapons;
// blaster artillery lets it mount heavy weapons. The War Droid has both; the Security Droid
// blaster only.
func TestDroidWeaponsClassRule(t *testing.T) {
	checkRule(t, "droid.weapons.class", []ruleCase{
		{"a War Droid's heavy repeating blaster, not a Security Droid's",
			army("imperial", droid("War Droid", "    weapons: [heavy repeating blaster]\n")),
			army("imperial", droid("Security Droid", "    weapons: [heavy repeating blaster]\n")),
			"units[0].weapons[0]", "blaster artillery"},
		{"a vibroblade and a flamethrower, not a grenade",
			army("imperial", droid("Security Droid", "    weapons: [vibroblade, flamethrower, repeating blaster]\n")),
			army("imperial", droid("Security Droid", "    weapons: [blaster rifle, grenade]\n")),
			"units[0].weapons[1]", ""},
	})
}
