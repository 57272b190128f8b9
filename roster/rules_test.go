package roster

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Rule ids are stable, dotted, lower-case and unique; every rule says where the book
// states it and what it checks.
func TestRuleIDsAreStableAndDocumented(t *testing.T) {
	id := regexp.MustCompile(`^[a-z]+(\.[a-z]+(-[a-z]+)*)+$`)
	seen := map[string]bool{}
	for _, r := range Rules {
		if !id.MatchString(r.ID) {
			t.Errorf("%q is not a dotted lower-case id", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("%s is listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.Source == "" || r.Checks == "" {
			t.Errorf("%s lacks its source or what it checks", r.ID)
		}
		switch r.Severity {
		case Error, Warning, Info:
		default:
			t.Errorf("%s: default severity %q", r.ID, r.Severity)
		}
	}
	// docs/checking.md's table lists every rule.
	readme, err := os.ReadFile("../docs/checking.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Rules {
		if !strings.Contains(string(readme), "`"+r.ID+"`") {
			t.Errorf("docs/checking.md does not document %s", r.ID)
		}
	}
}

// House rules: an army's rules: block dials a rule; a gamemaster's limits override the
// army's; waived problems are listed apart; fixed rules keep their severity.
func TestDialsSetSeverityPerRule(t *testing.T) {
	ps := []Problem{
		{Rule: "troop.training", Severity: Error, Unit: 0, Field: "units[0].skills.command"},
		{Rule: "troop.weapons", Severity: Error, Unit: 0, Field: "units[0].weapons[1]"},
		{Rule: "troop.quality", Severity: Info, Unit: 1, Field: "units[1].quality"},
		{Rule: "name.unknown", Severity: Error, Unit: 1, Field: "units[1].weapons[0]"},
	}
	army := Dials{"troop.training": Warning, "troop.weapons": Waived, "name.unknown": Waived}
	gm := Dials{"troop.training": Error, "troop.quality": Waived}
	kept, waived := ApplyDials(ps, army, gm)
	if len(kept) != 2 || kept[0].Rule != "troop.training" || kept[0].Severity != Error || kept[1].Rule != "name.unknown" || kept[1].Severity != Error {
		t.Errorf("kept = %v", kept)
	}
	if len(waived) != 2 || waived[0].Rule != "troop.weapons" || waived[0].Severity != Waived || waived[1].Rule != "troop.quality" {
		t.Errorf("waived = %v", waived)
	}
	kept, _ = ApplyDials(ps, army)
	if kept[0].Severity != Warning {
		t.Errorf("the army's own dial: %v", kept[0])
	}
	if ps[0].Severity != Error {
		t.Error("ApplyDials changed its input")
	}
}

// A rules: block that names no rule, a fixed rule or no severity is itself a problem.
func TestRulesDialRule(t *testing.T) {
	if ps := CheckDials(Dials{"troop.training": Warning, "troop.quality": Waived, "name.unknown": Error}, "rules"); len(ps) != 0 {
		t.Errorf("valid dials: %v", ps)
	}
	ps := CheckDials(Dials{"troop.trainig": Warning, "name.unknown": Waived, "troop.armor": "off"}, "rules")
	if len(ps) != 3 {
		t.Fatalf("problems = %v", ps)
	}
	want := map[string]string{
		"rules.name.unknown":  "cannot be dialled",
		"rules.troop.armor":   "error, warning, info or waived",
		"rules.troop.trainig": "troop.training",
	}
	for _, p := range ps {
		if p.Rule != "rules.dial" || p.Unit != -1 || !strings.Contains(p.Message+p.Hint, want[p.Field]) {
			t.Errorf("problem %+v, want it at one of %v", p, want)
		}
	}
}

// An army file's rules: block is read with it, severities in any case.
func TestArmyRulesBlockIsRead(t *testing.T) {
	a := readArmy(t, "format: 1\nside: imperial\nrules: {troop.training: Warning}\nunits: []\n")
	if a.Rules["troop.training"] != Warning {
		t.Errorf("rules read as %v", a.Rules)
	}
}
