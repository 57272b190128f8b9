package sheet

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"muster/costing"
	"muster/roster"
	"muster/rules"
)

func load(t *testing.T, path string) (*roster.Army, *costing.Result) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return a, costing.Evaluate(rules.Default(), a, nil)
}

func build(t *testing.T, path string) *Document {
	t.Helper()
	a, res := load(t, path)
	return Build(rules.Default(), rules.DefaultTables(), a, res)
}

// subtotal finds a costing subtotal line by its label (a prefix for "x 10" and the like).
func subtotal(t *testing.T, b costing.Breakdown, label string) int {
	t.Helper()
	for _, l := range b.Lines {
		if l.Subtotal && strings.HasPrefix(l.Label, label) {
			return l.SGP
		}
	}
	t.Fatalf("%s: no subtotal %q in %+v", b.Name, label, b.Lines)
	return 0
}

func sumRows(rows []SkillRow) int {
	n := 0
	for _, r := range rows {
		n += r.Cost.V
	}
	return n
}

// The boxes of every sheet add up, down the column, to the costs the costing prints: the
// sheet is filled from the same rules, box by box, for every force the book prints.
func TestSheetColumnsAddUpToTheCosting(t *testing.T) {
	files, _ := filepath.Glob("../../rules/data/forces/*.yaml")
	files = append(files, "../../costing/testdata/mixed-2000.yaml")
	sheets := 0
	for _, f := range files {
		if filepath.Base(f) == "expected.yaml" {
			continue
		}
		a, res := load(t, f)
		d := Build(rules.Default(), rules.DefaultTables(), a, res)
		for _, s := range d.Sheets {
			sheets++
			b := res.Units[s.Unit]
			name := filepath.Base(f) + ": " + b.Name
			check := func(what string, got, want int) {
				t.Helper()
				if got != want {
					t.Errorf("%s: %s is %d on the sheet, %d by the costing", name, what, got, want)
				}
			}
			switch {
			case s.Squad != nil:
				q := s.Squad
				check("Skills point cost", q.SkillsPointCost.V, subtotal(t, b, "Skills point cost"))
				check("Point cost per soldier", q.PerSoldier.V, subtotal(t, b, "Point cost per soldier"))
				check("Base squad cost", q.BaseCost.V, subtotal(t, b, "x "))
				total := q.BaseCost.V + sumRows(q.Commander.Skills)
				for _, sp := range q.Specialists {
					total += sumRows(sp.Skills) + sumWeapons(sp.Weapons)
				}
				for _, o := range q.Other {
					total += o.SGP
				}
				check("Squad cost", total, b.Cost)
				check("SQUAD COST box", q.Cost.V, b.Cost)
			case s.Hero != nil:
				h := s.Hero
				check("Skills", h.Skills.V, subtotal(t, b, "Attributes and skills"))
				check("Skills total", h.SkillsTotal.V, subtotal(t, b, "x 2 = Skills total"))
				check("Skills/weapons/armor", h.SWA.V, subtotal(t, b, "Skills/weapons/armor"))
				force := 0
				for _, l := range b.Lines {
					if l.Label == "Force total" {
						force = l.SGP
					}
				}
				check("Force total", h.Force.Total.V, force)
				check("Hero cost", h.Base.V+h.SWA.V+h.Force.Total.V, b.Cost)
			case s.Droid != nil:
				dr := s.Droid
				check("Skills point cost", dr.SkillsPointCost.V, subtotal(t, b, "Skills point cost"))
				total := dr.SkillsPointCost.V + sumWeapons(dr.Weapons) + dr.MountCost.V + dr.Turret.V +
					dr.Armor.V + dr.Repulsorlift.V + dr.Base.V
				for _, l := range dr.Special {
					total += l.SGP
				}
				for _, it := range dr.Equipment {
					total += it.Cost.V
				}
				check("Droid cost", total, b.Cost)
			case s.MountsOf != "":
				// A mounted squad's mounts: their Pack Cost is the squad's "Other costs"
				// line for the creatures.
				other := 0
				for _, l := range b.Lines {
					if strings.HasPrefix(l.Label, "Other costs: ") && !strings.Contains(l.Label, "mount cost") {
						other = l.SGP
					}
				}
				check("Mounts' Pack cost", s.Creature.Pack.V, other)
			case s.Creature != nil:
				c := s.Creature
				check("Total", c.Total.V, subtotal(t, b, "Total"))
				check("Creature cost", c.Each.V, subtotal(t, b, "x "))
				check("Pack cost", c.Pack.V, b.Cost)
			}
		}
	}
	if sheets < 30 {
		t.Fatalf("only %d sheets built from the book's forces", sheets)
	}
}

