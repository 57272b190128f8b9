package web

import (
	"html"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// The odds page: a straight test's chance by hand is 2/3 for skill 3 against difficulty 6
// (a first 3, 4, 5 or 6 makes 6 or more; a 2 makes 5; a 1 bombs out).
func TestOddsPageStraightTest(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/odds?skill=3&difficulty=6")
	wantStatus(t, "odds", r, http.StatusOK)
	if !strings.Contains(r.body, `id="test-success">66.67%`) {
		t.Errorf("skill 3 against 6 does not show 66.67%%:\n%.3000s", r.body)
	}
}

// A volley between two saved armies: the Blue Rangers' rifles at 20" are at medium range
// (15-50: base 8) against stormtroopers in light cover (+1): difficulty 9 (Chapter Three).
func TestOddsPageVolleyBetweenSavedArmies(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	rangers := ts.importFile("../../../../rules/data/forces/blue-rangers.yaml")
	rats := ts.importFile("../../../../rules/data/forces/intro-like-rats-in-a-trap.yaml")
	r := ts.get("/odds?firer=" + rangers + ":0&target=" + rats + ":2&range=20&cover=light")
	wantStatus(t, "odds volley", r, http.StatusOK)
	for _, want := range []string{`id="volley-shots"`, "8 x soldier", "Blaster Rifle", "medium", `<td class="num">9</td>`, `id="volley-hits"`, `id="dist-casualties"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("volley result lacks %q", want)
		}
	}
	// Hits against range: the asked 20" falls in the rifles' medium band, 15-50".
	gq, err := goquery.NewDocumentFromReader(strings.NewReader(r.body))
	if err != nil {
		t.Fatal(err)
	}
	here := strings.Join(strings.Fields(gq.Find("#volley-range tr.here td").First().Text()), " ")
	if here != "15–50\" (asked)" {
		t.Errorf("the stretch marked as asked reads %q, want the medium band 15–50\" (asked)", here)
	}
	if n := gq.Find("#volley-range tbody tr").Length(); n < 3 {
		t.Errorf("hits against range has %d stretches, want short, medium and long at least", n)
	}
}

// Bad input is answered in the form's words, never with an error page.
func TestOddsPageExplainsBadInput(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ts.importFile("../../../../rules/data/forces/blue-rangers.yaml")
	for query, want := range map[string]string{
		"skill=three&difficulty=6":            "skill: write a whole number from 0 to 30",
		"damage=4&strength=99":                "Strength: write a whole number from 0 to 30",
		"firer=nope:0&target=nope:1&range=10": "choose the firing squad from the list",
		// A roleplaying-game code is named as one, with the number meant (issue 31).
		"damage=4D%2B1&strength=3":               "Damage Strength: &#34;4D+1&#34; is a roleplaying-game dice code; the miniatures rules use a whole number from 0 to 30, the dice before the D (4D+1: 4)",
		"firer=x&target=y&range=-3&cover=medium": "choose the firing squad",
	} {
		r := ts.get("/odds?" + query)
		wantStatus(t, query, r, http.StatusOK)
		if !strings.Contains(r.body, want) {
			t.Errorf("%s: page does not say %q", query, want)
		}
	}
}

// The volley's pickers group units by army and start on two different armies' units, so the
// first "Work out" is never a unit firing at itself.
func TestOddsPageVolleyDefaultsToTwoArmies(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	rangers := ts.importFile("../../../../rules/data/forces/blue-rangers.yaml")
	rats := ts.importFile("../../../../rules/data/forces/intro-like-rats-in-a-trap.yaml")
	r := ts.get("/odds")
	fv := formValues(byID(parseHTML(t, r.body), "odds-volley"))
	firer, target := armyOfValue(fv.Get("firer")), armyOfValue(fv.Get("target"))
	if firer == target || (firer != rangers && firer != rats) || (target != rangers && target != rats) {
		t.Errorf("default firer %q and target %q are not of two armies", fv.Get("firer"), fv.Get("target"))
	}
	if strings.Count(r.body, "<optgroup") < 4 {
		t.Error("the pickers do not group units by army")
	}
}

func armyOfValue(v string) string { id, _, _ := strings.Cut(v, ":"); return id }

// Working one calculator out keeps the others' answers: the straight test (skill 3 against
// 6: 66.67%) is still shown after the damage form is sent, because that form carries it.
func TestOddsPageKeepsEachCalculatorsResult(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/odds?skill=3&difficulty=6")
	fv := formValues(byID(parseHTML(t, r.body), "odds-damage"))
	if fv.Get("skill") != "3" || fv.Get("difficulty") != "6" {
		t.Fatalf("the damage form does not carry the test's question: %v", fv)
	}
	fv.Set("damage", "5")
	fv.Set("strength", "3")
	r = ts.get("/odds?" + fv.Encode())
	if !strings.Contains(r.body, `id="test-success">66.67%`) || !strings.Contains(r.body, `id="damage-odds"`) {
		t.Error("after the damage form, the test's answer is gone")
	}
}

// A fresh odds page is filled with a usual example (issue 31: fields without defaults), and
// works nothing out until asked.
func TestOddsPageStartsWithAnExample(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/odds")
	wantStatus(t, "/odds", r, http.StatusOK)
	for _, want := range []string{`name="skill" type="number" step="1" min="0" max="30" value="4"`,
		`name="difficulty" type="number" step="1" min="0" max="60" value="8"`, `name="damage" type="number" step="1" min="0" max="30" value="5"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the fresh page lacks %s", want)
		}
	}
	if strings.Contains(r.body, `id="test-success"`) {
		t.Error("the fresh page works out an answer nobody asked for")
	}
}

