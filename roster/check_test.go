package roster

import (
	"strings"
	"testing"

	"muster/rules"
)

// The numbers in these tests are the rulebook's: Troop List entries, the Droid Chart, the
// creation limits of Chapter Twelve. Each rule has a valid army and an invalid one.

// army builds a format-1 army of one side from unit YAML (each unit a "- kind: ..." block
// indented by two spaces under units:).
func army(side string, units ...string) string {
	return "format: 1\nname: Test\nside: " + side + "\nunits:\n" + strings.Join(units, "")
}

func readArmy(t *testing.T, src string) *Army {
	t.Helper()
	a, err := Read([]byte(src))
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, src)
	}
	return a
}

// withRule returns the problems of one rule.
func withRule(ps []Problem, rule string) []Problem {
	var out []Problem
	for _, p := range ps {
		if p.Rule == rule {
			out = append(out, p)
		}
	}
	return out
}

// ruleCase is an army that obeys a rule and one that breaks it, where.
type ruleCase struct {
	name           string
	valid, invalid string
	field          string // the field the problem names
	hint           string // a part of the hint, if checked
}

// checkRule runs Check on each case: the valid army has no problem of the rule, the
// invalid one has exactly one, at the field, with its unit, a message and a hint.
func checkRule(t *testing.T, rule string, cases []ruleCase) {
	t.Helper()
	c := rules.Default()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if ps := withRule(Check(c, readArmy(t, tc.valid)), rule); len(ps) != 0 {
				t.Errorf("valid army: unexpected %s problems: %v", rule, ps)
			}
			ps := withRule(Check(c, readArmy(t, tc.invalid)), rule)
			if len(ps) != 1 {
				t.Fatalf("invalid army: want one %s problem, got %v", rule, ps)
			}
			t.Logf("%s", ps[0])
			checkProblem(t, ps[0], rule, tc.field, tc.hint)
		})
	}
}

func checkProblem(t *testing.T, p Problem, rule, field, hint string) {
	t.Helper()
	if p.Field != field {
		t.Errorf("field = %q, want %q", p.Field, field)
	}
	r, _ := LookupRule(rule)
	if p.Severity != r.Severity {
		t.Errorf("severity = %q, want the rule's default %q", p.Severity, r.Severity)
	}
	if strings.HasPrefix(field, "units[") && p.Unit != int(field[6]-'0') {
		t.Errorf("unit = %d for field %s", p.Unit, field)
	}
	if p.Message == "" || p.Hint == "" {
		t.Errorf("problem lacks a message or hint: %+v", p)
	}
	if hint != "" && !strings.Contains(p.Hint, hint) {
		t.Errorf("hint = %q, want it to contain %q", p.Hint, hint)
	}
}

func squad(troop string, size int, extra string) string {
	return "  - kind: squad\n    troop: " + troop + "\n    size: " + itoa(size) + "\n" + extra
}

func itoa(n int) string {
	s := ""
	if n < 0 {
		return "-" + itoa(-n)
	}
	for {
		s = string(rune('0'+n%10)) + s
		n /= 10
		if n == 0 {
			return s
		}
	}
}

// Chapter One: squads of "between three and 10 figures". The Bounty Hunter lists print
// "Size: 2–10", which Muster lets stand against the general three.
func TestSquadSizeRule(t *testing.T) {
	checkRule(t, "squad.size", []ruleCase{
		{"ten Hoth Troopers, not eleven", army("rebel", squad("Hoth Trooper", 10, "")), army("rebel", squad("Hoth Trooper", 11, "")), "units[0].size", "from 3 to 10"},
		{"three Hoth Troopers, not two", army("rebel", squad("Hoth Trooper", 3, "")), army("rebel", squad("Hoth Trooper", 2, "")), "units[0].size", ""},
		{"two Bounty Hunters (Size: 2–10), not one", army("neutral", squad("Bounty Hunter", 2, "")), army("neutral", squad("Bounty Hunter", 1, "")), "units[0].size", "from 2 to 10"},
	})
}

