package roster

import (
	"testing"

	"muster/rules"
)

// hero writes a hero unit; attrs is the attributes' flow mapping.
func hero(origin, attrs, extra string) string {
	return "  - kind: hero\n    name: Kell\n    origin: " + origin + "\n    move: 10\n    attributes: " + attrs + "\n" + extra
}

// Chapter Twelve, Creating a Hero From Scratch: 18 points, each attribute 2 to 4, each
// Force skill one of the 18.
func TestHeroCreationAttributesRule(t *testing.T) {
	eighteen := "{DEX: 4, KNO: 2, MEC: 3, PER: 3, STR: 3, TEC: 3}"
	seventeen := "{DEX: 3, KNO: 2, MEC: 3, PER: 3, STR: 3, TEC: 3}"
	checkRule(t, "hero.creation.attributes", []ruleCase{
		{"18 points, not 19",
			army("rebel", hero("scratch", eighteen, "")),
			army("rebel", hero("scratch", "{DEX: 4, KNO: 3, MEC: 3, PER: 3, STR: 3, TEC: 3}", "")),
			"units[0].attributes", "take 1 point off"},
		{"DEX 4, not 5",
			army("rebel", hero("scratch", eighteen, "")),
			army("rebel", hero("scratch", "{DEX: 5, KNO: 2, MEC: 2, PER: 3, STR: 3, TEC: 3}", "")),
			"units[0].attributes.DEX", "from 2 to 4"},
		{"17 points and control, not 18 and control",
			army("rebel", hero("scratch", seventeen, "    force: {skills: {control: 1}}\n")),
			army("rebel", hero("scratch", eighteen, "    force: {skills: {control: 1}}\n")),
			"units[0].attributes", ""},
	})
	// A roleplaying-game hero skips the creation limits: Grindol Maal has 19 points
	// (Crystal Forest of Goratak).
	a := readArmy(t, army("rebel", hero("rpg", "{DEX: 4, KNO: 2, MEC: 4, PER: 3, STR: 3, TEC: 3}", "")))
	if ps := withRule(Check(rules.Default(), a), "hero.creation.attributes"); len(ps) != 0 {
		t.Errorf("rpg hero: %v", ps)
	}
}

// Chapter Twelve: seven skill points, no skill (a Force skill from its 1) raised by more
// than two.
func TestHeroCreationSkillsRule(t *testing.T) {
	attrs := "{DEX: 4, KNO: 2, MEC: 3, PER: 3, STR: 3, TEC: 2}"
	checkRule(t, "hero.creation.skills", []ruleCase{
		{"seven points, not eight",
			army("rebel", hero("scratch", attrs, "    skills: {blaster: 6, dodge: 6, command: 5, brawling: 4}\n")),
			army("rebel", hero("scratch", attrs, "    skills: {blaster: 6, dodge: 6, command: 5, brawling: 5}\n")),
			"units[0].skills", "lower the skills by 1"},
		{"blaster 6 from DEX 4, not 7",
			army("rebel", hero("scratch", attrs, "    skills: {blaster: 6}\n")),
			army("rebel", hero("scratch", attrs, "    skills: {blaster: 7}\n")),
			"units[0].skills.blaster", "blaster at most 6"},
		{"control 3 from 1, not 4",
			army("rebel", hero("scratch", "{DEX: 4, KNO: 2, MEC: 3, PER: 3, STR: 3, TEC: 2}", "    force: {skills: {control: 3}}\n")),
			army("rebel", hero("scratch", "{DEX: 4, KNO: 2, MEC: 3, PER: 3, STR: 3, TEC: 2}", "    force: {skills: {control: 4}}\n")),
			"units[0].force.skills.control", "control at most 3"},
	})
}

// Chapter Twelve, Force Skills: "To use a Force power the hero must possess its controlling
// skill." Wuwuhuul (Diagram 23) has control, sense and alter for his seven powers.
func TestHeroForceControllingSkillRule(t *testing.T) {
	wuwuhuul := `    force:
      skills: {control: 2, sense: 2, alter: 2}
      powers: [control pain, remain conscious, life detection, receptive telepathy,
               lightsaber combat, projective telepathy, telekinesis]
      point_rolls: 3
      points: 7
`
	attrs := "{DEX: 2, KNO: 3, MEC: 2, PER: 2, STR: 3, TEC: 2}"
	checkRule(t, "hero.force.controlling-skill", []ruleCase{
		{"lightsaber combat with control and sense, not control alone",
			army("rebel", hero("rpg", attrs, wuwuhuul)),
			army("rebel", hero("rpg", attrs, "    force: {skills: {control: 2}, powers: [lightsaber combat]}\n")),
			"units[0].force.powers[0]", "give Kell sense 1 or more"},
	})
}