// The skirmish quick reference's random movement odds on the web (issue 32), as the rules
// package's hand-worked case: a group under fire from greater numbers, half killed, alone, in
// the open: D6 -5, so a 1 retreats (1/6), 2-4 fall back (1/2), a 5 stands (1/6), a 6 holds
// or advances (1/6). A count out of range is refused naming its field.
func TestOddsPageWorksOutRandomMovement(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.get("/odds?qrs-mv=1&mv-greater-fire=1&mv-quarters=2&mv-alone=1")
	wantStatus(t, "movement odds", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	if got := text(byID(doc, "qrs-move-modifier")); got != "-5" {
		t.Errorf("the modifier reads %q, want -5", got)
	}
	table := text(byID(doc, "qrs-move-odds"))
	if strings.Count(table, "1/6") != 3 || strings.Count(table, "1/2") != 1 || !strings.Contains(table, "50.00%") {
		t.Errorf("the odds table:\n%s", table)
	}
	bad := ts.get("/odds?qrs-mv=1&mv-quarters=7")
	if !strings.Contains(bad.body, "Quarters of the unit killed: write a whole number from 0 to 4") {
		t.Error("a count out of range is not refused in words")
	}
	// Working out another calculator keeps this one's answer (its question is carried).
	other := ts.get("/odds?skill=4&difficulty=8&qrs-mv=1&mv-alone=1")
	if !strings.Contains(other.body, `id="qrs-move-odds"`) || !strings.Contains(other.body, `id="test-success"`) {
		t.Error("two calculators asked together do not both answer")
	}
}

// Enemy force generation on the odds page, worked by hand from the sheet's table: one
// counter in the open, D6 +0: a natural 1 is nothing, 2-5 a probe droid (in the open), 6 four
// stormtroopers. A counter on a corner more and an officer, D6 +3: 1 nothing; 2 (5) nothing
// or, at the open counter (one of two, at random), a probe droid; 3-4 (6-7) four
// stormtroopers; 5-6 (8-9) four and a heavy weapon trooper.
func TestOddsPageEnemyForceGeneration(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, c := range []struct {
		query string
		want  map[string]string
	}{
		{"gen-open=1", map[string]string{"1 Imperial Probe Droid": "2/3", "4 Stormtroopers": "1/6", "nothing": "1/6"}},
		{"gen-open=1&gen-corner=1&gen-officer=1", map[string]string{"4 Stormtroopers": "1/3",
			"4 Stormtroopers and 1 Heavy Weapon Trooper": "1/3", "nothing": "1/4", "1 Imperial Probe Droid": "1/12"}},
	} {
		r := ts.get("/odds?qrs-gen=1&" + c.query)
		wantStatus(t, c.query, r, http.StatusOK)
		gq, err := goquery.NewDocumentFromReader(strings.NewReader(r.body))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		gq.Find("#qrs-gen-odds tbody tr").Each(func(_ int, tr *goquery.Selection) {
			got[tr.Find("td").Eq(0).Text()] = tr.Find("td").Eq(1).Text()
		})
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.query, got, c.want)
		}
		for force, p := range c.want {
			if got[force] != p {
				t.Errorf("%s: %s %q, by hand %s", c.query, force, got[force], p)
			}
		}
	}
	for q, want := range map[string]string{
		"gen-open=13":             "Counters in the open: write a whole number from 0 to 12",
		"gen-open=0":              "Counters in sight: write how many of each kind your figure sees, one at least.",
		"gen-open=6&gen-cover=7":  "Counters in sight: 12 at most, all kinds together.",
		"gen-open=1&gen-prefer=x": "Where the table offers a choice: pick one of the options listed.",
	} {
		r := ts.get("/odds?qrs-gen=1&" + q)
		wantStatus(t, q, r, http.StatusOK)
		if !strings.Contains(html.UnescapeString(r.body), want) {
			t.Errorf("%s: the page does not say %q", q, want)
		}
	}
}
