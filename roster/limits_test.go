package roster

import (
	"errors"
	"strings"
	"testing"

	"muster/rules"
)

// withLimits adds a limits: block (YAML, indented by two) to an army.
func withLimits(src, limits string) string {
	return strings.Replace(src, "units:\n", "limits:\n"+limits+"units:\n", 1)
}

// checkLimitsRule is checkRule for the limits clauses that need no costs.
func checkLimitsRule(t *testing.T, rule string, cases []ruleCase) {
	t.Helper()
	c := rules.Default()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a := readArmy(t, tc.valid)
			if ps := withRule(CheckLimits(c, a, a.Limits, "limits"), rule); len(ps) != 0 {
				t.Errorf("valid army: unexpected %s problems: %v", rule, ps)
			}
			a = readArmy(t, tc.invalid)
			ps := withRule(CheckLimits(c, a, a.Limits, "limits"), rule)
			if len(ps) != 1 {
				t.Fatalf("invalid army: want one %s problem, got %v", rule, ps)
			}
			t.Logf("%s", ps[0])
			checkProblem(t, ps[0], rule, tc.field, tc.hint)
		})
	}
}

const hothTen = "  - kind: squad\n    troop: Hoth Trooper\n    size: 10\n"

// Chapter Ten: "Your squads must be veteran or elite." A squad without a quality has its
// Troop List's (Hoth Troopers: elite).
func TestLimitsQualityRule(t *testing.T) {
	lim := "  qualities: [veteran, elite]\n"
	checkLimitsRule(t, "limits.quality", []ruleCase{
		{"elite (the list's) and veteran, not average",
			withLimits(army("rebel", hothTen, hothTen+"    quality: veteran\n"), lim),
			withLimits(army("rebel", hothTen, hothTen+"    quality: average\n"), lim),
			"units[1].quality", "veteran or elite"},
	})
}

// The limits are for a side; an army of another side is told so.
func TestLimitsSideRule(t *testing.T) {
	checkLimitsRule(t, "limits.side", []ruleCase{
		{"a Rebel army under Rebel limits, not an Imperial one",
			withLimits(army("rebel", hothTen), "  sides: [rebel]\n"),
			withLimits(army("imperial", hothTen), "  sides: [rebel]\n"),
			"side", "these limits are for rebel"},
	})
}

// Chapter Ten: "no thermal detonators and no vehicles"; a gamemaster may ban a troop type
// or a unit kind too. "armor: stormtrooper" bans the armor, not the troop type.
func TestLimitsBannedRule(t *testing.T) {
	td := "  banned: [thermal detonator, vehicles]\n"
	checkLimitsRule(t, "limits.banned", []ruleCase{
		{"grenades, not a specialist's thermal detonator",
			withLimits(army("rebel", hothTen+"    weapons: [{name: grenade, count: 2}]\n"), td),
			withLimits(army("rebel", hothTen+"    specialists:\n      - weapons: [thermal detonator]\n"), td),
			"units[0].specialists[0].weapons[0]", "the limits ban thermal detonator"},
		{"no droids",
			withLimits(army("imperial", hothTen), "  banned: [droids]\n"),
			withLimits(army("imperial", hothTen, "  - kind: droid\n    droid: Security Droid\n"), "  banned: [droids]\n"),
			"units[1].kind", ""},
		{"stormtrooper armor banned, not Stormtroopers' armor by accident of name on Hoth Troopers",
			withLimits(army("imperial", hothTen), "  banned: [\"armor: stormtrooper\"]\n"),
			withLimits(army("imperial", "  - kind: squad\n    troop: Imperial Trooper\n    size: 6\n    armor: stormtrooper\n"), "  banned: [\"armor: stormtrooper\"]\n"),
			"units[0].armor", ""},
		{"the Stormtrooper troop type (and its free armor)",
			withLimits(army("imperial", "  - kind: squad\n    troop: Snowtrooper\n    size: 6\n"), "  banned: [\"troop: stormtrooper\"]\n"),
			withLimits(army("imperial", "  - kind: squad\n    troop: Stormtrooper\n    size: 6\n"), "  banned: [\"troop: stormtrooper\"]\n"),
			"units[0].troop", ""},
	})
}

// A gamemaster's caps on how many heroes (the Sample Game's "One 200-point hero, max"),
// squads, droids or creatures.
func TestLimitsCountRule(t *testing.T) {
	h := "  - kind: hero\n    move: 10\n    attributes: {DEX: 3, KNO: 3, MEC: 3, PER: 3, STR: 3, TEC: 3}\n"
	checkLimitsRule(t, "limits.count", []ruleCase{
		{"one hero, not two",
			withLimits(army("imperial", hothTen, h), "  max: {heroes: 1}\n"),
			withLimits(army("imperial", hothTen, h, h), "  max: {heroes: 1}\n"),
			"limits.max.heroes", ""},
		{"a pack of two womp rats, not three",
			withLimits(army("neutral", "  - {kind: creature, creature: womp rat, count: 2}\n"), "  max: {creatures: 2}\n"),
			withLimits(army("neutral", "  - {kind: creature, creature: womp rat, count: 3}\n"), "  max: {creatures: 2}\n"),
			"limits.max.creatures", ""},
	})
}

