package army

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"muster/rules/qrs"
	"muster/rules/system"
)

func evaluate(t *testing.T, src string) *system.Report {
	t.Helper()
	rep, err := System{}.Evaluate([]byte(src))
	if err != nil {
		t.Fatalf("Evaluate: %v", err)
	}
	return rep
}

func findProblem(rep *system.Report, sev, fragment string) *system.Problem {
	for i, p := range rep.Problems {
		if p.Severity == sev && strings.Contains(p.Message, fragment) {
			return &rep.Problems[i]
		}
	}
	return nil
}

// "You calculate the total Firepower points ... and compare that total with the total
// Firepower/Defence points of your figures": each group's two totals, from the starter
// profiles (Stormtrooper 2/2, heavy weapon trooper 4/2, AT-ST 10 at medium range, defence 12,
// officer 1/1, leader 2/2).
func TestGroupTotalsTheGameCompares(t *testing.T) {
	data, err := os.ReadFile("testdata/patrol.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rep := evaluate(t, string(data))
	want := []struct {
		name              string
		count, firepower  int
		defence, lastLine int
	}{
		{"Scout Squad", 5, 4*2 + 4, 5 * 2, 0},
		{"Walker", 1, 10, 12, 0},
		{"Command", 2, 1 + 2, 1 + 2, 0},
	}
	if len(rep.Units) != len(want) {
		t.Fatalf("units: %+v", rep.Units)
	}
	for i, w := range want {
		u := rep.Units[i]
		last := u.Lines[len(u.Lines)-1]
		if u.Name != w.name || u.Count != w.count || u.Cost != w.firepower || last.Label != "Defence total" || last.Points != w.defence {
			t.Errorf("unit %d: %+v, want %+v", i, u, w)
		}
	}
	if rep.Total != 12+10+3 || rep.System != "qrs" || rep.Faction != "imperial" || rep.HasErrors() {
		t.Errorf("report: total %d, %+v", rep.Total, rep.Problems)
	}
	if p := findProblem(rep, system.Info, "Unit 1, Scout Squad: the Stormtrooper's firepower, defence, melee, initiative are Muster's assumptions"); p == nil || p.Unit != 0 {
		t.Errorf("no note that the Stormtrooper's numbers are assumed: %+v", rep.Problems)
	}
	if l := rep.Units[2].Lines[1].Label; l != "Sergeant Kell (Stormtrooper Leader)" {
		t.Errorf("named figure line: %q", l)
	}
}

// Players override or add profiles in the army file; their numbers are theirs, not assumed.
func TestProfilesBlockOverridesAndAdds(t *testing.T) {
	data, _ := os.ReadFile("testdata/rescue.yaml")
	f, err := Read(data)
	if err != nil {
		t.Fatal(err)
	}
	a := Resolve(f)
	if len(a.Groups) != 2 || a.Groups[0].Defence() != 3+3*3 || a.Groups[0].Firepower(qrs.Medium) != 3+3*2 {
		t.Errorf("Red Team totals: %+v", a.Groups[0])
	}
	if p, ok := a.Catalog.Lookup("wookiee warrior"); !ok || p.Weapon != "heavy blaster" || p.Assumed("melee") {
		t.Errorf("added profile: %+v", p)
	}
	rep := Evaluate(a)
	if findProblem(rep, system.Info, "replaces Muster's starter profile") == nil {
		t.Errorf("override not noted: %+v", rep.Problems)
	}
	if findProblem(rep, system.Info, "Rebel Trooper's") != nil {
		t.Errorf("the player's own Rebel Trooper reported as Muster's assumption: %+v", rep.Problems)
	}
	if findProblem(rep, system.Info, "Jedi Knight's firepower") == nil {
		t.Errorf("starter Jedi Knight not noted as assumed: %+v", rep.Problems)
	}
}

// Problems name the unit the player wrote and say how to fix it.
func TestProblemsNameTheUnitAndTheFix(t *testing.T) {
	rep := evaluate(t, `format: 1
system: qrs
name: Typos
side: imperial
groups:
  - name: Guards
    figures: [{profile: Stormtrooper, count: 2}]
  - name: Stormtroopers
    figures:
      - {profile: stromtrooper, count: 4}
      - {profile: officer, count: 0}
  - name: Empty
    figures: []
profiles:
  - name: Dark Trooper
    firepower: 4
    defence: 4
    weapon: disintegrator
`)
	p := findProblem(rep, system.Error, `Unit 2, Stormtroopers: there is no profile "stromtrooper".`)
	if p == nil || p.Unit != 1 || p.Field != "groups[1].figures[0].profile" || !strings.Contains(p.Hint, "Stormtrooper") {
		t.Fatalf("unknown profile: %+v", rep.Problems)
	}
	if findProblem(rep, system.Error, "Unit 3, Empty: the group has no figures") == nil {
		t.Errorf("empty group: %+v", rep.Problems)
	}
	if p := findProblem(rep, system.Error, `Profile 1, Dark Trooper: weapon "disintegrator"`); p == nil || !strings.Contains(p.Hint, "heavy laser") {
		t.Errorf("weapon: %+v", rep.Problems)
	}
	// count 0 is one figure; the good figures are still counted.
	if rep.Units[1].Count != 1 || rep.Units[0].Cost != 4 || !rep.HasErrors() {
		t.Errorf("units: %+v", rep.Units)
	}
}

// Files that cannot be read say where, in the player's words.
func TestUnreadableFilesGiveLineAndColumn(t *testing.T) {
	cases := []struct{ src, want string }{
		{"format: 1\nsystem: qrs\nname: x\ngroups:\n  - name: a\n    figurs: []\n", "line 6, column 5"},
		{"format: 2\nsystem: qrs\n", "format: 2 is not a format"},
		{"system: qrs\nname: x\n", "format: missing"},
		{"format: 1\nsystem: qrs\nname: &a x\ngroups: []\n", "anchors"},
		{"format: 1\nsystem: qrs\ngroups: [{name: a, figures: [{profile: x, count: lots}]}]\n", "count: write a whole number here, not text"},
		// A count out of range is refused, as the other systems' are (issue 30).
		{"format: 1\nsystem: qrs\ngroups: [{name: a, figures: [{profile: Stormtrooper, count: 500}]}]\n", "groups[0].figures[0].count: 500; write how many figures, from 1 to 100"},
		{"format: 1\nsystem: qrs\ngroups: [{name: a, figures: [{profile: Stormtrooper}, {profile: officer, count: -3}]}]\n", "groups[0].figures[1].count: -3; write how many figures, from 1 to 100"},
		{"", "empty"},
		{"format: 1\nsystem: qrs\nname: " + strings.Repeat("[", 100) + "\n", "line 3"},
	}
	for _, c := range cases {
		_, err := System{}.Evaluate([]byte(c.src))
		var re *qrs.ReadError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

// A value of the wrong kind names its key and the kind it needs, in a YAML file or a JSON
// body alike, and a number with a fraction where the file counts figures is refused: the
// YAML library would read "count: 1.5" as 1, one figure where the player wrote one and a
// half. A number with a fraction is still text where text belongs (a group named 2.5).
func TestAWrongKindOrAFractionIsNamedWhereItStands(t *testing.T) {
	cases := []struct{ src, want string }{
		{"format: 1\nsystem: qrs\nname: x\ngroups: 5\n", "line 4, column 9: groups: write a list here, not a whole number"},
		{"format: 1\nsystem: qrs\nname: x\ngroups:\n  - name: a\n    figures:\n      - {profile: Rebel Trooper, count: 1.5}\n", "line 7, column 41: count: write a whole number here, not 1.5"},
		{"format: 1\nsystem: qrs\nname: x\ngroups: [{name: a, figures: [{profile: Rebel Trooper}]}]\nprofiles:\n  - {name: Rebel Trooper, firepower: 2.5, defence: 2}\n", "line 6, column 38: firepower: write a whole number here, not 2.5"},
		{`{"format":1,"system":"qrs","name":"J","groups":[{"name":"A","figures":[{"profile":"Jedi Knight","armour":"yes"}]}]}`, "line 1, column 106: armour: write true or false here, not text"},
		{`{"format":1,"system":"qrs","name":"J","groups":[{"name":"A","figures":[{"profile":"Jedi Knight","count":2.25}]}]}`, "line 1, column 105: count: write a whole number here, not 2.25"},
	}
	for _, c := range cases {
		_, err := System{}.Evaluate([]byte(c.src))
		var re *qrs.ReadError
		if !errors.As(err, &re) || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %q", c.src, err, c.want)
		}
	}
	rep := evaluate(t, "format: 1\nsystem: qrs\nname: 1.5\ngroups: [{name: 2.5, figures: [{profile: Rebel Trooper, count: 3.0}]}]\n")
	if rep.Name != "1.5" || rep.Units[0].Name != "2.5" || rep.Units[0].Cost != 6 || rep.HasErrors() {
		t.Errorf("fractions as names, 3.0 figures: %+v", rep)
	}
}

// Hostile input is refused before it costs anything: size, groups, entries, figures, names.
func TestHostileFilesAreRefused(t *testing.T) {
	var many strings.Builder
	many.WriteString("format: 1\nsystem: qrs\nname: x\ngroups:\n")
	for i := 0; i <= MaxGroups; i++ {
		fmt.Fprintf(&many, "  - {name: g%d, figures: [{profile: Stormtrooper}]}\n", i)
	}
	var crowd strings.Builder
	crowd.WriteString("format: 1\nsystem: qrs\nname: x\ngroups:\n")
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&crowd, "  - {name: g%d, figures: [{profile: Stormtrooper, count: 100}]}\n", i)
	}
	cases := map[string]string{
		"too big":       "format: 1\nsystem: qrs\nname: \"" + strings.Repeat("x", qrs.MaxFileSize) + "\"\n",
		"many groups":   many.String(),
		"many figures":  crowd.String(),
		"alias bomb":    "format: 1\nsystem: qrs\na: &a [x, x]\nb: &b [*a, *a]\n",
		"merge":         "format: 1\nsystem: qrs\ngroups:\n  - <<: {name: x}\n",
		"deep brackets": "format: 1\nsystem: qrs\nname: " + strings.Repeat("{a: ", 60) + "\n",
	}
	for name, src := range cases {
		if _, err := (System{}).Evaluate([]byte(src)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	rep := evaluate(t, "format: 1\nsystem: qrs\nname: "+strings.Repeat("n", 101)+"\ngroups: [{name: a, figures: [{profile: officer}]}]\n")
	if findProblem(rep, system.Error, "101 characters") == nil || len(rep.Name) > 110 {
		t.Errorf("long name: %q %+v", rep.Name, rep.Problems)
	}
}

// JSON is YAML: the same army as JSON reads the same.
func TestJSONArmyReads(t *testing.T) {
	rep := evaluate(t, `{"format": 1, "system": "qrs", "name": "J", "faction": "Rogue cell",
		"groups": [{"name": "Bikes", "figures": [{"profile": "jet bike", "count": 2}]}]}`)
	if rep.Faction != "Rogue cell" || rep.Units[0].Cost != 4 || rep.HasErrors() {
		t.Errorf("%+v", rep)
	}
}
