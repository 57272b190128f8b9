package costing

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// The costs in these tests are the book's printed figures (Chapter Fifteen's forces, the
// Creature and Droid Charts) where the rules agree with them; see testdata/book/expected.yaml
// for the working.

// bookUnit returns a unit of a book force by name.
func bookUnit(t *testing.T, file, name string) roster.Unit {
	t.Helper()
	a, _ := costFile(t, file)
	for _, u := range a.Units {
		if u.Name == name {
			return u
		}
	}
	t.Fatalf("%s has no unit %q", file, name)
	return roster.Unit{}
}

func force(side rules.Side, units ...roster.Unit) *roster.Army {
	return &roster.Army{Format: 1, Name: "Test", Side: side, Units: units}
}

func readLimitsFile(t *testing.T, name string) *roster.Limits {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "chapter-ten", name))
	if err != nil {
		t.Fatal(err)
	}
	l, err := roster.ReadLimits(b)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return l
}

// limitProblems are the problems of the limits rules.
func limitProblems(r *Result) []roster.Problem {
	var out []roster.Problem
	for _, p := range r.Problems {
		if strings.HasPrefix(p.Rule, "limits.") {
			out = append(out, p)
		}
	}
	return out
}

// Chapter Ten, "Force Mixes": the gamemaster's two briefings, as limits files, with an army
// that obeys each and one that breaks each clause.
func TestChapterTenForceMixes(t *testing.T) {
	c := rules.Default()
	imperial := readLimitsFile(t, "imperial-limits.yaml")
	rebel := readLimitsFile(t, "rebel-limits.yaml")

	// Imperial forces of "The Crystal Forest of Goratak" and "Defending the Bridge".
	cfi := "crystal-forest-imperial.yaml"
	able := bookUnit(t, cfi, "Able Company")                                                // veteran snowtroopers, 312
	baker := bookUnit(t, cfi, "Baker Company")                                              // veteran snowtroopers, 590
	feskitt := bookUnit(t, cfi, "Feskitt Bobb")                                             // hero, 258
	bridgeAble := bookUnit(t, "defending-the-bridge-imperial.yaml", "Able Company")         // 574
	deathFromAbove := bookUnit(t, "defending-the-bridge-imperial.yaml", "Death from Above") // elite spacetroopers
	sc4x := bookUnit(t, "sc-4x.yaml", "SC-4X")                                              // droid, 75
	// Rebel forces.
	cfr, dtb := "crystal-forest-rebel.yaml", "defending-the-bridge-rebel.yaml"
	redSmoke := bookUnit(t, cfr, "Red Smoke")                         // veteran Hoth Troopers, 583: a repeating blaster, 4 grenades
	hitak := bookUnit(t, dtb, "Hitak Harriers")                       // veteran Hoth Troopers, 588: a tripod repeating blaster, 4 grenades
	wuwuhuul := bookUnit(t, cfr, "Wuwuhuul")                          // hero, 228
	grindol := bookUnit(t, cfr, "Grindol Maal")                       // hero, 148
	kwymar := bookUnit(t, dtb, "Kwymar Six")                          // average Standard Rebel Troopers, 365
	victor := bookUnit(t, "intro-like-rats-in-a-trap.yaml", "Victor") // veteran Hoth Troopers, 399: a repeating blaster

	// Four elite Hoth Troopers each with a repeating blaster: 20 + 10 + 14 + 18 = 62 each,
	// 248: four specialized weapons.
	repeaters := roster.Unit{Kind: roster.KindSquad, Name: "Repeaters", Troop: "Hoth Trooper", Size: 4,
		Weapons: []roster.Item{{Name: "repeating blaster"}}}
	// Ten veteran Hoth Troopers with a blaster rifle and four grenades each: 10 + 10 + 14 +
	// 15 + 20 = 69 each, 690: forty grenades.
	grenadiers := roster.Unit{Kind: roster.KindSquad, Name: "Grenadiers", Troop: "Hoth Trooper", Quality: rules.Veteran, Size: 10,
		Weapons: []roster.Item{{Name: "blaster rifle"}, {Name: "grenade", Count: 4}}}
	bomber := wuwuhuul
	bomber.Weapons = append([]roster.Item{{Name: "thermal detonator"}}, wuwuhuul.Weapons...)

	tests := []struct {
		name   string
		army   *roster.Army
		limits *roster.Limits
		total  int    // by the book's printed figures; 0: not checked
		rule   string // the one limits rule broken; "" for none
		field  string
	}{
		{"Imperial: 312 + 590 + hero 258 = 1160, veterans, any weaponry", force(rules.Imperial, able, baker, feskitt), imperial, 1160, "", ""},
		{"Imperial: 1500 points (1160 + 574 = 1734)", force(rules.Imperial, able, baker, feskitt, bridgeAble), imperial, 1734, "limits.total", "limits.total"},
		{"Imperial: up to 300 on heroes (258 + 148 = 406)", force(rules.Imperial, able, feskitt, grindol), imperial, 718, "limits.heroes", "limits.sgp.heroes"},
		{"Imperial: average or veteran, not elite", force(rules.Imperial, able, deathFromAbove), imperial, 0, "limits.quality", "units[1].quality"},
		{"Imperial: the rest on squads, not a droid", force(rules.Imperial, able, baker, sc4x), imperial, 977, "limits.banned", "units[2].kind"},
		{"Imperial limits for an Imperial army", force(rules.Rebel, redSmoke), imperial, 0, "limits.side", "side"},

		{"Rebel: 583 + 588 + hero 228 = 1399, veterans, 2 specialized weapons, 8 grenades", force(rules.Rebel, redSmoke, hitak, wuwuhuul), rebel, 1399, "", ""},
		{"Rebel: 1500 points (1399 + 399 = 1798)", force(rules.Rebel, redSmoke, hitak, wuwuhuul, victor), rebel, 1798, "limits.total", "limits.total"},
		{"Rebel: up to 600 on heroes (228 + 258 + 148 = 634)", force(rules.Rebel, redSmoke, wuwuhuul, feskitt, grindol), rebel, 1217, "limits.heroes", "limits.sgp.heroes"},
		{"Rebel: veteran or elite, not average", force(rules.Rebel, redSmoke, kwymar, wuwuhuul), rebel, 1176, "limits.quality", "units[1].quality"},
		{"Rebel: up to three specialized weapons, not four", force(rules.Rebel, repeaters, wuwuhuul), rebel, 476, "limits.specialized-weapons", "limits.max.specialized_weapons"},
		{"Rebel: 30 grenades, not 40", force(rules.Rebel, grenadiers, wuwuhuul), rebel, 918, "limits.grenades", "limits.max.grenades"},
		{"Rebel: no thermal detonators", force(rules.Rebel, redSmoke, hitak, bomber), rebel, 1409, "limits.banned", "units[2].weapons[0]"},
		{"Rebel limits for a Rebel army", force(rules.Imperial, redSmoke), rebel, 583, "limits.side", "side"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Evaluate(c, tc.army, tc.limits)
			if tc.total != 0 && r.Total != tc.total {
				t.Errorf("total = %d, want %d", r.Total, tc.total)
			}
			ps := limitProblems(r)
			if tc.rule == "" {
				if len(ps) != 0 {
					t.Errorf("the army obeys the limits, but: %v", ps)
				}
				return
			}
			if len(ps) != 1 || ps[0].Rule != tc.rule || ps[0].Field != tc.field || ps[0].Severity != roster.Error {
				t.Fatalf("want one %s problem at %s, got %v", tc.rule, tc.field, ps)
			}
			t.Logf("%s", ps[0])
		})
	}

	// "no vehicles": format 1 has none to field, but the ban is understood, not refused.
	for _, p := range roster.CheckLimits(c, force(rules.Rebel), rebel, "limits") {
		t.Errorf("the Rebel limits themselves: %s", p)
	}
}

