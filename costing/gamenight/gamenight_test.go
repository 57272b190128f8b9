package gamenight

import (
	"os"
	"slices"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// Chapter Ten, Force Mixes: the preset is exactly the briefing's limits kept in
// costing/testdata/chapter-ten (Imperial 1500, up to 300 on heroes; Rebel 1500, up to 600).
func TestChapterTenPresetIsTheForceMixesBriefing(t *testing.T) {
	p, ok := PresetByKey("chapter-ten")
	if !ok {
		t.Fatal("no chapter-ten preset")
	}
	for side, heroes := range map[string]int{"imperial": 300, "rebel": 600} {
		want, err := os.ReadFile("../testdata/chapter-ten/" + side + "-limits.yaml")
		if err != nil {
			t.Fatal(err)
		}
		got, err := roster.ReadLimits([]byte(p.Sides[side]))
		if err != nil {
			t.Fatalf("%s: %v", side, err)
		}
		exp, _ := roster.ReadLimits(want)
		if got.Summary() != exp.Summary() {
			t.Errorf("%s: preset %q, briefing %q", side, got.Summary(), exp.Summary())
		}
		if got.Total != 1500 || got.SGP.Heroes == nil || *got.SGP.Heroes != heroes {
			t.Errorf("%s: total %d, heroes %v; the briefing says 1500 and %d", side, got.Total, got.SGP.Heroes, heroes)
		}
	}
}

// A gamemaster's limits are usable only when they parse, name what Muster knows, and are
// written for the side they are set on; each refusal says what to write.
func TestSideLimitsAreCheckedForTheirSide(t *testing.T) {
	cat := rules.Default()
	if l, sum, errs := CheckSideLimits(cat, "rebel", "total: 1500\nsgp: {heroes: 600}\n"); l == nil || len(errs) != 0 || !strings.Contains(sum, "total 1500") {
		t.Errorf("good limits: %v %q %v", l, sum, errs)
	}
	if _, sum, errs := CheckSideLimits(cat, "rebel", "  \n"); sum != "no limits" || errs != nil {
		t.Errorf("blank limits: %q %v", sum, errs)
	}
	for text, want := range map[string]string{
		"total: lots\n":                    "total: write a whole number",
		"total: 1500\nsides: [imperial]\n": "written for the rebel side",
		"total: -5\n":                      "total",
		"banned: [blaster rifel]\n":        "did you mean \"Blaster Rifle\"",
	} {
		_, _, errs := CheckSideLimits(cat, "rebel", text)
		if len(errs) == 0 || !strings.Contains(strings.Join(errs, "; "), want) {
			t.Errorf("%q: %v, want a message with %q", text, errs, want)
		}
	}
}

// A list is judged by the game's limits alone: its own limit, limits: block and house
// rules do not count, and it shows the side's total as its limit.
func TestJudgeUsesTheGamesLimitsNotTheLists(t *testing.T) {
	cat := rules.Default()
	army := &roster.Army{Format: 1, System: "swmb", Name: "Rogues", Side: rules.Rebel, Limit: 99999,
		Rules: roster.Dials{"limits.total": roster.Info}, Units: []roster.Unit{{Kind: roster.KindCreature, Creature: "Rancor", Count: 1}}}
	lim, _, errs := CheckSideLimits(cat, "rebel", "total: 10\n")
	if errs != nil {
		t.Fatal(errs)
	}
	shown, res := Judge(cat, army, lim)
	if shown.Limit != 10 || army.Limit != 99999 {
		t.Errorf("shown limit %d, army's own %d: the game's total is shown, the army is unchanged", shown.Limit, army.Limit)
	}
	found := false
	for _, p := range res.Problems {
		if p.Rule == "limits.total" && p.Severity == roster.Error {
			found = true
		}
	}
	if !found {
		t.Errorf("a list over the game's total is not an error (the list's own house rule must not waive it): %+v", res.Problems)
	}
}

// Every preset fields only sides a game may have, so a preset never fills a side the form
// does not show.
func TestEveryPresetFieldsOnlyTheGamesSides(t *testing.T) {
	for _, p := range Presets {
		for side := range p.Sides {
			if _, plays := p.Side(side); !plays || !slices.Contains(Sides, side) {
				t.Errorf("preset %s fields %q, not one of %v", p.Key, side, Sides)
			}
		}
	}
}
