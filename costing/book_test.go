package costing

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"muster/roster"
	"muster/rules"
)

// The numbers in these tests come from the rulebook's worked examples and charts, or from a
// hand computation by costing-rules.md written out beside them; none was produced by running
// this code.

func costFile(t *testing.T, name string) (*roster.Army, *Result) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rules", "data", "forces", name))
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return a, Army(rules.Default(), a)
}

func lineSGP(t *testing.T, b Breakdown, label string) int {
	t.Helper()
	for _, l := range b.Lines {
		if l.Label == label {
			return l.SGP
		}
	}
	t.Fatalf("%s: no line %q in %+v", b.Name, label, b.Lines)
	return 0
}

func noErrors(t *testing.T, r *Result) {
	t.Helper()
	for _, p := range r.Problems {
		if p.Severity == roster.Error {
			t.Errorf("unexpected problem: %s", p)
		}
	}
}

// Chapter Eight, Diagrams 15-19: the Blue Rangers. The book totals 720 with the vibroblade
// at 4; the Weapon Chart prices it at 3, so by the rules each soldier is 69 and the squad 710.
func TestBlueRangersChapterEight(t *testing.T) {
	_, r := costFile(t, "blue-rangers.yaml")
	noErrors(t, r)
	b := r.Units[0]
	// 20 elite + 10 Move + 14 attributes + blaster 2 + melee combat 2 + command 1 + brawling 2
	if got := lineSGP(t, b, "Skills point cost"); got != 51 {
		t.Errorf("skills point cost = %d, want 51 (Diagram 15)", got)
	}
	if got := lineSGP(t, b, "Blaster 5 (+2)"); got != 2 {
		t.Errorf("blaster training = %d, want 2", got)
	}
	// 51 + blaster rifle 15 + vibroblade 3 (the book: 4, giving 70)
	if got := lineSGP(t, b, "Point cost per soldier"); got != 69 {
		t.Errorf("point cost per soldier = %d, want 69 (book prints 70 with the vibroblade at 4)", got)
	}
	if got := lineSGP(t, b, "x 10"); got != 690 {
		t.Errorf("base squad cost = %d, want 690 (book 700)", got)
	}
	if got := lineSGP(t, b, "Commander: Command 4 (+1)"); got != 1 {
		t.Errorf("commander = %d, want 1", got)
	}
	if got := lineSGP(t, b, "Specialist: Blaster 6 (+1)"); got != 1 {
		t.Errorf("specialist training = %d, want 1", got)
	}
	if got := lineSGP(t, b, "Specialist: Repeating Blaster"); got != 18 {
		t.Errorf("specialist's repeating blaster = %d, want 18 (Diagram 18)", got)
	}
	// 690 + 1 + 1 + 18; the book's 720 = 700 + 1 + 1 + 18.
	const printed, byRules = 720, 710
	if b.Cost != byRules {
		t.Errorf("Blue Rangers cost = %d, want %d by the rules (printed %d: vibroblade at 4)", b.Cost, byRules, printed)
	}
	// The breakdown carries the book's figure and why it differs.
	if b.Printed != printed || !strings.Contains(b.Erratum, "vibroblade at 4") {
		t.Errorf("printed/erratum = %d %q, want %d and the vibroblade", b.Printed, b.Erratum, printed)
	}
	// Diagram 16: walk 8", run 13" (Move 10, DEX 3).
	if b.Walk != 8 || b.Run != 13 {
		t.Errorf("walk/run = %v/%v, want 8/13", b.Walk, b.Run)
	}
}

// Diagram 26: the Blue Rangers mounted on ten tauntauns. Other costs are ten tauntauns at
// the chart's 30 each plus ten mounts at 5 + 6 (Orneriness 1) = 410; the book prints the
// tauntauns as 260 and the squad as 1091. By the rules: 710 + 300 + 110 = 1120.
func TestMountedSquadDiagram26(t *testing.T) {
	_, r := costFile(t, "mounted-squad.yaml")
	noErrors(t, r)
	b := r.Units[0]
	if got := lineSGP(t, b, "Other costs: 10 Tauntaun (30 each)"); got != 300 {
		t.Errorf("tauntauns = %d, want 300 (book prints 260)", got)
	}
	if got := lineSGP(t, b, "Other costs: mount cost 10 x 11"); got != 110 {
		t.Errorf("mount cost = %d, want 110 (Diagram 26)", got)
	}
	const printed, byRules = 1091, 1120
	if b.Cost != byRules {
		t.Errorf("mounted squad = %d, want %d by the rules (printed %d)", b.Cost, byRules, printed)
	}
}

// Diagram 23: Wuwuhuul. Skills total 2 x (Move 10 + attributes 14 + blaster +1 + melee
// parry +1) = 52; + blaster pistol 7 + lightsaber 25 = 84. Force: 25 + 3 x (2 x 4) + 7
// powers x 5 + 3 rolls x 10 = 114. Hero cost 30 + 84 + 114 = 228, as printed.
func TestWuwuhuulDiagram23(t *testing.T) {
	_, r := costFile(t, "wuwuhuul.yaml")
	noErrors(t, r)
	b := r.Units[0]
	for label, want := range map[string]int{
		"x 2 = Skills total":   52,
		"Skills/weapons/armor": 84,
		"Force use":            25,
		"Control 2 x 4":        8,
		"Force total":          114,
		"Base cost":            30,
	} {
		if got := lineSGP(t, b, label); got != want {
			t.Errorf("%s = %d, want %d", label, got, want)
		}
	}
	if b.Cost != 228 {
		t.Errorf("Wuwuhuul = %d, want 228 (Diagram 23)", b.Cost)
	}
	// Diagram 23: walk 7, run 12 (Move 10, DEX 2).
	if b.Walk != 7 || b.Run != 12 {
		t.Errorf("walk/run = %v/%v, want 7/12", b.Walk, b.Run)
	}
}