// Chapter Twelve: remain conscious requires control pain; receptive telepathy and
// injure/kill require life detection.
func TestHeroForcePrerequisiteRule(t *testing.T) {
	attrs := "{DEX: 3, KNO: 3, MEC: 3, PER: 3, STR: 3, TEC: 3}"
	checkRule(t, "hero.force.prerequisite", []ruleCase{
		{"remain conscious with control pain",
			army("rebel", hero("rpg", attrs, "    force: {skills: {control: 2}, powers: [control pain, remain conscious]}\n")),
			army("rebel", hero("rpg", attrs, "    force: {skills: {control: 2}, powers: [remain conscious]}\n")),
			"units[0].force.powers[0]", "take control pain too"},
		{"receptive telepathy with life detection",
			army("rebel", hero("rpg", attrs, "    force: {skills: {sense: 2}, powers: [life detection, rec. telepathy]}\n")),
			army("rebel", hero("rpg", attrs, "    force: {skills: {sense: 2}, powers: [rec. telepathy]}\n")),
			"units[0].force.powers[0]", "take life detection too"},
		{"injure/kill with life detection",
			army("imperial", hero("rpg", attrs, "    force: {skills: {sense: 2, alter: 2}, powers: [life detection, injure/kill]}\n")),
			army("imperial", hero("rpg", attrs, "    force: {skills: {sense: 2, alter: 2}, powers: [injure/kill]}\n")),
			"units[0].force.powers[0]", ""},
	})
}

// Chapter Twelve: injure/kill is for Imperials only; control another's pain and detoxify
// poison in another for Rebels only.
func TestHeroForceSideRule(t *testing.T) {
	attrs := "{DEX: 3, KNO: 3, MEC: 3, PER: 3, STR: 3, TEC: 3}"
	dark := "    force: {skills: {sense: 2, alter: 2}, powers: [life detection, injure/kill]}\n"
	healer := "    force: {skills: {control: 2, alter: 2}, powers: [control another's pain, detoxify poison in another]}\n"
	checkRule(t, "hero.force.side", []ruleCase{
		{"injure/kill for an Imperial, not a Rebel",
			army("imperial", hero("rpg", attrs, dark)), army("rebel", hero("rpg", attrs, dark)),
			"units[0].force.powers[1]", "drop injure/kill"},
		{"control another's pain for a Rebel, not an Imperial",
			army("rebel", hero("rpg", attrs, healer)),
			army("imperial", hero("rpg", attrs, "    force: {skills: {control: 2, alter: 2}, powers: [control another's pain]}\n")),
			"units[0].force.powers[0]", ""},
	})
}

// Chapter Twelve, Force Points: each roll gives 1 to 3 and a 6 rolls again, so points are
// at least the rolls and have no ceiling. Wuwuhuul: 3 rolls, 7 points; Grindol Maal: 3
// rolls, 10 points; one roll of 6 then 2 gives 5.
func TestHeroForcePointsRule(t *testing.T) {
	attrs := "{DEX: 3, KNO: 3, MEC: 3, PER: 3, STR: 3, TEC: 3}"
	checkRule(t, "hero.force.points", []ruleCase{
		{"7 points from 3 rolls, not 3 from 4",
			army("rebel", hero("rpg", attrs, "    force: {point_rolls: 3, points: 7}\n")),
			army("rebel", hero("rpg", attrs, "    force: {point_rolls: 4, points: 3}\n")),
			"units[0].force.points", "at least 4"},
		{"10 points from 3 rolls, not 2 points from none",
			army("rebel", hero("rpg", attrs, "    force: {point_rolls: 3, points: 10}\n")),
			army("rebel", hero("rpg", attrs, "    force: {points: 2}\n")),
			"units[0].force.points", "point_rolls"},
		{"5 points from 1 roll (a 6 rolls again)",
			army("rebel", hero("rpg", attrs, "    force: {point_rolls: 1, points: 5}\n")),
			army("rebel", hero("rpg", attrs, "    force: {point_rolls: 2, points: 1}\n")),
			"units[0].force.points", ""},
	})
}

// A hero's origin is rpg or scratch.
func TestHeroOriginIsKnown(t *testing.T) {
	attrs := "{DEX: 3, KNO: 3, MEC: 3, PER: 3, STR: 3, TEC: 3}"
	checkRule(t, "field.invalid", []ruleCase{
		{"rpg, not homebrew", army("rebel", hero("rpg", attrs, "")), army("rebel", hero("homebrew", attrs, "")), "units[0].origin", ""},
	})
}