// Chapter Thirteen, Point Costs for Mounts: "When a squad is mounted, fill out a Creature
// Record Sheet for the number of creatures ridden, then add the cost of the creatures ...
// on the 'Other Costs' line of the Squad Record Sheet." Diagram 26's Blue Rangers ride ten
// tauntauns, 30 SGPs each on the Creature Chart (2 + 4 + 3 + 16 + horns 5 = 30, one attack
// form): the squad's sheet is followed by a Creature Record Sheet of ten tauntauns, Pack
// Cost 300, with a wound box pair for each; the roster and the compact roster still list
// one unit, costed once.
func TestAMountedSquadHasACreatureRecordSheetForItsMounts(t *testing.T) {
	d := build(t, "../../rules/data/forces/mounted-squad.yaml")
	if len(d.Sheets) != 2 || d.Sheets[0].Squad == nil || d.Sheets[1].Creature == nil {
		t.Fatalf("sheets: %+v, want the Squad Record Sheet then a Creature Record Sheet", d.Sheets)
	}
	m := d.Sheets[1]
	if m.MountsOf != "Blue Rangers (mounted)" || m.Unit != 0 || m.ID() != "unit-0-mounts" {
		t.Errorf("the mounts' sheet belongs to %q (unit %d, %s)", m.MountsOf, m.Unit, m.ID())
	}
	c := m.Creature
	for what, got := range map[string][2]int{
		"DEX": {c.DEX.V, 2}, "STR": {c.STR.V, 4}, "PER": {c.PER.V, 3}, "Move": {c.Move.V, 16},
		"Total": {c.Total.V, 30}, "Attack forms": {c.Forms.V, 1}, "Creature cost": {c.Each.V, 30},
		"Number of creatures": {c.Count.V, 10}, "Pack cost": {c.Pack.V, 300}, "wound boxes": {len(c.Figures), 10},
	} {
		if got[0] != got[1] {
			t.Errorf("%s: %d, want %d", what, got[0], got[1])
		}
	}
	if !strings.HasPrefix(c.Name, "Tauntaun") || c.Orneriness != "1" {
		t.Errorf("the mounts are %q, Orneriness %s; want tauntauns, 1", c.Name, c.Orneriness)
	}
	if len(d.Roster.Units) != 1 || d.Roster.Units[0].Cost != 1120 || !strings.Contains(d.Roster.Units[0].Sheet, "Creature Record Sheet") {
		t.Errorf("roster: %+v, want one unit of 1120 SGPs with both sheets named", d.Roster.Units)
	}
	if rows := Compact(d); len(rows) != 1 || rows[0].Cost != 1120 || rows[0].Figures != 10 {
		t.Errorf("compact roster: %+v, want the squad's one row", rows)
	}
}