// Troop Lists, Size: Standard Rebel Troopers 6–10, Wookiees 3–4.
func TestTroopSizeRule(t *testing.T) {
	checkRule(t, "troop.size", []ruleCase{
		{"Standard Rebel Troopers 6, not 5", army("rebel", squad("Standard Rebel Trooper", 6, "")), army("rebel", squad("Standard Rebel Trooper", 5, "")), "units[0].size", "6 to 10"},
		{"Wookiees 4, not 5", army("rebel", squad("Wookiee", 4, "")), army("rebel", squad("Wookiee", 5, "")), "units[0].size", "3 to 4"},
	})
}

// Troop Lists, Quality: Hoth Troopers are elite; veterans are a note, not an error
// (costing-rules.md, Notes for validation; the book's own Victor squad is veteran).
func TestTroopQualityRule(t *testing.T) {
	checkRule(t, "troop.quality", []ruleCase{
		{"elite Hoth Troopers; veterans noted", army("rebel", squad("Hoth Trooper", 7, "    quality: elite\n")),
			army("rebel", squad("Hoth Trooper", 7, "    quality: veteran\n")), "units[0].quality", "elite"},
	})
	p := withRule(Check(rules.Default(), readArmy(t, army("rebel", squad("Hoth Trooper", 7, "    quality: veteran\n")))), "troop.quality")[0]
	if p.Severity != Info {
		t.Errorf("a quality other than the list's is %s, want info", p.Severity)
	}
}

// Troop Lists, Skills. "Level 2 — DEX, MEC, STR" (Stormtrooper, DEX (1) in armor: blaster
// at most 3); "Level 2 — melee combat, sneak, STR" (Ewok: DEX 2, PER 3, STR 2); "Level 2 —
// DEX, MEC, STR; Level 1 — any" (Veteran Mercenary: KNO 2, so survival at most 3);
// "Level 3" from the armored DEX (2) of Snowtroopers and from their unarmored STR 2.
func TestTroopTrainingRule(t *testing.T) {
	checkRule(t, "troop.training", []ruleCase{
		{"Stormtrooper blaster (3), not (4)",
			army("imperial", squad("Stormtrooper", 10, "    skills: {blaster: 3}\n")),
			army("imperial", squad("Stormtrooper", 10, "    skills: {blaster: 4}\n")),
			"units[0].skills.blaster", "Stormtroopers may train DEX skills 2 levels: blaster at most 3"},
		{"Stormtrooper specialization blaster: repeating blaster (3), not (4)",
			army("imperial", squad("Stormtrooper", 10, "    skills: {\"blaster: repeating blaster\": 3}\n")),
			army("imperial", squad("Stormtrooper", 10, "    skills: {\"blaster: repeating blaster\": 4}\n")),
			"units[0].skills.blaster: repeating blaster", "at most 3"},
		{"Stormtroopers train no KNO skill",
			army("imperial", squad("Stormtrooper", 10, "    skills: {survival: 2}\n")),
			army("imperial", squad("Stormtrooper", 10, "    skills: {survival: 3}\n")),
			"units[0].skills.survival", "Stormtroopers may not train survival: survival at most 2"},
		{"Ewok sneak 5 (listed), not search 4 (PER, unlisted)",
			army("rebel", squad("Ewok", 5, "    skills: {sneak: 5, melee combat: 4, brawling: 4}\n")),
			army("rebel", squad("Ewok", 5, "    skills: {sneak: 5, search: 4}\n")),
			"units[0].skills.search", "Ewoks may not train search"},
		{"Ewok melee combat 4, not 5",
			army("rebel", squad("Ewok", 5, "    skills: {melee combat: 4}\n")),
			army("rebel", squad("Ewok", 5, "    skills: {melee combat: 5}\n")),
			"units[0].skills.melee combat", "Ewoks may train melee combat 2 levels: melee combat at most 4"},
		{"Veteran Mercenary survival 3 (any: 1), not 4",
			army("neutral", squad("Veteran Mercenary", 8, "    skills: {survival: 3, blaster: 5}\n")),
			army("neutral", squad("Veteran Mercenary", 8, "    skills: {survival: 4, blaster: 5}\n")),
			"units[0].skills.survival", "any skill 1 level: survival at most 3"},
		{"Snowtrooper blaster (5) from DEX (2), not (6)",
			army("imperial", squad("Snowtrooper", 5, "    skills: {blaster: 5}\n")),
			army("imperial", squad("Snowtrooper", 5, "    skills: {blaster: 6}\n")),
			"units[0].skills.blaster", "blaster at most 5"},
		{"Snowtrooper brawling 5 from the unarmored STR 2, not 6",
			army("imperial", squad("Snowtrooper", 5, "    skills: {brawling: 5}\n")),
			army("imperial", squad("Snowtrooper", 5, "    skills: {brawling: 6}\n")),
			"units[0].skills.brawling", "brawling at most 5"},
	})
}