// Chapter Ten's SGP clauses, one category at a time, each at its book figure and one under.
func TestLimitsSGPCapRules(t *testing.T) {
	c := rules.Default()
	cap := func(n int) *int { return &n }
	rancor := roster.Unit{Kind: roster.KindCreature, Creature: "Rancor"}                   // 114
	battery := roster.Unit{Kind: roster.KindArtillery, Artillery: "Anti-Infantry Battery"} // 388
	strikes := roster.Unit{Kind: roster.KindStrike, Strike: "heavy", Count: 2}             // Imperial 40 each
	blue := bookUnit(t, "blue-rangers.yaml", "Blue Rangers")                               // 710
	tests := []struct {
		rule, field string
		army        *roster.Army
		at          roster.SGPCaps
		under       roster.SGPCaps
	}{
		{"limits.heroes", "limits.sgp.heroes", force(rules.Rebel, bookUnit(t, "wuwuhuul.yaml", "Wuwuhuul")),
			roster.SGPCaps{Heroes: cap(228)}, roster.SGPCaps{Heroes: cap(227)}},
		{"limits.squads", "limits.sgp.squads", force(rules.Rebel, blue), roster.SGPCaps{Squads: cap(710)}, roster.SGPCaps{Squads: cap(709)}},
		{"limits.droids", "limits.sgp.droids", force(rules.Imperial, bookUnit(t, "sc-4x.yaml", "SC-4X")),
			roster.SGPCaps{Droids: cap(75)}, roster.SGPCaps{Droids: cap(74)}},
		{"limits.creatures", "limits.sgp.creatures", force(rules.Neutral, rancor), roster.SGPCaps{Creatures: cap(114)}, roster.SGPCaps{Creatures: cap(113)}},
		{"limits.artillery", "limits.sgp.artillery", force(rules.Imperial, battery), roster.SGPCaps{Artillery: cap(388)}, roster.SGPCaps{Artillery: cap(387)}},
		{"limits.strikes", "limits.sgp.strikes", force(rules.Imperial, strikes), roster.SGPCaps{Strikes: cap(80)}, roster.SGPCaps{Strikes: cap(79)}},
	}
	for _, tc := range tests {
		t.Run(tc.rule, func(t *testing.T) {
			if ps := CheckLimits(c, tc.army, Army(c, tc.army), &roster.Limits{SGP: tc.at}); len(ps) != 0 {
				t.Errorf("at the cap: %v", ps)
			}
			ps := CheckLimits(c, tc.army, Army(c, tc.army), &roster.Limits{SGP: tc.under})
			if len(ps) != 1 || ps[0].Rule != tc.rule || ps[0].Field != tc.field || !strings.Contains(ps[0].Message, "1 over") {
				t.Errorf("one under the cap: %v", ps)
			}
		})
	}
}

