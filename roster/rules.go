package roster

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Waived is the severity of a problem a house rule has waived: it is listed apart, not
// counted.
const Waived Severity = "waived"

// Rule is one rule Muster checks: a stable id (what problems carry and house rules name),
// its default severity, where the book (or the army file format) states it and what it
// checks. Fixed rules keep their severity: they say the file cannot be costed as written
// (an unknown name, a missing field), which no house rule can make true.
type Rule struct {
	ID       string   `json:"id"`
	Severity Severity `json:"severity"`
	Fixed    bool     `json:"fixed,omitempty"`
	Source   string   `json:"source"`
	Checks   string   `json:"checks"`
}

// Rules lists every rule, grouped as docs/checking.md's table shows them. Ids never change once
// published: army files and gamemasters' limits name them.
var Rules = []Rule{
	// The army file itself.
	{ID: "name.unknown", Severity: Error, Fixed: true, Source: "army file format, Names",
		Checks: "every troop type, weapon, armor, item, skill, Force power, creature, droid, artillery piece and strike is a catalogue name"},
	{ID: "field.invalid", Severity: Error, Fixed: true, Source: "army file format, Structure",
		Checks: "required fields are present and hold values of the right kind (a squad's troop and size, a hero's Move and attributes, a hero's origin)"},
	{ID: "value.range", Severity: Error, Fixed: true, Source: "army file format",
		Checks: "sizes, counts, codes and point totals are within sane bounds (no negative counts, nothing over 1000; SGP totals at most 1000000)"},
	{ID: "rules.dial", Severity: Error, Fixed: true, Source: "Muster's house rules (docs/checking.md)",
		Checks: "a rules: block names known rule ids and the severities error, warning, info or waived"},
	{ID: "skill.below-start", Severity: Error, Fixed: true, Source: "Chapter Eight, Attributes and Skills",
		Checks: "no skill code is below the code it starts from (its attribute, or the squad's code for a commander or specialist)"},

	// Squads and the Troop Lists.
	{ID: "squad.size", Severity: Error, Source: "Chapter One, Soldiers and Squads",
		Checks: "a squad has between three and ten soldiers, commander and specialists included (two where the Troop List allows it: Bounty Hunters)"},
	{ID: "squad.specialists", Severity: Error, Source: "Chapter One, Soldiers and Squads; Chapter Eight",
		Checks: "a squad has at most two specialists"},
	{ID: "squad.hero-skills", Severity: Error, Source: "Chapter Twelve, Special Skills",
		Checks: "brawling parry, dodge, melee parry and climbing/jumping are heroes' skills, not soldiers'"},
	{ID: "troop.size", Severity: Error, Source: "Troop Lists, Size",
		Checks: "a squad's size is within its Troop List entry's range (Size: 6-10)"},
	{ID: "troop.side", Severity: Warning, Source: "Troop Lists (each side's lists; neutral troops serve every side)",
		Checks: "a squad's troop type is from its army's side's Troop List or a neutral one"},
	{ID: "troop.quality", Severity: Info, Source: "Troop Lists, Quality; Chapter Eight, Creating Your Forces",
		Checks: "a quality other than the Troop List's is noted (any quality may be bought at its price; gamemasters restrict qualities with limits)"},
	{ID: "troop.attributes", Severity: Warning, Source: "Troop Lists",
		Checks: "attribute overrides on a squad differ from its Troop List entry"},
	{ID: "troop.training", Severity: Error, Source: "Troop Lists, Skills; Chapter Eight, The Troop Lists",
		Checks: "soldiers train only the skills their list names, or those under its attributes, and no more levels than it allows (counted from the code the skill is paid from)"},
	{ID: "troop.commander", Severity: Error, Source: "Troop Lists, Commanders; Chapter Eight, The Troop Lists",
		Checks: "the commander's command is at most the list's level above PER, or the squad's own where the list says None"},
	{ID: "troop.specialists", Severity: Error, Source: "Troop Lists, Specialists; Chapter Eight, The Troop Lists",
		Checks: "specialists exist only where the list allows them and train the listed skills no further than its level (other skills no further than the list's Skills line)"},
	{ID: "troop.weapons", Severity: Error, Source: "Troop Lists, Weapons; Chapter Eight, The Troop Lists",
		Checks: "soldiers and specialists carry only weapons from their list (Any, Any blaster, heavy weapons, named weapons)"},
	{ID: "troop.armor", Severity: Error, Source: "Troop Lists, Armor; Chapter Eight, The Troop Lists",
		Checks: "soldiers wear only armor their list allows (Any, None, a named type, or the type it gives free)"},

	// Heroes.
	{ID: "hero.creation.attributes", Severity: Error, Source: "Chapter Twelve, Creating a Hero From Scratch",
		Checks: "a hero made from scratch (origin: scratch) spends at most 18 points on attributes and Force skills (one each), every attribute 2 to 4"},
	{ID: "hero.creation.skills", Severity: Error, Source: "Chapter Twelve, Creating a Hero From Scratch",
		Checks: "a hero made from scratch spends at most 7 skill points, raising no skill (Force skills from 1) by more than 2"},
	{ID: "hero.force.controlling-skill", Severity: Error, Source: "Chapter Twelve, Force Skills (Using Force Powers)",
		Checks: "a hero has every Force skill a power he takes is used with"},
	{ID: "hero.force.prerequisite", Severity: Error, Source: "Chapter Twelve, Force Skills",
		Checks: "a hero has the powers a power requires (remain conscious needs control pain; receptive telepathy and injure/kill need life detection)"},
	{ID: "hero.force.side", Severity: Error, Source: "Chapter Twelve, Alter Powers; Control and Alter Powers",
		Checks: "injure/kill is for Imperials only; control another's pain and detoxify poison in another for Rebels only"},
	{ID: "hero.force.points", Severity: Error, Source: "Chapter Twelve, Force Points",
		Checks: "a hero's Force Points could come from the rolls bought: at least one per roll, and none without a roll"},

	// Droids.
	{ID: "droid.command", Severity: Error, Source: "Chapter Fourteen, Characteristics of Droids",
		Checks: "droids never have the command skill"},
	{ID: "droid.skills", Severity: Error, Source: "Chapter Fourteen, Characteristics of Droids",
		Checks: "a droid's skills are not above the Droid Chart's (a skill the chart does not list stays at its attribute)"},
	{ID: "droid.attributes", Severity: Error, Source: "Chapter Fourteen, Characteristics of Droids",
		Checks: "a droid's attributes are not above the Droid Chart's"},
	{ID: "droid.weapons.count", Severity: Error, Source: "Chapter Fourteen, Weapons",
		Checks: "a droid mounts or carries at most three weapons"},
	{ID: "droid.turret", Severity: Error, Source: "Chapter Fourteen, Weapons",
		Checks: "a droid has at most one turret, with one weapon in it"},
	{ID: "droid.weapons.class", Severity: Error, Source: "Chapter Fourteen, Weapons",
		Checks: "blaster lets a droid mount Blasters, Melee Weapons and Advanced Weapons; heavy weapons need blaster artillery; archaic weapons and grenades are not for droids"},

	// Creatures, mounts and remote weapons.
	{ID: "mount.orneriness", Severity: Error, Source: "Chapter Thirteen, Mounts",
		Checks: "only creatures with an Orneriness Code are ridden"},
	{ID: "mount.count", Severity: Error, Source: "Chapter Thirteen, Mounts",
		Checks: "a squad has no more mounts than soldiers"},
	{ID: "remote.skills", Severity: Error, Source: "Chapter Fifteen, Remote Weapons",
		Checks: "a remote weapon has at most 4 levels of blaster or blaster artillery"},

	// Force limits (Chapter Ten).
	{ID: "limits.total", Severity: Error, Source: "Chapter Ten, Force Mixes; the army's limit",
		Checks: "the army costs no more than its limit and the limits block's total"},
	{ID: "limits.heroes", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "heroes cost no more than the limits allow (sgp: heroes)"},
	{ID: "limits.squads", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "squads (with their mounts) cost no more than the limits allow (sgp: squads)"},
	{ID: "limits.droids", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "droids cost no more than the limits allow (sgp: droids)"},
	{ID: "limits.creatures", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "creatures cost no more than the limits allow (sgp: creatures)"},
	{ID: "limits.artillery", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "artillery pieces and remote weapons cost no more than the limits allow (sgp: artillery)"},
	{ID: "limits.strikes", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "off-board strikes cost no more than the limits allow (sgp: strikes)"},
	{ID: "limits.count", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "no more heroes, squads, droids or creatures than the limits allow (max: heroes ...)"},
	{ID: "limits.specialized-weapons", Severity: Error, Source: "Chapter Ten, Force Mixes; Chapter Three, Specialized Weapons",
		Checks: "no more specialized weapons (repeating blasters, heavy blasters, advanced weapons) than the limits allow"},
	{ID: "limits.grenades", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "no more grenades than the limits allow, counting every soldier's"},
	{ID: "limits.quality", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "squads are of the qualities the limits allow"},
	{ID: "limits.banned", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "nothing the limits ban (a weapon, a troop type, a unit kind such as vehicles or droids) is in the army"},
	{ID: "limits.side", Severity: Error, Source: "Chapter Ten, Force Mixes",
		Checks: "the army plays a side the limits are for"},
	{ID: "limits.invalid", Severity: Error, Fixed: true, Source: "Muster's limits block (docs/checking.md)",
		Checks: "the limits block's bans, qualities and sides name things Muster knows"},
}