// Troop Lists, Commanders: "Level N" caps command above PER (not above the squad's
// command); "None" gives the commander the squad's command skill.
func TestTroopCommanderRule(t *testing.T) {
	checkRule(t, "troop.commander", []ruleCase{
		{"Hoth Trooper commander command 5 (PER 2 + 3), not 6",
			army("rebel", squad("Hoth Trooper", 10, "    skills: {command: 3}\n    commander: {skills: {command: 5}}\n")),
			army("rebel", squad("Hoth Trooper", 10, "    skills: {command: 3}\n    commander: {skills: {command: 6}}\n")),
			"units[0].commander.skills.command", "Hoth Trooper commanders may train command 3 levels: command at most 5"},
		{"Wookiee commander (None) has the squad's command 2, not 3",
			army("rebel", squad("Wookiee", 4, "    commander: {skills: {command: 2}}\n")),
			army("rebel", squad("Wookiee", 4, "    commander: {skills: {command: 3}}\n")),
			"units[0].commander.skills.command", "write the squad's command 2"},
	})
}

// Troop Lists, Specialists: "Level 3 — any" (Hoth Trooper: the Blue Rangers' specialist
// has blaster 6 from DEX 3); "None" (Imperial Trooper); "Level 3 — blaster artillery,
// repulsor op." (Stormtrooper, DEX (1)).
func TestTroopSpecialistsRule(t *testing.T) {
	checkRule(t, "troop.specialists", []ruleCase{
		{"Hoth Trooper specialist blaster 6, not 7",
			army("rebel", squad("Hoth Trooper", 10, "    skills: {blaster: 5}\n    specialists:\n      - skills: {blaster: 6}\n")),
			army("rebel", squad("Hoth Trooper", 10, "    skills: {blaster: 5}\n    specialists:\n      - skills: {blaster: 7}\n")),
			"units[0].specialists[0].skills.blaster", "blaster at most 6"},
		{"Imperial Troopers have no specialists",
			army("imperial", squad("Imperial Trooper", 6, "")),
			army("imperial", squad("Imperial Trooper", 6, "    specialists:\n      - weapons: [heavy repeating blaster]\n")),
			"units[0].specialists", "remove the specialists"},
		{"Stormtrooper specialist blaster artillery (4), not (5)",
			army("imperial", squad("Stormtrooper", 10, "    specialists:\n      - skills: {blaster artillery: 4}\n")),
			army("imperial", squad("Stormtrooper", 10, "    specialists:\n      - skills: {blaster artillery: 5}\n")),
			"units[0].specialists[0].skills.blaster artillery", "blaster artillery at most 4"},
	})
}