// Chapter Five: "At the beginning of the game, blacken in the boxes to the left of the
// squad's starting morale level": elite squads start at 7, veterans at 6, averages at 5.
func TestMoraleTrackBlacksOutTheBoxesAboveTheStartingLevel(t *testing.T) {
	for _, tc := range []struct {
		q    rules.Quality
		out  []int
		open int
	}{
		{rules.Elite, []int{9, 8}, 7},
		{rules.Veteran, []int{9, 8, 7}, 6},
		{rules.Average, []int{9, 8, 7, 6}, 5},
	} {
		tr := moraleTrack(rules.DefaultTables(), tc.q)
		var out []int
		for _, b := range tr.Boxes {
			if b.Out {
				out = append(out, b.Level)
			}
		}
		if !slices.Equal(out, tc.out) || tr.Start != tc.open || len(tr.Boxes) != 10 {
			t.Errorf("%s: boxes blacked out %v, start %d; want %v, %d", tc.q, out, tr.Start, tc.out, tc.open)
		}
	}
	tr := moraleTrack(rules.DefaultTables(), rules.Elite)
	want := []MoraleBand{{"Steady", 6}, {"Shaken", 2}, {"Dem.", 1}, {"Broken", 1}}
	if !reflect.DeepEqual(tr.Bands, want) {
		t.Errorf("the track's status labels: got %v, want %v", tr.Bands, want)
	}
	letters := map[int]string{}
	for _, b := range tr.Boxes {
		if b.Quality != "" {
			letters[b.Level] = b.Quality
		}
	}
	if got, want := letters, (map[int]string{7: "E", 6: "V", 5: "A"}); !reflect.DeepEqual(got, want) {
		t.Errorf("E, V and A under the starting levels: got %v, want %v", got, want)
	}
}

// The Trng and Spec boxes hold the Troop List's "Skills" and "Specialists" levels (Chapter
// Eight, "Attributes and Skills").
func TestTrngAndSpecAreTheTroopListsTrainingLevels(t *testing.T) {
	c := rules.Default()
	caps := func(troop string) map[rules.Attr][2]string {
		tr, err := c.Troop(troop)
		if err != nil {
			t.Fatal(err)
		}
		out := map[rules.Attr][2]string{}
		for _, at := range rules.Attributes {
			out[at] = [2]string{troopCap(c, tr.Training, at).String(), troopCap(c, tr.Specialists, at).String()}
		}
		return out
	}
	for _, tc := range []struct {
		troop string
		want  map[rules.Attr][2]string
	}{
		// Skills: Level 3 — any. Specialists: Level 3 — any.
		{"Hoth Trooper", map[rules.Attr][2]string{rules.DEX: {"3", "3"}, rules.KNO: {"3", "3"}, rules.MEC: {"3", "3"},
			rules.PER: {"3", "3"}, rules.STR: {"3", "3"}, rules.TEC: {"3", "3"}}},
		// Skills: Level 2 — DEX, MEC, STR. Specialists: Level 3 — blaster artillery, repulsorlift operation.
		{"Stormtrooper", map[rules.Attr][2]string{rules.DEX: {"2", "3*"}, rules.KNO: {"–", "–"}, rules.MEC: {"2", "3*"},
			rules.PER: {"–", "–"}, rules.STR: {"2", "–"}, rules.TEC: {"–", "–"}}},
		// Skills: Level 2 — DEX, MEC, STR; Level 1 — any.
		{"Veteran Mercenary", map[rules.Attr][2]string{rules.DEX: {"2", "3"}, rules.KNO: {"1", "–"}, rules.MEC: {"2", "3"},
			rules.PER: {"1", "–"}, rules.STR: {"2", "–"}, rules.TEC: {"1", "–"}}},
		// Skills: Level 2 — STR, melee combat, sneak. Specialists: None.
		{"Ewok", map[rules.Attr][2]string{rules.DEX: {"2*", "–"}, rules.KNO: {"–", "–"}, rules.MEC: {"–", "–"},
			rules.PER: {"2*", "–"}, rules.STR: {"2", "–"}, rules.TEC: {"–", "–"}}},
	} {
		if got, want := caps(tc.troop), tc.want; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: Trng, Spec: got %v, want %v", tc.troop, got, want)
		}
	}
}

