package battle

import (
	"strings"
	"testing"
)

// TestKeptAnswersAndBookkeepingHoldInEveryPhase plays battles of every scenario audited
// (audit.go). The kept answers (a unit's centre and box, the distance between two units, a
// unit's look at another) are checked against a fresh look every time the engine uses
// them: they may be kept only while the unit's figures stay where they are, so a place that
// moves, removes or reassigns a figure without clearing them (a hero attaching, a squad
// fleeing off the table, a figure diving from a grenade, a droid blowing itself up) fails
// here. At the end of every phase the bookkeeping is checked: figures among their unit's
// members and on the table, leaders and attached heroes with their squads, every close
// assault with somebody fighting on each side (a hero who left a close assault to take
// command elsewhere left one with nobody in it). The armies between them attach heroes,
// ride, throw, blow droids up and fall back.
func TestKeptAnswersAndBookkeepingHoldInEveryPhase(t *testing.T) {
	armies := [][2]string{
		{"testdata/rebel-1500.yaml", "testdata/imperial-1500.yaml"},
		{"testdata/full-1500.yaml", "testdata/imperial-1500.yaml"},
		{"testdata/rats-rebels.yaml", "testdata/rats-imperials.yaml"},
		{"testdata/full-1500.yaml", "testdata/droids-imperial.yaml"},
	}
	battles := uint64(30)
	if testing.Short() {
		battles = 3
	}
	for _, sc := range []string{"open-field", "open-field-at-night", "crystal-forest-of-goratak", "defending-the-bridge", "like-rats-in-a-trap"} {
		for _, ar := range armies {
			bt := New(scenario(t, sc), force(t, ar[0]), force(t, ar[1]))
			a := &cacheAudit{}
			bt.audit = a
			for i := range battles {
				a.seed = BattleSeed(3, i)
				bt.Play(a.seed, nil)
			}
			if len(a.fails) > 0 {
				t.Errorf("%s, %s against %s: %d kept answers checked, these checks failed:\n%s",
					sc, ar[0], ar[1], a.checks, strings.Join(a.fails, "\n"))
			}
			if a.checks == 0 {
				t.Errorf("%s, %s: no kept answer was checked", sc, ar[0])
			}
		}
	}
}

// TestBlockersHoldEveryFigureInTheWay plays battles of 8 squads a side audited, where fire
// runs aslant past crowded lines: every line of sight fireAt asks (losAmong) is checked
// against every figure of the other units, so blockersFor may leave out only figures in no
// line's way.
func TestBlockersHoldEveryFigureInTheWay(t *testing.T) {
	bt := New(scenario(t, "open-field"), squadsArmy(t, "rebel", 8), squadsArmy(t, "imperial", 8))
	a := &cacheAudit{}
	bt.audit = a
	battles := uint64(10)
	if testing.Short() {
		battles = 2
	}
	for i := range battles {
		a.seed = BattleSeed(3, i)
		bt.Play(a.seed, nil)
	}
	if len(a.fails) > 0 {
		t.Errorf("%d kept answers checked, these checks failed:\n%s", a.checks, strings.Join(a.fails, "\n"))
	}
	if a.amongChecks == 0 {
		t.Error("no line of sight was checked")
	}
}