// Chapter One: "possibly one or two specialists".
func TestSquadSpecialistsRule(t *testing.T) {
	two := "    specialists:\n      - skills: {blaster: 6}\n      - skills: {grenade: 6}\n"
	checkRule(t, "squad.specialists", []ruleCase{
		{"two specialists, not three", army("rebel", squad("Hoth Trooper", 10, two)),
			army("rebel", squad("Hoth Trooper", 10, two+"      - skills: {brawling: 5}\n")), "units[0].specialists[2]", ""},
	})
}

// Chapter Twelve, Special Skills: dodge and the parries are heroes' skills.
func TestSquadHeroSkillsRule(t *testing.T) {
	checkRule(t, "squad.hero-skills", []ruleCase{
		{"Hoth Troopers with melee combat, not dodge",
			army("rebel", squad("Hoth Trooper", 10, "    skills: {melee combat: 5}\n")),
			army("rebel", squad("Hoth Trooper", 10, "    skills: {dodge: 4}\n")), "units[0].skills.dodge", ""},
	})
}

// Troop Lists, Weapons: named weapons (Stormtrooper), "heavy weapons" (Imperial Trooper),
// "Any blaster" (Bounty Hunter), "Spear" (Ewok), "grenade" (Wookiee).
func TestTroopWeaponsRule(t *testing.T) {
	checkRule(t, "troop.weapons", []ruleCase{
		{"Stormtroopers: blaster rifle and a medium repeating blaster, not grenades",
			army("imperial", squad("Stormtrooper", 10, "    weapons: [blaster rifle]\n    specialists:\n      - weapons: [medium repeating blaster]\n")),
			army("imperial", squad("Stormtrooper", 10, "    weapons: [blaster rifle, {name: grenade, count: 2}]\n")),
			"units[0].weapons[1]", "Stormtroopers may carry blaster pistol, blaster rifle, medium repeating blaster"},
		{"Imperial Troopers: heavy weapons, not a flamethrower",
			army("imperial", squad("Imperial Trooper", 6, "    weapons: [blaster carbine, heavy repeating blaster, repeating blaster]\n")),
			army("imperial", squad("Imperial Trooper", 6, "    weapons: [blaster carbine, flamethrower]\n")),
			"units[0].weapons[1]", ""},
		{"Bounty Hunters: any blaster, not a vibroblade",
			army("neutral", squad("Bounty Hunter", 4, "    weapons: [heavy blaster pistol, hold-out blaster, repeating blaster (tripod)]\n")),
			army("neutral", squad("Bounty Hunter", 4, "    weapons: [heavy blaster pistol, vibroblade]\n")),
			"units[0].weapons[1]", "any blaster"},
		{"Ewoks: spears, not blaster rifles (a specialist's too)",
			army("rebel", squad("Ewok", 5, "    weapons: [spear]\n")),
			army("rebel", squad("Ewok", 5, "    weapons: [spear]\n    commander: {skills: {command: 5}}\n    specialists:\n      - weapons: [blaster rifle]\n")),
			"units[0].specialists[0].weapons[0]", ""},
		{"Wookiees: grenades (smoke too), not thermal detonators",
			army("rebel", squad("Wookiee", 4, "    weapons: [bowcaster, grenade]\n    equipment: [{name: smoke grenade, count: 2}]\n")),
			army("rebel", squad("Wookiee", 4, "    weapons: [bowcaster]\n    equipment: [thermal detonator]\n")),
			"units[0].equipment[0]", ""},
	})
}