// Chapter Ten: "up to three specialized weapons". Every soldier's counts: a squad of four
// with repeating blasters carries four.
func TestLimitsSpecializedWeaponsRule(t *testing.T) {
	lim := "  max: {specialized_weapons: 3}\n"
	three := hothTen + "    weapons: [blaster rifle]\n    specialists:\n      - weapons: [repeating blaster]\n      - weapons: [flamethrower]\n"
	checkLimitsRule(t, "limits.specialized-weapons", []ruleCase{
		{"three (two specialists' and a remote weapon), not four soldiers' repeating blasters",
			withLimits(army("rebel", three, "  - {kind: remote weapon, weapon: heavy repeating blaster}\n"), lim),
			withLimits(army("rebel", "  - kind: squad\n    troop: Hoth Trooper\n    size: 4\n    weapons: [repeating blaster]\n"), lim),
			"limits.max.specialized_weapons", ""},
	})
}

// Chapter Ten: "30 grenades". Ten soldiers with two grenades each carry twenty.
func TestLimitsGrenadesRule(t *testing.T) {
	lim := "  max: {grenades: 30}\n"
	checkLimitsRule(t, "limits.grenades", []ruleCase{
		{"20 + a specialist's 4 + 6 smoke grenades = 30, not 40",
			withLimits(army("rebel", hothTen+"    weapons: [{name: grenade, count: 2}]\n    equipment: []\n    specialists:\n      - weapons: [{name: grenade, count: 4}]\n",
				"  - kind: squad\n    troop: Hoth Trooper\n    size: 3\n    equipment: [{name: smoke grenade, count: 2}]\n"), lim),
			withLimits(army("rebel", hothTen+"    weapons: [{name: grenade, count: 4}]\n"), lim),
			"limits.max.grenades", ""},
	})
}

// The limits themselves must make sense: an unknown ban bans nothing and says so.
func TestLimitsInvalidRule(t *testing.T) {
	checkLimitsRule(t, "limits.invalid", []ruleCase{
		{"thermal detonator, not \"thermal detonater\"",
			withLimits(army("rebel", hothTen), "  banned: [thermal detonator]\n"),
			withLimits(army("rebel", hothTen), "  banned: [thermal detonater]\n"),
			"limits.banned[0]", "Thermal Detonator"},
		{"sides rebel, not jedi",
			withLimits(army("rebel", hothTen), "  sides: [rebel]\n"),
			withLimits(army("rebel", hothTen), "  sides: [jedi]\n"),
			"limits.sides[0]", ""},
	})
}

// A limits file is a limits block on its own; mistakes name the line and column, and it is
// guarded like an army file.
func TestReadLimits(t *testing.T) {
	l, err := ReadLimits([]byte("total: 1500\nsgp: {heroes: 600}\nqualities: [Veteran, elite]\nmax: {specialized_weapons: 3, grenades: 30}\nbanned: [thermal detonator, vehicles]\nsides: [Rebel]\nrules: {troop.training: Warning}\n"))
	if err != nil {
		t.Fatal(err)
	}
	if l.Total != 1500 || *l.SGP.Heroes != 600 || l.Qualities[0] != rules.Veteran || *l.Max.SpecializedWeapons != 3 ||
		*l.Max.Grenades != 30 || l.Sides[0] != rules.Rebel || l.Rules["troop.training"] != Warning || l.SGP.Droids != nil {
		t.Errorf("limits read as %+v", l)
	}
	for _, tc := range []struct {
		src, want string
	}{
		{"total: 1500\nheros: 600\n", "line 2, column 1"},
		{"total: &t 1500\n", "anchor"},
		{"", "empty"},
	} {
		_, err := ReadLimits([]byte(tc.src))
		var pe *ParseError
		if !errors.As(err, &pe) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadLimits(%q) = %v, want a ParseError with %q", tc.src, err, tc.want)
		}
	}
}

// Limits' numbers are bounded like the army's.
func TestLimitsValueRange(t *testing.T) {
	l, err := ReadLimits([]byte("total: -5\nmax: {grenades: 30}\n"))
	if err != nil {
		t.Fatal(err)
	}
	ps := LimitsBounds(l, "limits")
	if len(ps) != 1 || ps[0].Field != "limits.total" || ps[0].Rule != "value.range" {
		t.Errorf("problems = %v", ps)
	}
}

// A gamemaster's caps read as English: one hero, two squads.
func TestLimitsSummaryCountsInTheSingularForOne(t *testing.T) {
	one, two := 1, 2
	l := &Limits{}
	l.Max.Heroes, l.Max.Squads = &one, &two
	if got, want := l.Summary(), "at most 1 hero; at most 2 squads"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
}
