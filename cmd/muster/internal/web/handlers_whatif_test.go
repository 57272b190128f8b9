package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// firstForm is the first <form> under n.
func firstForm(n *html.Node) *html.Node {
	if n.Type == html.ElementNode && n.Data == "form" {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := firstForm(c); f != nil {
			return f
		}
	}
	return nil
}

// From a matchup's page to a saved change: the what-if ranks arming the unarmed squad
// first, in words, and one click saves it as a new version that passes muster check.
func TestWhatToChangeFromTheMatchupPageSavesTheBestChangeAsANewVersion(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(unarmedArmy)
	b := ts.importFile(imperials1000)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "100", "7"))
	page := ts.get(res)
	if !strings.Contains(page.body, `href="`+res+`/whatif"`) {
		t.Fatalf("the matchup page has no What to change link")
	}
	form := ts.get(res + "/whatif")
	wantStatus(t, "GET whatif", form, http.StatusOK)
	for _, want := range []string{"What to change in Rebels with an unarmed squad", "Against Two stormtrooper squads on Open field",
		`id="whatif-form"`, `value="100"`, "Two stormtrooper squads</label>"} {
		if !strings.Contains(form.body, want) {
			t.Errorf("the what-if form lacks %q", want)
		}
	}
	bad := ts.postForm(res+"/whatif", url.Values{"side": {"a"}, "battles": {"5"}, "variants": {"10"}})
	wantStatus(t, "too few battles", bad, http.StatusBadRequest)
	if !strings.Contains(bad.body, "Battles for each: 5 is fewer than 20; write a whole number from 20 to 500.") {
		t.Errorf("too few battles: no message naming the field")
	}
	// A side that is neither army is refused, not played as the first army.
	for _, side := range []string{"", "c"} {
		r := ts.postForm(res+"/whatif", url.Values{"side": {side}, "battles": {"20"}, "variants": {"2"}})
		wantStatus(t, "side "+side, r, http.StatusBadRequest)
		if !strings.Contains(r.body, "Army to change: choose one of the matchup") {
			t.Errorf("side %q: no message naming the field", side)
		}
	}
	// Either army of one's own matchup may be changed.
	sideB := postJob(t, ts, res+"/whatif", url.Values{"side": {"b"}, "battles": {"20"}, "variants": {"2"}})
	wantStatus(t, "what to change in the second army", sideB, http.StatusOK)
	if h := text(byID(parseHTML(t, sideB.body), "whatif-base")); !strings.HasPrefix(h, "Two stormtrooper squads scores ") ||
		!strings.Contains(sideB.body, "It has no limit of its own") {
		t.Errorf("side b: %q", h)
	}
	r := postJob(t, ts, res+"/whatif", url.Values{"side": {"a"}, "battles": {"300"}, "variants": {"10"}})
	wantStatus(t, "POST whatif", r, http.StatusOK)
	doc := parseHTML(t, r.body)
	list := byID(doc, "whatif-variants-list")
	if list == nil {
		t.Fatalf("no ranked list:\n%s", r.body)
	}
	base := text(byID(doc, "whatif-base"))
	if !strings.Contains(base, "scores ") || !strings.Contains(base, "of its 300 battles (seed 7)") || !strings.Contains(base, "up to 1000 SGPs") {
		t.Errorf("base line %q", base)
	}
	// Arming the unarmed squad ranks first of the single changes (only dropping it and
	// spending its points on armed soldiers may come before it).
	var first *html.Node
	for c := list.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.Data == "li" {
			if !strings.Contains(text(c), "with the SGPs it frees") {
				first = c
				break
			}
		}
	}
	if got := text(first); !strings.HasPrefix(got, "Bare Hands: arm with ") || !strings.Contains(got, "points more (95%: +") ||
		!strings.Contains(got, "surely better") || !strings.Contains(got, "In the battles: the enemy lost ") {
		t.Fatalf("first change: %q", got)
	}
	save := formValues(firstForm(first))
	change := save.Get("change")
	s := ts.postForm(res+"/whatif/save", save)
	wantStatus(t, "save the change", s, http.StatusSeeOther)
	loc := s.header.Get("Location")
	if loc != "/armies/"+a+"?saved=1" {
		t.Errorf("saved, then sent to %q", loc)
	}
	// The army's page says what happened: the change is its second version.
	if landed := ts.get(loc); !strings.Contains(landed.body, "Saved as version 2.") {
		t.Errorf("the army's page after saving the change does not say it was saved:\n%.600s", landed.body)
	}
	exp := ts.get("/armies/" + a + "/export")
	wantStatus(t, "export", exp, http.StatusOK)
	path := filepath.Join(t.TempDir(), "saved.yaml")
	if err := os.WriteFile(path, []byte(exp.body), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runMuster(t, "check", path); code != 0 {
		t.Errorf("the saved variant fails muster check: %s%s", out, errOut)
	}
	weapon := strings.TrimPrefix(change, "Bare Hands: arm with ")
	if !strings.Contains(strings.ToLower(exp.body), strings.ToLower(weapon)) {
		t.Errorf("the saved army lacks the %s:\n%s", weapon, exp.body)
	}
	hist := ts.get("/armies/" + a)
	if !strings.Contains(hist.body, "what to change: "+change) {
		t.Errorf("the army's history does not say what changed (%q)", "what to change: "+change)
	}
	// The same change again no longer applies: the squad is armed now.
	again := ts.postForm(res+"/whatif/save", save)
	wantStatus(t, "the same change twice", again, http.StatusConflict)
	if !strings.Contains(again.body, "Find what to change again") {
		t.Errorf("a stale change: no message saying what to do")
	}
}