// Troop Lists, Armor: "Any" (Imperial Trooper), "None" (Ewok), "Bounty hunter" (Bounty
// Hunter), "Stormtrooper — free" (Stormtrooper).
func TestTroopArmorRule(t *testing.T) {
	checkRule(t, "troop.armor", []ruleCase{
		{"Imperial Troopers may wear any armor", army("imperial", squad("Imperial Trooper", 6, "    armor: stormtrooper\n")),
			army("rebel", squad("Ewok", 5, "    armor: stormtrooper\n")), "units[0].armor", "Ewoks wear no armor"},
		{"Bounty Hunters: bounty hunter armor, not royal guard", army("neutral", squad("Bounty Hunter", 4, "    armor: bounty hunter\n")),
			army("neutral", squad("Bounty Hunter", 4, "    armor: royal guard\n")), "units[0].armor", "Bounty Hunter armor"},
		{"Stormtroopers: their own free armor, not sandtrooper armor", army("imperial", squad("Stormtrooper", 10, "    armor: stormtrooper\n")),
			army("imperial", squad("Stormtrooper", 10, "    armor: sandtrooper\n")), "units[0].armor", "write armor: none"},
	})
}

// Chapter Thirteen: each mount carries one soldier; Diagram 26 mounts ten Blue Rangers on
// ten tauntauns.
func TestMountCountRule(t *testing.T) {
	checkRule(t, "mount.count", []ruleCase{
		{"ten tauntauns for ten soldiers, not eleven",
			army("rebel", squad("Hoth Trooper", 10, "    mounts: {creature: tauntaun, count: 10}\n")),
			army("rebel", squad("Hoth Trooper", 10, "    mounts: {creature: tauntaun, count: 11}\n")), "units[0].mounts.count", "at most 10"},
	})
}

// Sizes, counts and codes beyond any game are errors, not overflowing sums.
func TestValueRangeRule(t *testing.T) {
	checkRule(t, "value.range", []ruleCase{
		{"size 10, not 5000", army("rebel", squad("Hoth Trooper", 10, "")), army("rebel", squad("Hoth Trooper", 5000, "")), "units[0].size", ""},
		{"two grenades, not -2", army("rebel", squad("Hoth Trooper", 10, "    weapons: [{name: grenade, count: 2}]\n")),
			army("rebel", squad("Hoth Trooper", 10, "    weapons: [{name: grenade, count: -2}]\n")), "units[0].weapons[0].count", ""},
		{"blaster 5, not 9999999", army("rebel", squad("Hoth Trooper", 10, "    skills: {blaster: 5}\n")),
			army("rebel", squad("Hoth Trooper", 10, "    skills: {blaster: 9999999}\n")), "units[0].skills.blaster", ""},
	})
}

// The book's own Blue Rangers (Chapter Eight, Diagrams 15-19) obey every rule of their
// Troop List: Hoth Troopers, elite, ten, blaster 5, command 3, commander command 4,
// specialist blaster 6 with a repeating blaster.
func TestBlueRangersObeyTheirTroopList(t *testing.T) {
	a := readArmy(t, army("rebel", squad("Hoth Trooper", 10, `    quality: elite
    skills: {blaster: 5, melee combat: 5, command: 3, brawling: 5}
    weapons: [blaster rifle, vibroblade]
    commander: {skills: {command: 4}}
    specialists:
      - skills: {blaster: 6}
        weapons: [repeating blaster]
`)))
	if ps := Check(rules.Default(), a); len(ps) != 0 {
		t.Errorf("problems: %v", ps)
	}
}

// Charlie Company (Elite Bounty Hunters, "The Crystal Forest of Goratak") has command 6
// although its list trains only DEX, MEC and STR skills: the check reports what the book
// breaks (docs/errata.md).
func TestCharlieCompanyBreaksItsTroopList(t *testing.T) {
	a := readArmy(t, army("imperial", squad("Elite Bounty Hunter", 9, `    skills: {blaster: 7, grenade: 7, command: 6, brawling: 6}
    weapons: [heavy blaster pistol]
`)))
	ps := withRule(Check(rules.Default(), a), "troop.training")
	if len(ps) != 1 || ps[0].Field != "units[0].skills.command" || !strings.Contains(ps[0].Message, `"Skills: Level 3 — DEX, MEC, STR"`) {
		t.Errorf("troop.training problems = %v", ps)
	}
}