// A stormtrooper's DEX and STR are written with their armored values in parentheses, as
// the Troop List prints them ("DEX 2 (1)", "STR 2 (3)"); his DEX skills start at DEX (1).
func TestArmoredSoldiersShowTheirArmoredCodes(t *testing.T) {
	d := build(t, "../../rules/data/forces/intro-like-rats-in-a-trap.yaml")
	for _, s := range d.Sheets {
		if s.Squad == nil || s.Squad.TroopType != "Stormtrooper" {
			continue
		}
		dex, str := s.Squad.Attrs[0], s.Squad.Attrs[4]
		if dex.Code.V != 2 || dex.Adjusted != N(1) || str.Code.V != 2 || str.Adjusted != N(3) {
			t.Fatalf("DEX %v (%v), STR %v (%v); want 2 (1), 2 (3)", dex.Code, dex.Adjusted, str.Code, str.Adjusted)
		}
		if g := dex.Rows[2]; g.Label != "Grenade" || g.Code != N(1) {
			t.Fatalf("grenade row %+v; want code 1 (DEX (1))", g)
		}
		if a := s.Squad.Armor; a.Name != "Stormtrooper" || !a.Free || a.STR != "+1" || a.DEX != "-1" {
			t.Fatalf("armor line %+v", a)
		}
		return
	}
	t.Fatal("no stormtrooper squad in Like Rats in a Trap")
}

// A squad's skills beyond the sheet's go on the blank line under their attribute, and the
// commander's line carries the squad's command skill when he is not trained further.
func TestExtraSkillsGoOnTheBlankLines(t *testing.T) {
	a := &roster.Army{Format: 1, Name: "t", Side: rules.Rebel, Units: []roster.Unit{{
		Kind: roster.KindSquad, Name: "Bowmen", Troop: "Wookiee", Size: 6,
		Skills: roster.Skills{"bowcaster": 5, "blaster: repeating blaster": 4},
	}}}
	res := costing.Evaluate(rules.Default(), a, nil)
	d := Build(rules.Default(), rules.DefaultTables(), a, res)
	q := d.Sheets[0].Squad
	var labels []string
	for _, r := range q.Attrs[0].Rows {
		labels = append(labels, r.Label)
	}
	want := []string{"Blaster", "Blaster Artillery", "Grenade", "Melee Combat", "Blaster: Repeating Blaster", "Bowcaster", ""}
	if !reflect.DeepEqual(labels, want) {
		t.Errorf("DEX rows: got %q, want %q", labels, want)
	}
	if c := q.Commander.Skills; len(c) != 1 || c[0].Label != "Command" || c[0].Code != q.CommandSkill || c[0].Cost.OK {
		t.Errorf("commander line %+v; want the squad's command %v, no cost", c, q.CommandSkill)
	}
}

// The compact roster writes a creature's Attack Forms as the Creature Record Sheet does
// (Diagram 25: "claw (STR +3)" with Dam. 10): the bantha's horns are Damage Strength 7 by
// the Creature Chart ("horns (7)", STR 8), the rancor's claw 10 and bite 12 (STR 7).
func TestCompactRosterWritesACreaturesAttackFormsWithTheirDamageStrength(t *testing.T) {
	a := &roster.Army{Format: 1, Name: "t", Side: rules.Neutral, Units: []roster.Unit{
		{Kind: roster.KindCreature, Creature: "Bantha", Count: 1},
		{Kind: roster.KindCreature, Creature: "Rancor", Count: 1},
	}}
	res := costing.Evaluate(rules.Default(), a, nil)
	rows := Compact(Build(rules.Default(), rules.DefaultTables(), a, res))
	for i, want := range []string{"horns (STR -1) 7", "claw (STR +3) 10, bite (STR +5) 12"} {
		if rows[i].Weapons != want {
			t.Errorf("%s: attacks %q, want %q", rows[i].Name, rows[i].Weapons, want)
		}
	}
}