// The army's own limit and the limits' total: the Blue Rangers cost 710 by the rules.
func TestLimitsTotalRule(t *testing.T) {
	c := rules.Default()
	a, _ := costFile(t, "blue-rangers.yaml")
	a.Limit = 710
	if ps := limitProblems(Evaluate(c, a, &roster.Limits{Total: 710})); len(ps) != 0 {
		t.Errorf("at 710: %v", ps)
	}
	a.Limit = 700
	ps := limitProblems(Evaluate(c, a, &roster.Limits{Total: 705}))
	if len(ps) != 2 || ps[0].Field != "limit" || ps[1].Field != "limits.total" || !strings.Contains(ps[0].Message, "710 SGPs, 10 over the 700") {
		t.Errorf("over: %v", ps)
	}
}

// Chapter Thirteen: "Only creatures with an Orneriness Code may be ridden": the tauntaun
// (1), not the rancor (–).
func TestMountOrnerinessRule(t *testing.T) {
	c := rules.Default()
	a, _ := costFile(t, "mounted-squad.yaml")
	if ps := withRule(Evaluate(c, a, nil).Problems, "mount.orneriness"); len(ps) != 0 {
		t.Errorf("tauntauns: %v", ps)
	}
	a.Units[0].Mounts.Creature = "rancor"
	ps := withRule(Evaluate(c, a, nil).Problems, "mount.orneriness")
	if len(ps) != 1 || ps[0].Field != "units[0].mounts.creature" {
		t.Errorf("rancors: %v", ps)
	}
}

// Chapter Fifteen, Remote Weapons: "blaster or blaster artillery skill levels up to a
// maximum of 4".
func TestRemoteSkillsRule(t *testing.T) {
	c := rules.Default()
	remote := func(level int) *roster.Army {
		return force(rules.Imperial, roster.Unit{Kind: roster.KindRemoteWeapon, Weapon: "heavy repeating blaster",
			Skills: roster.Skills{"blaster artillery": level}})
	}
	if ps := withRule(Evaluate(c, remote(4), nil).Problems, "remote.skills"); len(ps) != 0 {
		t.Errorf("4 levels: %v", ps)
	}
	if ps := withRule(Evaluate(c, remote(5), nil).Problems, "remote.skills"); len(ps) != 1 || ps[0].Field != "units[0].skills.blaster artillery" {
		t.Errorf("5 levels: %v", ps)
	}
}