// LookupRule finds a rule by id.
func LookupRule(id string) (Rule, bool) {
	for _, r := range Rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// Dials sets rules' severities by id: "error", "warning", "info" or "waived". An army
// file's top-level rules: block and a limits block's rules: are Dials (house rules).
type Dials map[string]Severity

// severities a dial may set.
var dialSeverities = []Severity{Error, Warning, Info, Waived}

// CheckDials reports dials that name no rule, a fixed rule, or no severity. field is where
// the dials are written ("rules" or "limits.rules").
func CheckDials(d Dials, field string) []Problem {
	var out []Problem
	ids := make([]string, 0, len(d))
	for id := range d {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		sev := d[id]
		f := field + "." + id
		r, ok := LookupRule(id)
		switch {
		case !ok:
			out = append(out, Problem{Rule: "rules.dial", Severity: Error, Unit: -1, Field: f,
				Message: fmt.Sprintf("%q is not a rule Muster checks", id),
				Hint:    nearestRules(id)})
		case r.Fixed && sev != r.Severity:
			out = append(out, Problem{Rule: "rules.dial", Severity: Error, Unit: -1, Field: f,
				Message: fmt.Sprintf("%s cannot be dialled: it means the army cannot be costed as written", id),
				Hint:    "remove it from " + field + " and fix what it reports"})
		case !slices.Contains(dialSeverities, sev):
			out = append(out, Problem{Rule: "rules.dial", Severity: Error, Unit: -1, Field: f,
				Message: fmt.Sprintf("%q is not a severity", sev),
				Hint:    "write error, warning, info or waived"})
		}
	}
	return out
}

// nearestRules suggests rule ids sharing the dialled id's first part.
func nearestRules(id string) string {
	head, _, _ := strings.Cut(id, ".")
	var near []string
	for _, r := range Rules {
		if strings.HasPrefix(r.ID, head+".") {
			near = append(near, r.ID)
		}
	}
	if len(near) == 0 {
		return "see the rule ids in the docs/checking.md"
	}
	return "rules starting " + head + ": " + strings.Join(near, ", ")
}

// ApplyDials sets each problem's severity by the dials, later dials overriding earlier ones
// (an army's own rules:, then a gamemaster's limits), and moves waived problems apart. Dials
// on fixed rules and on unknown ids are ignored here; CheckDials reports them.
func ApplyDials(problems []Problem, dials ...Dials) (kept, waived []Problem) {
	kept = []Problem{}
	for _, p := range problems {
		r, known := LookupRule(p.Rule)
		if known && !r.Fixed {
			for _, d := range dials {
				if sev, ok := d[p.Rule]; ok && slices.Contains(dialSeverities, sev) {
					p.Severity = sev
				}
			}
		}
		if p.Severity == Waived {
			waived = append(waived, p)
			continue
		}
		kept = append(kept, p)
	}
	return kept, waived
}

// HasErrors reports whether any problem is an error.
func HasErrors(problems []Problem) bool {
	for _, p := range problems {
		if p.Severity == Error {
			return true
		}
	}
	return false
}