var rrCheckbox = regexp.MustCompile(`name="army" value="([^"]+)"`)

var rrLabel = regexp.MustCompile(`href="([^"]*/sims/[^"]+)" aria-label="([^"]+) against ([^"]+): expected score ([0-9.]+)%`)

// A round robin of three armies: three matchups, six cells, each linking to a saved
// matchup whose JSON has the cell's win rate; the same seed plays the same matrix.
func TestRoundRobinPlaysEveryPairOnceAndLinksEachCellToItsMatchup(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	ids := []string{ts.importFile(rebel1500), ts.importFile(imperial1500), ts.importFile(unarmedArmy)}
	form := ts.get("/roundrobin")
	wantStatus(t, "GET /roundrobin", form, http.StatusOK)
	one := ts.postForm("/roundrobin", url.Values{"army": {ids[0]}, "battles": {"30"}, "scenario": {"open-field"}})
	wantStatus(t, "one army", one, http.StatusBadRequest)
	if !strings.Contains(one.body, "Armies: tick two armies or more.") {
		t.Error("one army: no message naming the field")
	}
	many := ts.postForm("/roundrobin", url.Values{"army": ids, "battles": {"2001"}, "scenario": {"open-field"}})
	wantStatus(t, "too many battles", many, http.StatusBadRequest)
	if !strings.Contains(many.body, "Battles per pair: 2001 is more than 2000; write a whole number from 10 to 2000.") {
		t.Error("too many battles: no message naming the field")
	}
	v := url.Values{"army": ids, "battles": {"40"}, "scenario": {"open-field"}, "seed": {"3"}}
	r := postJob(t, ts, "/roundrobin", v)
	wantStatus(t, "POST /roundrobin", r, http.StatusOK)
	cells := rrLabel.FindAllStringSubmatch(r.body, -1)
	if len(cells) != 6 {
		t.Fatalf("%d cells, want 6 (3 armies):\n%s", len(cells), r.body)
	}
	matchups := map[string]bool{}
	for _, c := range cells {
		matchups[c[1]] = true
		j := ts.get(c[1] + "/json")
		wantStatus(t, c[1], j, http.StatusOK)
		var sum struct {
			A, B struct {
				Name  string  `json:"name"`
				Score float64 `json:"expected_score"`
			}
			Battles int `json:"battles"`
		}
		if err := json.Unmarshal([]byte(j.body), &sum); err != nil {
			t.Fatal(err)
		}
		rate := sum.A.Score
		if html.UnescapeString(c[2]) == sum.B.Name {
			rate = sum.B.Score
		}
		if got := fmt.Sprintf("%.1f", 100*rate); got != c[4] || sum.Battles != 40 {
			t.Errorf("%s against %s: cell %s%%, matchup %s%% of %d battles", c[2], c[3], c[4], got, sum.Battles)
		}
	}
	if len(matchups) != 3 {
		t.Errorf("%d matchups behind 6 cells, want 3 (one per pair)", len(matchups))
	}
	again := postJob(t, ts, "/roundrobin", v)
	cells2 := rrLabel.FindAllStringSubmatch(again.body, -1)
	for i := range cells {
		if len(cells2) != len(cells) || cells2[i][4] != cells[i][4] {
			t.Fatalf("the same seed played a different matrix")
		}
	}
}