func withRule(ps []roster.Problem, rule string) []roster.Problem {
	var out []roster.Problem
	for _, p := range ps {
		if p.Rule == rule {
			out = append(out, p)
		}
	}
	return out
}

// House rules: Charlie Company (Elite Bounty Hunters) trains command 6 and carries grenades,
// which its list does not allow. The army dials troop.training to a warning and waives
// troop.weapons; a gamemaster's limits can dial them back.
func TestEvaluateDialsHouseRules(t *testing.T) {
	c := rules.Default()
	a := force(rules.Imperial, bookUnit(t, "crystal-forest-imperial.yaml", "Charlie Company"))
	r := Evaluate(c, a, nil)
	if len(withRule(r.Problems, "troop.training")) != 1 || len(withRule(r.Problems, "troop.weapons")) != 1 || !roster.HasErrors(r.Problems) {
		t.Fatalf("by the book: %v", r.Problems)
	}
	a.Rules = roster.Dials{"troop.training": roster.Warning, "troop.weapons": roster.Waived}
	r = Evaluate(c, a, nil)
	if roster.HasErrors(r.Problems) {
		t.Errorf("dialled down, errors remain: %v", r.Problems)
	}
	if ps := withRule(r.Problems, "troop.training"); len(ps) != 1 || ps[0].Severity != roster.Warning {
		t.Errorf("troop.training = %v", ps)
	}
	if len(r.Waived) != 1 || r.Waived[0].Rule != "troop.weapons" || r.Waived[0].Severity != roster.Waived {
		t.Errorf("waived = %v", r.Waived)
	}
	// The gamemaster's word is last.
	r = Evaluate(c, a, &roster.Limits{Rules: roster.Dials{"troop.training": roster.Error}})
	if ps := withRule(r.Problems, "troop.training"); len(ps) != 1 || ps[0].Severity != roster.Error {
		t.Errorf("gamemaster's dial: %v", ps)
	}
	// Costs do not change with the checks: Charlie Company is 730, as printed.
	if r.Total != 730 {
		t.Errorf("total = %d, want 730", r.Total)
	}
}

// Evaluate costs exactly as Army does, and every problem it reports names a registered
// rule, on every printed force of the book.
func TestEvaluateCostsAsArmyAndNamesRegisteredRules(t *testing.T) {
	c := rules.Default()
	paths, _ := filepath.Glob("../rules/data/forces/*.yaml")
	for _, p := range paths {
		if filepath.Base(p) == "expected.yaml" {
			continue
		}
		a, r := costFile(t, filepath.Base(p))
		e := Evaluate(c, a, nil)
		if e.Total != r.Total {
			t.Errorf("%s: Evaluate total %d, Army %d", p, e.Total, r.Total)
		}
		for _, pr := range append(e.Problems, e.Waived...) {
			if _, ok := roster.LookupRule(pr.Rule); !ok {
				t.Errorf("%s: problem with unregistered rule %q: %s", p, pr.Rule, pr)
			}
		}
	}
	// A broken army too: unknown names, missing fields, bad dials.
	a := &roster.Army{Format: 1, Side: rules.Rebel, Rules: roster.Dials{"no.such": roster.Warning}, Units: []roster.Unit{
		{Kind: roster.KindSquad, Troop: "Hoth Troper"},
		{Kind: roster.KindHero, Weapons: []roster.Item{{Name: "medpac"}}, Force: &roster.Force{Skills: roster.Skills{"telekinesis": 1}}},
		{Kind: roster.KindDroid, Armor: "stormtrooper"},
		{Kind: roster.KindRemoteWeapon, Weapon: "blaster rifle", Skills: roster.Skills{"dodge": 2}},
	}}
	e := Evaluate(c, a, nil)
	if len(e.Problems) < 6 {
		t.Errorf("problems = %v", e.Problems)
	}
	for _, pr := range e.Problems {
		if _, ok := roster.LookupRule(pr.Rule); !ok {
			t.Errorf("problem with unregistered rule %q: %s", pr.Rule, pr)
		}
	}
	if e.Problems[0].Unit != -1 {
		t.Errorf("army-wide problems come first: %v", e.Problems[0])
	}
}
