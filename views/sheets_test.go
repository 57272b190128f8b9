package views

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"muster/costing"
	"muster/roster"
	"muster/rules"
	"muster/views/sheet"
)

// sheetsDoc renders an army file's record sheets and parses them, as a browser would.
func sheetsDoc(t *testing.T, path string, limits *roster.Limits) *goquery.Document {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := roster.Read(data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	res := costing.Evaluate(rules.Default(), a, limits)
	v := SheetsView{Doc: sheet.Build(rules.Default(), rules.DefaultTables(), a, res), Paper: PaperA4}
	var buf bytes.Buffer
	if err := Sheets(v).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	doc, err := goquery.NewDocumentFromReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// box is one box of a sheet and what is written in it.
type box struct{ sel, want string }

// checkBoxes finds each box by its selector inside scope and compares its text.
func checkBoxes(t *testing.T, doc *goquery.Document, scope string, boxes []box) {
	t.Helper()
	for _, b := range boxes {
		sel := doc.Find(scope + " " + b.sel)
		if sel.Length() != 1 {
			t.Errorf("%s %s: %d elements, want 1", scope, b.sel, sel.Length())
			continue
		}
		if got := strings.Join(strings.Fields(sel.Text()), " "); got != b.want {
			t.Errorf("%s %s = %q, want %q", scope, b.sel, got, b.want)
		}
	}
}

// skill is a skill line: its code and, when trained, the training's cost.
func skill(key, code, cost string) []box {
	r := `tr.skill[data-skill="` + key + `"]`
	return []box{{r + " .code", code}, {r + " .cost", cost}}
}

func attr(at, code string) box { return box{`.attr[data-attr="` + at + `"] .attr-code`, code} }

func weapon(class string, n int, name, dam, short, med, long, cost string) []box {
	r := "." + class + " tr.weapon:nth-child(" + itoa(n) + ")"
	return []box{{r + " .wname", name}, {r + " .dam", dam}, {r + " .short", short}, {r + " .med", med},
		{r + " .long", long}, {r + " .cost", cost}}
}

func join(groups ...[]box) []box {
	var out []box
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// Diagram 19, the completed Squad Record Sheet of the Blue Rangers, box by box. The book
// prices the vibroblade at 4 (70 per soldier, 700, 720); the Weapon Chart and Muster say 3
// (69, 690, 710): docs/errata.md.
func TestSquadRecordSheetOfTheBlueRangers(t *testing.T) {
	doc := sheetsDoc(t, "../rules/data/forces/blue-rangers.yaml", nil)
	checkBoxes(t, doc, "#unit-0", join(
		[]box{
			{".sheet-name", "Blue Rangers"}, {".troop-type", "Hoth Trooper"},
			{".fill.quality", "Elite"}, {".quality-cost", "20"}, {".cost.move", "10"},
			attr("DEX", "3"), attr("KNO", "2"), attr("MEC", "2"), attr("PER", "2"), attr("STR", "3"), attr("TEC", "2"),
			{`.attr[data-attr="DEX"] .trng`, "3"}, {`.attr[data-attr="DEX"] .spec`, "3"},
			{`.attr[data-attr="KNO"] .trng`, "3"}, {`.attr[data-attr="TEC"] .spec`, "3"},
		},
		skill("blaster", "5", "2"), skill("blasterartillery", "3", ""), skill("grenade", "3", ""),
		skill("meleecombat", "5", "2"), skill("survival", "2", ""), skill("beastriding", "2", ""),
		skill("command", "3", "1"), skill("search", "2", ""), skill("sneak", "2", ""),
		skill("brawling", "5", "2"), skill("swimming", "3", ""), skill("demolition", "2", ""), skill("firstaid", "2", ""),
		[]box{
			{".skills-point-cost", "51"}, {".skills-carried", "51"},
			{".circle-box.walk .circle", "8"}, {".circle-box.run .circle", "13"},
			{".circle-box.command .circle", "4"}, {".circle-box.size .circle", "10"},
		},
		weapon("squad-weapons", 1, "Blaster Rifle", "5", "15", "50", "150", "15"),
		weapon("squad-weapons", 2, "Vibroblade (STR+2)", "5", "", "", "", "3"),
		[]box{
			{".armor-name", ""},
			{".per-soldier", "69"}, {".cost.number", "10"}, {".base-cost", "690"},
			{`.commander .member-line[data-skill="command"] .code`, "4"},
			{`.commander .member-line[data-skill="command"] .cost`, "1"},
			{`.specialist-1 .member-line[data-skill="blaster"] .code`, "6"},
			{`.specialist-1 .member-line[data-skill="blaster"] .cost`, "1"},
			{`.specialist-2 .member-line .name`, ""},
			{".squad-cost", "710"},
		},
		// "Repeat Blaster 6 25 60 150 18": the Weapon Chart's short range is 15.
		weapon("specialist-1 .specialist-weapons", 1, "Repeating Blaster", "6", "15", "60", "150", "18"),
	))
	// Elite troops begin at morale level 7: the boxes to its left are blacked out.
	var out []string
	doc.Find("#unit-0 table.morale td.mbox.out").Each(func(_ int, s *goquery.Selection) {
		out = append(out, s.AttrOr("data-level", ""))
	})
	if strings.Join(out, ",") != "9,8" {
		t.Errorf("blacked-out morale boxes %v, want 9,8", out)
	}
	if n := doc.Find("#unit-0 table.morale td.mbox").Length(); n != 10 {
		t.Errorf("%d morale boxes, want 10 (9 to 0)", n)
	}
	if n := doc.Find("#unit-0 .figure").Length(); n != 10 {
		t.Errorf("%d soldiers' wound boxes, want 10", n)
	}
	if n := doc.Find("#unit-0 .figure .dbox").Length(); n != 20 {
		t.Errorf("%d wound boxes, want 20 (wound, incapacitated)", n)
	}
}

// Diagram 23, the completed Hero Record Sheet of Wuwuhuul: 228 = 30 + 84 + 114.
func TestHeroRecordSheetOfWuwuhuul(t *testing.T) {
	doc := sheetsDoc(t, "../rules/data/forces/wuwuhuul.yaml", nil)
	checkBoxes(t, doc, "#unit-0", join(
		[]box{
			{".sheet-name", "Wuwuhuul"},
			{".circle-box.walk .circle", "7"}, {".circle-box.run .circle", "12"}, {".circle-box.force-points .circle", "7"},
			{".cost.move", "10"},
			attr("DEX", "2"), attr("KNO", "3"), attr("MEC", "2"), attr("PER", "2"), attr("STR", "3"), attr("TEC", "2"),
		},
		skill("blaster", "3", "1"), skill("blasterartillery", "2", ""), skill("brawlingparry", "2", ""),
		skill("dodge", "2", ""), skill("grenade", "2", ""), skill("meleecombat", "2", ""), skill("meleeparry", "3", "1"),
		skill("survival", "3", ""), skill("beastriding", "2", ""),
		skill("command", "2", ""), skill("search", "2", ""), skill("sneak", "2", ""),
		skill("brawling", "3", ""), skill("climbing/jumping", "3", ""), skill("swimming", "3", ""),
		skill("demolition", "2", ""), skill("firstaid", "2", ""),
		[]box{
			{".force-use", "25"},
			{`.force-skill[data-force="Control"] .code`, "2"}, {`.force-skill[data-force="Control"] .force-cost`, "8"},
			{`.force-skill[data-force="Sense"] .code`, "2"}, {`.force-skill[data-force="Sense"] .force-cost`, "8"},
			{`.force-skill[data-force="Alter"] .code`, "2"}, {`.force-skill[data-force="Alter"] .force-cost`, "8"},
			{".fill.rolls", "3"}, {".rolls-cost", "30"}, {".force-total", "114"},
			{".cost.skills", "26"}, {".skills-total", "52"},
		},
		weapon("hero-weapons", 1, "Blaster Pistol", "4", "5", "15", "60", "7"),
		weapon("hero-weapons", 2, "Lightsaber (dam. 5 + Control)", "5 (7)", "", "", "", "25"),
		[]box{
			{".cost.swa", "84"}, {".hero-cost", "228"}, {".cost.base", "30"}, {".swa-sum", "84"}, {".force-sum", "114"},
		},
	))
	// Diagram 22: each power with the boxes of the Force skills that do not affect it
	// blacked out, and 5 SGPs.
	want := map[string]string{
		"Control Pain": "C", "Remain Conscious": "C", "Life Detection": "S", "Receptive Telepathy": "S",
		"Lightsaber Combat": "CS", "Projective Telepathy": "CS", "Telekinesis": "A",
	}
	got := map[string]string{}
	doc.Find("#unit-0 table.powers tr.power").Each(func(_ int, tr *goquery.Selection) {
		name := strings.TrimSpace(tr.Find(".pname").Text())
		if name == "" {
			return
		}
		open := ""
		tr.Find(".pbox").Each(func(_ int, b *goquery.Selection) {
			if !b.HasClass("out") {
				open += b.AttrOr("data-skill", "?")
			}
		})
		got[name] = open
		if c := strings.TrimSpace(tr.Find(".cost").Text()); c != "5" {
			t.Errorf("%s costs %q, want 5", name, c)
		}
	})
	if len(got) != len(want) {
		t.Errorf("powers %v, want %v", got, want)
	}
	for p, skills := range want {
		if got[p] != skills {
			t.Errorf("%s: open boxes %q, want %q", p, got[p], skills)
		}
	}
	if n := doc.Find("#unit-0 table.powers tr").Length(); n != 11 {
		t.Errorf("%d Force Powers lines, want the sheet's 11", n)
	}
}

// Diagram 27, the sample Droid Record Sheet: SC-4X, a security droid with a turret-mounted
// blaster rifle, 75.
func TestDroidRecordSheetOfSC4X(t *testing.T) {
	doc := sheetsDoc(t, "../rules/data/forces/sc-4x.yaml", nil)
	checkBoxes(t, doc, "#unit-0", join(
		[]box{
			{".sheet-name", "SC-4X"}, {".droid-type", "Security Droid"},
			{".circle-box.movement-rate .circle", "8"}, {".cost.move", "10"},
			attr("DEX", "3"), attr("KNO", "1"), attr("MEC", "1"), attr("PER", "2"), attr("STR", "3"), attr("TEC", "1"),
		},
		skill("blaster", "4", "1"), skill("blasterartillery", "3", ""), skill("grenade", "3", ""),
		skill("meleecombat", "3", ""), skill("search", "5", "3"), skill("sneak", "2", ""),
		skill("brawling", "3", ""), skill("demolition", "1", ""), skill("firstaid", "1", ""),
		[]box{{".skills-point-cost", "25"}, {".skills-carried", "25"}},
		weapon("droid-weapons", 1, "Blaster Rifle (turret)", "5", "15", "50", "150", "15"),
		[]box{
			{".num-weapons", "1"}, {".mount-cost", "10"}, {".cost.turret", "15"}, {".turret-weapon", "Blaster Rifle"},
			{".cost.armor", ""}, {".cost.repulsorlift", ""}, {".cost.base", "10"}, {".droid-cost", "75"},
		},
	))
	// The sheet lists no KNO or MEC skills: none are printed under them.
	if n := doc.Find(`#unit-0 .attr[data-attr="KNO"] tr.skill`).Length(); n != 0 {
		t.Errorf("%d skill lines under KNO, want none", n)
	}
}

// Diagram 25, the sample Creature Record Sheet: the rancor, (4 + 10 + 1 + 20 + 10 + 12) x 2
// attack forms = 114.
func TestCreatureRecordSheetOfTheRancor(t *testing.T) {
	doc := sheetsDoc(t, "../rules/data/forces/creatures.yaml", nil)
	id := "#unit-5" // creatures.yaml: the Creature Chart in order; the rancor is the sixth
	checkBoxes(t, doc, id, []box{
		{".sheet-name", "Rancor"}, {".circle-box.movement-rate .circle", "24"},
		{`[data-attr="DEX"] .attr-code`, "4"},
		{`[data-attr="STR"] .str`, "7"}, {`[data-attr="STR"] .adj`, "(10)"}, {`[data-attr="STR"] .attr-code`, "10"},
		{`[data-attr="PER"] .attr-code`, "1"}, {".cost.move", "20"}, {".orneriness", "0"},
		{"tr.attack:nth-child(1) .aname", "claw (STR +3)"}, {"tr.attack:nth-child(1) .dam", "10"}, {"tr.attack:nth-child(1) .cost", "10"},
		{"tr.attack:nth-child(2) .aname", "bite (STR +5)"}, {"tr.attack:nth-child(2) .dam", "12"}, {"tr.attack:nth-child(2) .cost", "12"},
		{".cost.total", "57"}, {".cost.forms", "2"}, {".creature-cost", "114"},
		{".cost.each", "114"}, {".cost.count", "1"}, {".cost.pack", "114"},
	})
	if !strings.Contains(doc.Find(id+" .special").Text(), "Armored skin") {
		t.Errorf("the rancor's special features do not mention its armored skin: %q", doc.Find(id+" .special").Text())
	}
}

// The Creature Chart prints 70 for the war bantha, whose rules give 64: the sheet notes the
// book's figure beside the computed one, and so does the roster.
func TestErratumIsNotedBesideTheComputedCost(t *testing.T) {
	doc := sheetsDoc(t, "../rules/data/forces/creatures.yaml", nil)
	checkBoxes(t, doc, "#unit-1", []box{{".creature-cost", "64"}, {".pack-costs .printed-beside", "book prints 70"},
		{".erratum-note .printed", "70"}})
	if note := doc.Find(`#roster tr.roster-unit[data-unit="1"] .erratum-note`).Text(); !strings.Contains(note, "Book prints 70; by the rules 64") {
		t.Errorf("roster erratum note %q", note)
	}
}

// The roster of a mixed army: every unit, its cost and its sheet, the total against the
// limit, the limits in force and the problems of an army that breaks rules.
func TestRosterPageOfAMixedArmy(t *testing.T) {
	doc := sheetsDoc(t, "../costing/testdata/mixed-2000.yaml", nil)
	checkBoxes(t, doc, "#roster", []box{
		{".army-name", "Mixed Imperial Force"}, {".army-side", "Imperial"},
		{"#roster-total", "2101"}, {"#roster-over", "1 over the limit"},
		{"#roster-against", "Total 2101 of 2100 SGPs 1 over the limit"},
		{"#roster-limits", "Army limit: 2100 SGPs"},
		{"#roster-invalid", "Not valid: 3 errors."},
	})
	want := []struct{ name, kind, sheet, cost string }{
		{"Aurek Squad", "squad", "Squad Record Sheet", "531"},
		{"Besh Squad", "squad", "Squad Record Sheet", "305"},
		{"Cresh Squad", "squad", "Squad Record Sheet", "282"},
		{"Captain Vorn", "hero", "Hero Record Sheet", "124"},
		{"SC-4X", "droid", "Droid Record Sheet", "75"},
		{"WD-9", "droid", "Droid Record Sheet", "124"},
		{"Rancor", "creature", "Creature Record Sheet", "114"},
		{"Anti-Infantry Battery", "artillery", "Artillery Sheet", "388"},
		{"heavy strike", "strike", "", "80"},
		{"heavy repeating blaster", "remote weapon", "", "78"},
	}
	rows := doc.Find("#roster tr.roster-unit")
	if rows.Length() != len(want) {
		t.Fatalf("%d roster lines, want %d", rows.Length(), len(want))
	}
	rows.Each(func(i int, tr *goquery.Selection) {
		w := want[i]
		name := strings.TrimSpace(tr.Find(".unit-name").Contents().First().Text())
		if name != w.name || tr.Find(".unit-kind").Text() != w.kind || tr.Find(".unit-sheet").Text() != w.sheet ||
			tr.Find(".unit-sgp").Text() != w.cost {
			t.Errorf("roster line %d: %q %q %q %q, want %+v", i+1, name, tr.Find(".unit-kind").Text(),
				tr.Find(".unit-sheet").Text(), tr.Find(".unit-sgp").Text(), w)
		}
	})
	// Units without a record sheet show their cost lines on the roster.
	if l := doc.Find(`#roster tr.roster-unit[data-unit="9"] .line-note`).Text(); !strings.Contains(l, "Blaster Artillery 4 x 3 12") {
		t.Errorf("the remote weapon's lines: %q", l)
	}
	problems := doc.Find("#roster-problems li")
	if problems.Length() != 3 {
		t.Errorf("%d problems on the roster, want 3", problems.Length())
	}
	for _, rule := range []string{"[limits.total]", "[troop.weapons]", "[troop.training]"} {
		if !strings.Contains(problems.Text(), rule) {
			t.Errorf("the roster's problems do not cite %s:\n%s", rule, problems.Text())
		}
	}
	// One sheet a page: the roster, then the seven units that have a record sheet and the
	// artillery piece's sheet of Muster's.
	if n := doc.Find("section.sheet").Length(); n != 9 {
		t.Errorf("%d sheets, want 9", n)
	}
	// The book prints no record sheet for artillery: Muster's says so and gives the piece's
	// numbers as Chapter Eleven prints them for the Anti-Infantry Battery (crew 2, Damage 6,
	// a 2.5" blast, 10" minimum range, fire control +2, body Strength 4 and 24 points) and
	// its cost, 388.
	art := doc.Find(`#unit-7.artillery-sheet`)
	for _, want := range []string{"the book prints no record sheet for artillery", "Crew2", "Damage6", "Blast2.5\" radius",
		"Minimum range10\"", "Fire control+2", "Strength 4, 24 points", "ARTILLERY COST", "388"} {
		if !strings.Contains(art.Text(), want) {
			t.Errorf("the artillery sheet lacks %q:\n%s", want, art.Text())
		}
	}
	if n := doc.Find("#unit-0 .problem-note").Length(); n != 1 {
		t.Errorf("the Aurek Squad's sheet does not point at its problem on the roster")
	}
}

// A gamemaster's limits are printed on the roster (Chapter Ten's Rebel briefing).
func TestRosterPrintsTheForceLimitsInForce(t *testing.T) {
	data, err := os.ReadFile("../costing/testdata/chapter-ten/rebel-limits.yaml")
	if err != nil {
		t.Fatal(err)
	}
	l, err := roster.ReadLimits(data)
	if err != nil {
		t.Fatal(err)
	}
	doc := sheetsDoc(t, "../rules/data/forces/blue-rangers.yaml", l)
	got := doc.Find("#roster-limits li").Map(func(_ int, s *goquery.Selection) string { return s.Text() })
	for _, w := range []string{"Total: at most 1500 SGPs", "Up to 600 SGPs on heroes", "Squads must be veteran or elite",
		"At most 3 specialized weapons", "At most 30 grenades", "For the rebel side"} {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("limits %q do not include %q", got, w)
		}
	}
	if doc.Find("#roster-valid").Length() != 1 || doc.Find("#roster-problems").Length() != 0 {
		t.Errorf("a valid army's roster should say so and list no problems")
	}
}

// The print view links its stylesheets (the app's CSP forbids inline style) and the paper's
// page size; the standalone page (PDF, muster sheet --html) carries them inline. Neither
// has script.
func TestSheetsStylesheetsAndNoScript(t *testing.T) {
	data, _ := os.ReadFile("../rules/data/forces/sc-4x.yaml")
	a, _ := roster.Read(data)
	d := sheet.Build(rules.Default(), rules.DefaultTables(), a, costing.Evaluate(rules.Default(), a, nil))
	for _, tc := range []struct {
		v    SheetsView
		want []string
	}{
		{SheetsView{Doc: d, Paper: PaperLetter, Base: "/armies/abc"}, []string{`href="/static/print.css?v=`, `href="/static/paper-letter.css?v=`, `id="sheets-pdf"`, `/armies/abc/sheets.pdf?paper=letter`}},
		{SheetsView{Doc: d, Paper: PaperA4, CSS: "@page { size: A4 }"}, []string{"<style>@page { size: A4 }</style>"}},
	} {
		var buf bytes.Buffer
		if err := Sheets(tc.v).Render(context.Background(), &buf); err != nil {
			t.Fatal(err)
		}
		page := buf.String()
		for _, w := range tc.want {
			if !strings.Contains(page, w) {
				t.Errorf("page lacks %s", w)
			}
		}
		if strings.Contains(page, "<script") || strings.Contains(page, " style=") {
			t.Errorf("the sheets carry script or inline style attributes")
		}
	}
}

// What the editor's weapon and armor pickers offer as allowed is what the Troop List checks
// accept, for every troop type and every weapon and armor of the catalogue.
func TestPickersOfferWhatTheChecksAccept(t *testing.T) {
	c := rules.Default()
	for _, tr := range c.Troops {
		allowed := map[string]bool{}
		for _, g := range weaponGroups(c, &tr, "") {
			if g.Label != "" && !strings.HasPrefix(g.Label, "Not on the Troop List") {
				for _, o := range g.Options {
					allowed[o.Value] = true
				}
			}
		}
		for _, w := range c.Weapons {
			army := &roster.Army{Format: 1, Name: "x", Side: tr.Side, Units: []roster.Unit{{Kind: roster.KindSquad, Troop: tr.Name, Size: 6,
				Weapons: []roster.Item{{Name: w.Name}}}}}
			refused := false
			for _, p := range roster.Check(c, army) {
				if p.Rule == "troop.weapons" {
					refused = true
				}
			}
			if allowed[w.Name] == refused {
				t.Errorf("%s with a %s: the picker offers it as allowed %v, the checks refuse it %v", tr.Name, w.Name, allowed[w.Name], refused)
			}
		}
	}
}

// A matchup between armies of very different sizes says so: 2101 against 1500 SGPs is 601
// more (40%); 1500 against 1450 is not worth a word.
func TestMatchupSaysWhenTheArmiesDifferInSize(t *testing.T) {
	v := SimView{A: SimSide{Name: "Mixed", Total: 2101}, B: SimSide{Name: "Rebels", Total: 1500}}
	if got := v.SizeNote(); !strings.Contains(got, "Mixed fields 601 SGPs more") || !strings.Contains(got, "40% more") {
		t.Errorf("2101 against 1500: %q", got)
	}
	v.A.Total = 1450
	if got := v.SizeNote(); got != "" {
		t.Errorf("1450 against 1500: %q", got)
	}
}

// "At least n" is the tail of the distribution: with P(0)=1/4, P(1)=1/2, P(2)=1/4, at least
// one is 3/4 and at least two 1/4.
func TestAtLeastIsTheTailOfTheDistribution(t *testing.T) {
	p := []float64{0.25, 0.5, 0.25}
	for n, want := range []float64{1, 0.75, 0.25} {
		if got := atLeast(p, n); got != want {
			t.Errorf("at least %d: %v, want %v", n, got, want)
		}
	}
}