// Diagram 27: SC-4X, a security droid with a turret-mounted blaster rifle. Skills point
// cost 10 + 11 + blaster 1 + search 3 = 25; + rifle 15 + mount 10 + turret 15 + base 10 = 75.
func TestSC4XDiagram27(t *testing.T) {
	_, r := costFile(t, "sc-4x.yaml")
	noErrors(t, r)
	b := r.Units[0]
	if got := lineSGP(t, b, "Skills point cost"); got != 25 {
		t.Errorf("skills point cost = %d, want 25", got)
	}
	if got := lineSGP(t, b, "Number of weapons 1 x 10"); got != 10 {
		t.Errorf("weapon mounts = %d, want 10", got)
	}
	if got := lineSGP(t, b, "Turret"); got != 15 {
		t.Errorf("turret = %d, want 15", got)
	}
	if b.Cost != 75 {
		t.Errorf("SC-4X = %d, want 75 (Diagram 27)", b.Cost)
	}
	if b.Walk != 8 {
		t.Errorf("movement rate = %v, want 8 (Diagram 27)", b.Walk)
	}
}

// The Creature Chart (Chapter Thirteen): (DEX + STR + PER + Move + attacks) x attack forms.
func TestCreatureChart(t *testing.T) {
	tests := []struct {
		name             string
		printed, byRules int
		rate             float64
		working          string
	}{
		{"Bantha", 24, 24, 7, "(2+8+2+5+7) x 1"},
		{"War Bantha", 70, 64, 7, "(2+8+2+5+7+8) x 2; the chart prints 70"},
		{"Cracian Thumper", 60, 60, 15, "(3+3+4+12+3+5) x 2"},
		{"Dewback", 48, 48, 38, "(3+4+2+35+4) x 1, daytime Move"},
		{"Krayt Dragon", 110, 110, 18, "(3+12+2+15+8+15) x 2"},
		{"Rancor", 114, 114, 24, "(4+10+1+20+10+12) x 2, armored STR 10 (Diagram 25)"},
		{"Tauntaun", 30, 30, 18, "(2+4+3+16+5) x 1"},
		{"Vervikk", 18, 18, 9, "(3+3+2+6+4) x 1"},
		{"Wampa", 78, 78, 16, "(3+7+4+13+7+5) x 2"},
		{"Womp Rat", 32, 32, 7, "(2+2+1+5+3+3) x 2"},
		{"Yavinian Runyip", 23, 23, 12, "(4+4+3+8+4) x 1"},
	}
	_, r := costFile(t, "creatures.yaml")
	noErrors(t, r)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var b *Breakdown
			for i := range r.Units {
				if r.Units[i].Name == tc.name {
					b = &r.Units[i]
				}
			}
			if b == nil {
				t.Fatalf("no unit %q", tc.name)
			}
			if b.Cost != tc.byRules {
				t.Errorf("cost = %d, want %d: %s", b.Cost, tc.byRules, tc.working)
			}
			if tc.printed != tc.byRules && b.Printed != tc.printed {
				t.Errorf("printed = %d, want the chart's %d carried as an erratum", b.Printed, tc.printed)
			}
			if tc.printed == tc.byRules && b.Erratum != "" {
				t.Errorf("unexpected erratum %q", b.Erratum)
			}
			// The chart's Movement Rate is Move + DEX.
			if b.Run != tc.rate {
				t.Errorf("movement rate = %v, want %v", b.Run, tc.rate)
			}
		})
	}
}

// The Droid Chart: 10 + Move + attributes + skill levels above the attribute, weapons
// excluded. Movement Rate = Move/2 + DEX.
func TestDroidChart(t *testing.T) {
	tests := []struct {
		name             string
		printed, byRules int
		rate             float64
		working          string
	}{
		{"Assassin Droid", 36, 38, 9, "10 + 10 + (4+1+1+2+5+1) + blaster 5-4 + search 5-2"},
		{"Security Droid", 35, 35, 8, "10 + 10 + (3+1+1+2+3+1) + blaster 4-3 + search 5-2"},
		{"Probe Droid", 46, 36, 8, "10 + 10 + (3+2+1+3+4+1) + blaster 4-3 + search 4-3; chart also prints rate 9"},
		{"War Droid", 36, 36, 7, "10 + 8 + (3+1+1+2+6+1) + blaster 5-3 + blaster artillery 5-3"},
	}
	_, r := costFile(t, "droids.yaml")
	noErrors(t, r)
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := r.Units[i]
			if b.Cost != tc.byRules {
				t.Errorf("cost = %d, want %d: %s", b.Cost, tc.byRules, tc.working)
			}
			if tc.printed != tc.byRules && b.Printed != tc.printed {
				t.Errorf("printed = %d, want the chart's %d carried as an erratum", b.Printed, tc.printed)
			}
			if b.Walk != tc.rate {
				t.Errorf("movement rate = %v, want %v", b.Walk, tc.rate)
			}
		})
	}
}
