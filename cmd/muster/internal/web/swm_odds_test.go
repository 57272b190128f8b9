package web

import (
	"net/http"
	"strings"
	"testing"
)

// The odds page's d20 section against the rulebook's worked examples, by hand:
//   - Leia's attack on Vader (Attacking): Attack +7 against Defense 23 hits on a natural 16
//     or better, 5 faces of 20 = 25%; the 20 is a critical, 5%; Damage 20 gives
//     20 x (5 + 1) / 20 = 6 expected. Vader's 140 Hit Points need 7 hits of 20, or fewer
//     with criticals: at least 4 attacks (three criticals and a hit), so the first three
//     never defeat him.
//   - The Snowtrooper's combined fire on Han Solo behind cover: +4, one ally +4, against
//     Defense 16 + 4 = 20 hits on a natural 12 or better: 9 faces, 45%.
func TestD20OddsPageAttackingWorkedExamples(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/odds?d20atk=7&d20def=23&d20dmg=20&d20hp=140")
	wantStatus(t, "odds", r, http.StatusOK)
	if got := idText(t, r.body, "d20-hit"); got != "25.00%" {
		t.Errorf("Leia on Vader hits %s, want 25.00%%", got)
	}
	if got := idText(t, r.body, "d20-crit"); got != "5.00%" {
		t.Errorf("critical %s", got)
	}
	if got := idText(t, r.body, "d20-damage"); got != "6.00" {
		t.Errorf("expected damage %s", got)
	}
	if !strings.Contains(idText(t, r.body, "d20-result"), "natural 16 or better") || !strings.Contains(idText(t, r.body, "d20-result"), "(1/4)") {
		t.Errorf("result: %s", idText(t, r.body, "d20-result"))
	}
	table := idText(t, r.body, "d20-to-defeat")
	if !strings.HasPrefix(table, "Attack Defeats it Down by then 4 ") {
		t.Errorf("the first attack that can defeat Vader is the 4th: %.200s", table)
	}

	r = ts.get("/odds?d20atk=4&d20def=16&d20combined=1&d20cover=on&d20dmg=10")
	if got := idText(t, r.body, "d20-hit"); got != "45.00%" {
		t.Errorf("the Snowtrooper's combined fire on Han behind cover hits %s, want 45.00%%", got)
	}

	bad := ts.get("/odds?d20atk=7&d20def=abc")
	wantStatus(t, "bad defense", bad, http.StatusOK)
	if !strings.Contains(bad.body, "Target&#39;s Defense: write a whole number from 0 to 80") {
		t.Errorf("a bad Defense is not named: %.3000s", bad.body)
	}
	noDmg := ts.get("/odds?d20atk=7&d20def=23&d20hp=140")
	if !strings.Contains(noDmg.body, "Damage: an attack that deals no damage never defeats a target") {
		t.Error("Hit Points without Damage is not explained")
	}
}
