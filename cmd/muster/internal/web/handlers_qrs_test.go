package web

import (
	"fmt"
	"math"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"muster/rules/qrs/solo"
)

// The solo assistant's pages, checked against the sheet's tables read by hand. The dice are
// the game's own (its seed and step counter); a test picks a seed whose first d6 shows what
// the rule under test needs, by that contract, and reads everything else off the page.

// seedWithD6 is the smallest seed whose game rolls want on the first d6 of its step step.
func seedWithD6(t *testing.T, step uint64, want int) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 10000; seed++ {
		st := &solo.State{Seed: seed, Step: step}
		if st.NextDice().Roll(6) == want {
			return seed
		}
	}
	t.Fatalf("no seed rolls %d", want)
	return 0
}

// newSoloForm is the new game form with four counters (corner, cover, open, corner), Red
// Team (a Rebel Hero and three Rebel Troopers: Defence 3 + 2+2+2 = 9) and a pool.
func newSoloForm(seed uint64, pool map[int]string) url.Values {
	v := url.Values{"name": {"Rescue at Kessel"}, "seed": {strconv.FormatUint(seed, 10)},
		"counter1": {"corner"}, "counter2": {"cover"}, "counter3": {"open"}, "counter4": {"corner"},
		"group0": {"Red Team"}, "profile0": {"Rebel Hero"}, "count0": {"1"}, "fname0": {"Kara Vos"},
		"group1": {"Red Team"}, "profile1": {"Rebel Trooper"}, "count1": {"3"}}
	for i, n := range pool {
		v.Set("pool"+strconv.Itoa(i), n)
	}
	return v
}

// The pool fields in the table's order: 0 Stormtrooper, 1 Heavy Weapon Trooper, 2 Leader,
// 3 Officer, 4 Death Trooper, 5 Probe Droid, 6 AT-ST/DP, 7 Inquisitor.
var fullPool = map[int]string{0: "12", 1: "1", 2: "1", 3: "1", 4: "4", 5: "1", 6: "1", 7: "1"}

func startSolo(t *testing.T, ts *testServer, form url.Values) string {
	t.Helper()
	r := ts.postForm("/qrs/solo", form)
	wantStatus(t, "start a solo game", r, http.StatusSeeOther)
	loc := r.header.Get("Location")
	if !strings.HasPrefix(loc, "/qrs/solo/") {
		t.Fatalf("redirected to %q", loc)
	}
	return strings.TrimPrefix(loc, "/qrs/solo/")
}

var baseRe = regexp.MustCompile(`name="base" value="(\d+)"`)

// soloStep posts a step on the page as it stands (with the step it was drawn at) and
// returns the page after it.
func soloStep(t *testing.T, ts *testServer, id, action string, v url.Values) string {
	t.Helper()
	page := ts.get("/qrs/solo/" + id)
	wantStatus(t, "the game", page, http.StatusOK)
	m := baseRe.FindStringSubmatch(page.body)
	if m == nil {
		t.Fatal("the game page's forms carry no base")
	}
	v.Set("base", m[1])
	r := ts.postForm("/qrs/solo/"+id+"/"+action, v)
	wantStatus(t, action, r, http.StatusSeeOther)
	after := ts.get("/qrs/solo/" + id)
	wantStatus(t, "the game after "+action, after, http.StatusOK)
	return after.body
}

// "6-7: 4 Stormtroopers": a d6 of 6, -1 for no contact yet, +1 for a second counter in sight
// of the same figure, is 6: four Stormtroopers appear, on Advance orders, and leave the pool.
func TestSoloForceGenerationReadsTheResultTable(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), fullPool))
	body := soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2"}})
	spot := idText(t, body, "spot-result")
	for _, want := range []string{"D6 6", "-1", "No contact yet", "+1", "Each other counter", "= 6", "column 1"} {
		if !strings.Contains(spot, want) {
			t.Errorf("the roll %q does not say %q", spot, want)
		}
	}
	if got := idText(t, body, "spot-force"); got != "4 Stormtroopers" {
		t.Errorf("6 reads %q, want 4 Stormtroopers", got)
	}
	if got := idText(t, body, "solo-pool"); !strings.Contains(got, "8 Stormtrooper") {
		t.Errorf("pool after four deployed from 12: %q", got)
	}
	group := idText(t, body, "group-2")
	if !strings.Contains(group, "Advance") || strings.Count(group, "Stormtrooper ") < 4 {
		t.Errorf("the new group: %q", group)
	}
	// The row read is marked in the table, in its first column.
	table := parseHTML(t, body)
	if row := findClass(byID(table, "generation-table"), "hit"); row == nil || !strings.HasPrefix(text(row), "6-7 14-15") {
		t.Errorf("the highlighted row: %v", row)
	}
	// Contact made: the next sighting has no -1.
	if strings.Contains(idText(t, body, "spot"), "No contact yet") {
		t.Error("the page still says no contact after the enemy appeared")
	}
}

func findClass(n *html.Node, class string) *html.Node {
	if n == nil {
		return nil
	}
	if n.Type == html.ElementNode {
		if v, ok := attr(n, "class"); ok && slices.Contains(strings.Fields(v), class) {
			return n
		}
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := findClass(c, class); f != nil {
			return f
		}
	}
	return nil
}

// "If no figures are available to represent the generated force, use the options before in
// order instead": 6 -1 +3 (four counters in sight) is 8, "4 Stormtroopers and a Heavy
// weapon trooper"; with no heavy weapon trooper in the pool the 6-7 row's 4 Stormtroopers
// appear instead.
func TestSoloForceGenerationFallsBackWhenThePoolRunsOut(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	pool := map[int]string{0: "12", 1: "0", 2: "0", 3: "0", 4: "0", 5: "0", 6: "0", 7: "0"}
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), pool))
	body := soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2", "3", "4"}})
	if spot := idText(t, body, "spot-result"); !strings.Contains(spot, "= 8") {
		t.Fatalf("6 -1 +3: %q", spot)
	}
	if got := idText(t, body, "spot-force"); got != "4 Stormtroopers" {
		t.Errorf("with no heavy weapon trooper free: %q, want 4 Stormtroopers", got)
	}
	if !strings.Contains(idText(t, body, "result"), "no figures free for 4 Stormtroopers and 1 Heavy Weapon Trooper") {
		t.Errorf("the page does not say why: %q", idText(t, body, "result"))
	}
}

// "NB: A natural rolled '1' is always nothing", even at a counter in the open.
func TestSoloNaturalOneIsAlwaysNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 1), fullPool))
	body := soloStep(t, ts, id, "spot", url.Values{"counter": {"3"}})
	if got := idText(t, body, "spot-force"); got != "Nothing appears." {
		t.Errorf("a natural 1 at the open counter: %q", got)
	}
	if !strings.Contains(idText(t, body, "result"), "a natural 1 is always nothing") {
		t.Error("the page does not say a natural 1 is nothing")
	}
	if byID(parseHTML(t, body), "group-2") != nil {
		t.Error("a group appeared on a natural 1")
	}
}

// A reload shows what was rolled and rolls nothing; undo puts the game back, and the same
// step taken again rolls the same dice (the game's seed and step), so undo is not a reroll.
func TestSoloReloadNeverRerollsAndUndoIsNotAReroll(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 4), fullPool))
	first := idText(t, soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2", "3"}}), "spot-result")
	for range 3 {
		if again := idText(t, ts.get("/qrs/solo/"+id).body, "spot-result"); again != first {
			t.Fatalf("a reload shows %q, first %q", again, first)
		}
	}
	body := soloStep(t, ts, id, "undo", url.Values{})
	if strings.Contains(body, `id="spot-result"`) || !strings.Contains(idText(t, body, "result-h"), "Game started") {
		t.Fatalf("after undo the page shows %q", idText(t, body, "result"))
	}
	if again := idText(t, soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2", "3"}}), "spot-result"); again != first {
		t.Errorf("the same step after undo rolled %q, first %q", again, first)
	}
}

// A form drawn before the last step (a second tab, a double click) rolls nothing.
func TestSoloStalePageRollsNothing(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(1, fullPool))
	soloStep(t, ts, id, "spot", url.Values{"counter": {"1"}})
	r := ts.postForm("/qrs/solo/"+id+"/spot", url.Values{"counter": {"1"}, "base": {"1"}})
	wantStatus(t, "a step on a stale page", r, http.StatusConflict)
	if !strings.Contains(r.body, "nothing was rolled") {
		t.Errorf("the page does not say why: %.500s", r.body)
	}
	g, err := ts.store.GetSolo(t.Context(), ts.ownerID(), id)
	if err != nil || g.Head != 2 {
		t.Errorf("head step %d (%v), want 2", g.Head, err)
	}
}

// Step 3: "Figures appearing at Portals are on Advance orders": a generated group in cover
// rolls D6 +1* advancing +1* in cover; the score reads the random movement table's results.
func TestSoloOrdersReadTheRandomMovementTable(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), fullPool))
	soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2"}})
	body := soloStep(t, ts, id, "orders", url.Values{"group": {"all"}, "in-cover": {"on"}})
	res := idText(t, body, "result")
	m := regexp.MustCompile(`D6 (\d) \+2 = (\d+)`).FindStringSubmatch(res)
	if m == nil {
		t.Fatalf("orders: %q", res)
	}
	die, _ := strconv.Atoi(m[1])
	score, _ := strconv.Atoi(m[2])
	if score != die+2 {
		t.Errorf("score %d for a d6 of %d +2", score, die)
	}
	// The sheet's results for scores 3 to 8 (in cover: the 1-2 row's "stand in cover").
	want := map[int]string{3: "Advance towards objective, or nearest enemy", 4: "Advance towards objective, or nearest enemy"}
	for s := 5; s <= 8; s++ {
		want[s] = "Advance towards nearest enemy, or objective"
	}
	if !strings.Contains(res, want[score]) {
		t.Errorf("score %d: %q, want %q", score, res, want[score])
	}
	for _, mod := range []string{"+1* Advancing", "+1* In cover"} {
		if !strings.Contains(res, mod) {
			t.Errorf("the modifiers do not show %q (Muster's value marked): %q", mod, res)
		}
	}
	if got := idText(t, body, "group-2"); !strings.Contains(got, want[score]) {
		t.Errorf("the group's orders: %q", got)
	}
}

// Shooting by firepower ratio: Red Team's Defence 9 under fire from 20 is "Half enemies
// total" (D on 4-5, W on 6, K on 7-8; Rebel Troopers wear no armour); each figure's d8 is
// read off that row, and the group's figures carry the results.
func TestSoloShootingReadsTheHalfRow(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(7, fullPool))
	body := soloStep(t, ts, id, "shoot", url.Values{"target": {"1"}, "band": {"medium"}, "enemy": {"20"}})
	res := idText(t, body, "result")
	if !strings.Contains(res, "Defence total under fire 9 against the shooters' firepower 20") || !strings.Contains(res, "Half enemies total") {
		t.Fatalf("the shot: %q", res)
	}
	half := map[int]string{1: "nothing", 2: "nothing", 3: "nothing", 4: "duck_back", 5: "duck_back", 6: "wound", 7: "killed", 8: "killed"}
	hits := regexp.MustCompile(`(Kara Vos|Rebel Trooper) rolls (\d): (\w+)`).FindAllStringSubmatch(res, -1)
	if len(hits) != 4 {
		t.Fatalf("%d figures diced, want the 4 of the group: %q", len(hits), res)
	}
	wounded := 0
	for _, h := range hits {
		roll, _ := strconv.Atoi(h[2])
		if h[3] != half[roll] {
			t.Errorf("%s rolls %d: %s, the Half row says %s", h[1], roll, h[3], half[roll])
		}
		if h[3] == "wound" {
			wounded++
		}
	}
	if got := strings.Count(idText(t, body, "group-1"), "wounded"); got != wounded {
		t.Errorf("%d figures marked wounded, %d wounds rolled", got, wounded)
	}
}

// Marks by hand: a wound halves the figure's values ("Wound: Halve shooting/defence"), so
// Red Team's Defence falls from 9 to 8; a hero marked down is disabled, never killed.
func TestSoloMarksWoundsAndHeroesAreDisabled(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(1, fullPool))
	body := soloStep(t, ts, id, "mark", url.Values{"group": {"1"}, "figure": {"2"}, "what": {"wound"}})
	if got := idText(t, body, "group-1"); !strings.Contains(got, "Defence 8") || !strings.Contains(idText(t, body, "fig-1-2"), "wounded") {
		t.Errorf("after a wound: %q", got)
	}
	body = soloStep(t, ts, id, "mark", url.Values{"group": {"1"}, "figure": {"1"}, "what": {"down"}})
	if got := idText(t, body, "fig-1-1"); !strings.Contains(got, "disabled") {
		t.Errorf("the hero down: %q", got)
	}
}

// "Duck Back: Figure is unable to move or shoot in their next turn": a duck back in turn 1
// lasts through turn 2 and is gone in turn 3; the end of turn says the turn.
func TestSoloDuckBackLastsToTheEndOfTheNextTurn(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(1, fullPool))
	soloStep(t, ts, id, "mark", url.Values{"group": {"1"}, "figure": {"3"}, "what": {"duck"}})
	body := soloStep(t, ts, id, "turn", url.Values{})
	if got := idText(t, body, "solo-turn"); got != "Turn 2" {
		t.Fatalf("after the end of turn 1: %q", got)
	}
	if !strings.Contains(idText(t, body, "fig-1-3"), "ducked back") {
		t.Error("the duck back is gone in turn 2")
	}
	body = soloStep(t, ts, id, "turn", url.Values{})
	if strings.Contains(idText(t, body, "fig-1-3"), "ducked back") {
		t.Error("the duck back lasts into turn 3")
	}
}

// Bad input is a message naming the field and the fix, and changes nothing.
func TestSoloBadInputSaysWhatToFix(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	cases := []struct {
		what string
		form url.Values
		want string
	}{
		{"no counters", url.Values{"name": {"x"}, "unlimited": {"on"}}, "place at least one portal counter"},
		{"a bad pool", url.Values{"counter1": {"open"}, "pool0": {"lots"}}, "Figure pool, Stormtrooper: write a number"},
		{"a bad seed", url.Values{"counter1": {"open"}, "seed": {"abc"}, "unlimited": {"on"}}, "Dice seed: write a whole number"},
		{"a group without a name", url.Values{"counter1": {"open"}, "unlimited": {"on"}, "count0": {"2"}, "profile0": {"Rebel Trooper"}}, "give the group a name"},
		// A line naming a group (or a figure) but not how many would be dropped without a word.
		{"a group without a number of figures", url.Values{"counter1": {"open"}, "unlimited": {"on"}, "group0": {"Red Team"}, "profile0": {"Rebel Trooper"}, "count0": {"2"},
			"group1": {"Jedi"}, "profile1": {"Jedi Knight"}, "fname1": {"Tal Orin"}}, "Your groups, line 2: write how many figures (1 for a named figure), or 0 to leave the line out."},
		{"a broken army file", url.Values{"counter1": {"open"}, "unlimited": {"on"}, "army": {"format: 1\nsystem: qrs\ngroups: [\n"}}, "The army file:"},
	}
	for _, c := range cases {
		r := ts.postForm("/qrs/solo", c.form)
		wantStatus(t, c.what, r, http.StatusUnprocessableEntity)
		if !strings.Contains(idText(t, r.body, "solo-error"), c.want) {
			t.Errorf("%s: %q, want %q", c.what, idText(t, r.body, "solo-error"), c.want)
		}
	}
	id := startSolo(t, ts, newSoloForm(1, fullPool))
	page := ts.get("/qrs/solo/" + id)
	base := baseRe.FindStringSubmatch(page.body)[1]
	for _, c := range []struct {
		action string
		form   url.Values
		want   string
	}{
		{"spot", url.Values{}, "Counters in sight: tick the counters"},
		{"spot", url.Values{"counter": {"9"}}, "there is no counter 9"},
		{"shoot", url.Values{"target": {"1"}, "band": {"medium"}}, "tick the groups shooting, or give the shooters' firepower total"},
		{"orders", url.Values{"group": {"all"}}, "no enemy group is on the table"},
		{"mark", url.Values{"group": {"1"}, "figure": {"1"}, "what": {"explode"}}, "is not a mark"},
	} {
		c.form.Set("base", base)
		r := ts.postForm("/qrs/solo/"+id+"/"+c.action, c.form)
		wantStatus(t, c.action, r, http.StatusUnprocessableEntity)
		if !strings.Contains(idText(t, r.body, "solo-error"), c.want) {
			t.Errorf("%s: %q, want %q", c.action, idText(t, r.body, "solo-error"), c.want)
		}
	}
	if g, _ := ts.store.GetSolo(t.Context(), ts.ownerID(), id); g.Head != 1 {
		t.Errorf("refused steps were saved: head %d", g.Head)
	}
}

// The new game form offers each option of the result table once, named with every row that
// offers it: "8 Stormtroopers" is on the 12 row and the 13 row.
func TestSoloPreferenceOffersEachOptionOnce(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	page := ts.get("/qrs/solo")
	wantStatus(t, "the new game form", page, http.StatusOK)
	if n := strings.Count(page.body, `<option value="8stormtroopers"`); n != 1 {
		t.Errorf("8 Stormtroopers is offered %d times", n)
	}
	if !strings.Contains(page.body, `<option value="8stormtroopers">8 Stormtroopers (on a 12 or 13)</option>`) {
		t.Error("the 8 Stormtroopers option does not name both rows")
	}
}

// A pasted qrs army file gives the game its groups, with the file's own profiles.
func TestSoloStartsFromAPastedArmyFile(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	file := "format: 1\nsystem: qrs\nname: Wookiee Raid\ngroups:\n  - name: Claws\n    figures:\n      - {profile: Wookiee Warrior, count: 2}\nprofiles:\n  - name: Wookiee Warrior\n    firepower: 3\n    defence: 3\n    melee: 4\n    initiative: 2\n    weapon: heavy blaster\n"
	id := startSolo(t, ts, url.Values{"counter1": {"cover"}, "unlimited": {"on"}, "army": {file}})
	body := ts.get("/qrs/solo/" + id).body
	if got := idText(t, body, "group-1"); !strings.Contains(got, "Claws") || !strings.Contains(got, "Defence 6") || !strings.Contains(got, "Firepower 6") {
		t.Errorf("the pasted group: %q", got)
	}
	if !strings.Contains(body, "<h1>Wookiee Raid</h1>") {
		t.Error("the game is not named after the army")
	}
	if got := idText(t, body, "solo-pool"); got != "Figure pool: enough for anything." {
		t.Errorf("unlimited pool: %q", got)
	}
}

// The list shows the owner's games and nobody else's; another owner's game is not found.
func TestSoloGamesAreTheOwners(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(1, fullPool))
	if !strings.Contains(idText(t, ts.get("/qrs/solo").body, "solo-list"), "Rescue at Kessel") {
		t.Error("the owner's list lacks the game")
	}
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		if strings.Contains(ts.get("/qrs/solo").body, "Rescue at Kessel") {
			t.Error("another owner's list shows the game")
		}
		wantStatus(t, "another owner's game", ts.get("/qrs/solo/"+id), http.StatusNotFound)
		wantStatus(t, "another owner's step", ts.postForm("/qrs/solo/"+id+"/turn", url.Values{}), http.StatusNotFound)
	})
	r := ts.postForm("/qrs/solo/"+id+"/delete", url.Values{})
	wantStatus(t, "delete", r, http.StatusSeeOther)
	wantStatus(t, "a deleted game", ts.get("/qrs/solo/"+id), http.StatusNotFound)
}

// The odds page's qrs section gives the shooting table's eighths, as muster odds qrs does:
// 4 against 8 is "Half enemies total" (D on 4-5, W on 6, K on 7-8): nothing 3/8, duck
// back 2/8, wound 1/8, killed 2/8; in cover (-1) and armoured (W counts as D): nothing 4/8,
// duck back 2/8+1/8, killed 1/8.
func TestOddsPageQRSSectionIsTheShootingTable(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, c := range []struct {
		query string
		want  [4]string
	}{
		{"qrs-own=4&qrs-enemy=8", [4]string{"3/8", "2/8", "1/8", "2/8"}},
		{"qrs-own=4&qrs-enemy=8&qrs-cover=1&qrs-armour=1", [4]string{"4/8", "3/8", "0/8", "1/8"}},
	} {
		body := ts.get("/odds?" + c.query).body
		if got := idText(t, body, "qrs-row"); got != "Half enemies total" {
			t.Errorf("%s: row %q", c.query, got)
		}
		got := idText(t, body, "qrs-odds")
		want := fmt.Sprintf("Nothing %s %s Duck back %s %s Wound %s %s Killed or disabled %s %s",
			c.want[0], eighthPct(c.want[0]), c.want[1], eighthPct(c.want[1]), c.want[2], eighthPct(c.want[2]), c.want[3], eighthPct(c.want[3]))
		if got != want {
			t.Errorf("%s:\n got %q\nwant %q", c.query, got, want)
		}
	}
	// 1 against 8 is the lost Worse row: the page says what Muster assumed.
	body := ts.get("/odds?qrs-own=1&qrs-enemy=8").body
	if !strings.Contains(idText(t, body, "odds-qrs"), "Worse row was lost") {
		t.Error("the Worse row's decision is not shown")
	}
	body = ts.get("/odds?qrs-own=4&qrs-enemy=0").body
	if !strings.Contains(idText(t, body, "odds-qrs"), "Shooters' firepower total: write a whole number from 1") {
		t.Errorf("bad input: %q", idText(t, body, "odds-qrs"))
	}
}

func eighthPct(eighths string) string {
	n, _ := strconv.Atoi(strings.TrimSuffix(eighths, "/8"))
	return strconv.FormatFloat(float64(n)*100/8, 'f', 2, 64) + "%"
}

// "Other melee": D6 + Melee each, the loser reads the difference on the chart. Kara Vos (a
// Rebel Hero, Melee 3, no armour) against Stormtrooper 1 (Melee 1, armoured): the page's
// dice and the chart's columns as printed decide who suffers what.
func TestSoloMeleeReadsTheChart(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), fullPool))
	soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2"}})
	body := soloStep(t, ts, id, "close", url.Values{"kind": {"fight"}, "figure": {"1:1"}, "against": {"2:1"}})
	res := idText(t, body, "result")
	m := regexp.MustCompile(`Kara Vos rolls (\d), the opponents' best (\d)`).FindStringSubmatch(res)
	if m == nil {
		t.Fatalf("the melee: %q", res)
	}
	mine, _ := strconv.Atoi(m[1])
	theirs, _ := strconv.Atoi(m[2])
	diff := (mine + 3) - (theirs + 1)
	armoured := map[int]string{1: "no effect", 2: `Stormtrooper 1: Retreat 1"`, 3: "Stormtrooper 1: knocked out", 4: "Stormtrooper 1: Continue melee normally",
		5: "Stormtrooper 1: wounded", 6: "Stormtrooper 1: killed", 7: "Stormtrooper 1: killed", 8: "Stormtrooper 1: killed"}
	unarmoured := map[int]string{1: `Kara Vos: Retreat 1"`, 2: "Kara Vos: knocked out", 3: "Kara Vos: Continue melee normally", 4: "Kara Vos: wounded", 5: "Kara Vos: disabled", 6: "Kara Vos: disabled"}
	want := "no effect"
	switch {
	case diff > 0:
		want = armoured[diff]
	case diff < 0:
		want = unarmoured[-diff]
	}
	if !strings.Contains(res, want) {
		t.Errorf("%d+3 against %d+1: %q, want %q", mine, theirs, res, want)
	}
	// A duel needs two light sabre users: the page says so and rolls nothing.
	page := ts.get("/qrs/solo/" + id)
	base := baseRe.FindStringSubmatch(page.body)[1]
	r := ts.postForm("/qrs/solo/"+id+"/close", url.Values{"kind": {"duel"}, "figure": {"1:1"}, "against": {"2:2"}, "base": {base}})
	wantStatus(t, "a duel without light sabres", r, http.StatusUnprocessableEntity)
	if !strings.Contains(idText(t, r.body, "solo-error"), "not a light sabre armed Force user") {
		t.Errorf("the duel refused: %q", idText(t, r.body, "solo-error"))
	}
}

// Quick-resolve with no figure free for the enemy: nothing can appear (no probe droid
// either), so the group passes its four counters and reaches the objective one turn later,
// in 5 turns, every one of 200 games: 100%, and the 95% Wilson interval's low end is
// 200/(200 + 1.96²) = 98.12%.
func TestQuickResolveWithAnEmptyPoolAlwaysReachesTheObjective(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	form := newSoloForm(5, map[int]string{0: "0", 1: "0", 2: "0", 3: "0", 4: "0", 5: "0", 6: "0", 7: "0"})
	form.Set("battles", "200")
	r := postJob(t, ts, "/qrs/sim", form)
	wantStatus(t, "quick-resolve", r, http.StatusOK)
	if got := idText(t, r.body, "rate-objective"); got != "Reaches the objective 100.00% 98.12% to 100.00%" {
		t.Errorf("objective: %q", got)
	}
	if got := idText(t, r.body, "rate-survived"); got != "Survives 100.00% 98.12% to 100.00%" {
		t.Errorf("survived: %q", got)
	}
	if got := idText(t, r.body, "sim-result"); !strings.Contains(got, "Means: 5.00 turns, 0.00 enemy figures appearing, 0.00 of them killed, 0.00 of your figures down") {
		t.Errorf("means: %q", got)
	}
	if got := idText(t, r.body, "sim-not-simulated"); !strings.Contains(got, "Close combat") {
		t.Errorf("the not-simulated list: %q", got)
	}
	// With figures for anything, enemies appear in some games; the first game's log is shown
	// and the seed replays the same odds.
	form = newSoloForm(5, fullPool)
	form.Set("battles", "300")
	first := postJob(t, ts, "/qrs/sim", form)
	again := postJob(t, ts, "/qrs/sim", form)
	if a, b := idText(t, first.body, "sim-rates"), idText(t, again.body, "sim-rates"); a != b {
		t.Errorf("the same seed gave %q and %q", a, b)
	}
	if !strings.Contains(idText(t, first.body, "sim-log"), "Turn 1") {
		t.Error("no log of the first game")
	}
	form.Set("battles", "5000")
	bad := ts.postForm("/qrs/sim", form)
	wantStatus(t, "too many games", bad, http.StatusUnprocessableEntity)
	if !strings.Contains(idText(t, bad.body, "solo-error"), "Games: write a whole number from 1 to 2000") {
		t.Errorf("too many games: %q", idText(t, bad.body, "solo-error"))
	}
}

// An army built and saved in Muster plays in the solo assistant and the quick-resolve by
// choosing it, not by copying its file: the Rescue Team's Red Team is a Rebel Hero (Defence
// 3) and three Rebel Troopers the file makes Defence 3 each, 3 + 3x3 = 12, and the Jedi its
// second group. The picker lists the asker's qrs armies only; another owner's army, an SWMB
// army, or a saved army beside a pasted file are refused in words.
func TestSoloAndQuickResolvePlayASavedArmy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := ts.importText(t, fileText(t, "../../../../rules/qrs/army/testdata/rescue.yaml"), "")
	swmb := ts.importText(t, fileText(t, "../../../../costing/testdata/mixed-2000.yaml"), "")
	home := ts.get("/qrs/solo").body
	if got := idText(t, home, "solo-saved"); !strings.Contains(got, "Rescue Team") || strings.Contains(got, "Mixed Imperial Force") {
		t.Errorf("the saved armies offered: %q", got)
	}
	game := startSolo(t, ts, url.Values{"counter1": {"cover"}, "unlimited": {"on"}, "saved": {id}})
	body := ts.get("/qrs/solo/" + game).body
	if got := idText(t, body, "group-1"); !strings.Contains(got, "Red Team") || !strings.Contains(got, "Defence 12") || !strings.Contains(got, "Kara Vos") {
		t.Errorf("the saved army's first group: %q", got)
	}
	if got := idText(t, body, "group-2"); !strings.Contains(got, "Jedi") {
		t.Errorf("the saved army's second group: %q", got)
	}
	sim := postJob(t, ts, "/qrs/sim", url.Values{"counter1": {"cover"}, "saved": {id}, "battles": {"20"}, "seed": {"3"}})
	wantStatus(t, "quick-resolve of a saved army", sim, http.StatusOK)
	if got := idText(t, sim.body, "sim-result"); !strings.Contains(got, "Rescue Team") {
		t.Errorf("the quick-resolve did not play the saved army: %q", got)
	}
	if !strings.Contains(sim.body, `<option value="`+id+`" selected>Rescue Team</option>`) {
		t.Error("the quick-resolve's form forgets the saved army chosen")
	}
	refused := func(what string, form url.Values, want string) {
		t.Helper()
		for _, path := range []string{"/qrs/solo", "/qrs/sim"} {
			r := ts.postForm(path, form)
			wantStatus(t, what+" at "+path, r, http.StatusUnprocessableEntity)
			if got := idText(t, r.body, "solo-error"); !strings.Contains(got, want) {
				t.Errorf("%s at %s: %q, want %q", what, path, got, want)
			}
		}
	}
	refused("saved and pasted", url.Values{"counter1": {"cover"}, "saved": {id}, "army": {fileText(t, "../../../../rules/qrs/army/testdata/patrol.yaml")}},
		"choose a saved army or paste a file, not both")
	refused("an SWMB army", url.Values{"counter1": {"cover"}, "saved": {swmb}}, `"Mixed Imperial Force" is not a skirmish quick reference army`)
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		if strings.Contains(ts.get("/qrs/solo").body, "Rescue Team") {
			t.Error("another owner is offered the army")
		}
		refused("another owner's army", url.Values{"counter1": {"cover"}, "saved": {id}}, "it is not among your armies")
	})
}

// The profile picker writes firepower in words: the sheet writes FP for Force points ("the
// loser losing the difference ... in Force Points", "-8FP"), as the game page's "8/8 FP" does,
// so "Jedi Knight (FP 2, ...)" read as a Jedi with two Force points.
func TestSoloProfilePickerDoesNotCallFirepowerFP(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, path := range []string{"/qrs/solo", "/qrs/sim"} {
		picker := idText(t, ts.get(path).body, "g-profile-0")
		if !strings.Contains(picker, "Rebel Hero (firepower 3, defence 3)") || strings.Contains(picker, "FP") {
			t.Errorf("%s: the profile picker: %s", path, picker)
		}
	}
}

// The two-group firefight on the web (issue 32), as muster qrs sim --vs plays it: the form's
// groups but the one named, as one, against that one. Red Team (a Rebel Hero and three
// troopers, firepower 3 + 3x2 = 9) against a lone stormtrooper (firepower 2) wins far more
// often than it loses (a binomial test: more wins than losses at z > 3 over 300 games); the
// same seed gives the same odds; a name that is no group's, or the only group, is refused
// naming the field.
func TestFirefightOnTheWeb(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	form := newSoloForm(11, fullPool)
	form.Set("group2", "Blue Team")
	form.Set("profile2", "Stormtrooper")
	form.Set("count2", "1")
	form.Set("against", "blue team")
	form.Set("battles", "300")
	r := postJob(t, ts, "/qrs/sim", form)
	wantStatus(t, "a firefight", r, http.StatusOK)
	head := idText(t, r.body, "fight-result-h")
	if !strings.Contains(head, "Red Team against Blue Team: 300 firefights (seed 11)") {
		t.Fatalf("the firefight's heading: %q", head)
	}
	pct := regexp.MustCompile(`([0-9.]+)%`)
	rate := func(id string) float64 {
		m := pct.FindStringSubmatch(idText(t, r.body, id))
		if m == nil {
			t.Fatalf("%s: no rate in %q", id, idText(t, r.body, id))
		}
		f, _ := strconv.ParseFloat(m[1], 64)
		return f / 100
	}
	a, b := rate("rate-a")*300, rate("rate-b")*300
	if z := (a - b) / math.Sqrt(a+b); a+b == 0 || z < 3 {
		t.Errorf("Red Team won %.0f and lost %.0f of 300 against a lone stormtrooper (z %.1f)", a, b, (a-b)/math.Sqrt(a+b))
	}
	if again := postJob(t, ts, "/qrs/sim", form); idText(t, again.body, "fight-rates") != idText(t, r.body, "fight-rates") {
		t.Error("the same seed gave other odds")
	}
	if !strings.Contains(idText(t, r.body, "fight-not-simulated"), "Table geometry") {
		t.Error("the firefight does not say what it leaves out")
	}
	for name, want := range map[string]string{
		"Green Team": `Against your group named: no group is named "Green Team"; write one of Red Team, Blue Team`,
	} {
		form.Set("against", name)
		bad := ts.postForm("/qrs/sim", form)
		wantStatus(t, "a firefight against "+name, bad, http.StatusUnprocessableEntity)
		if got := idText(t, bad.body, "solo-error"); !strings.Contains(got, want) {
			t.Errorf("against %q: %q", name, got)
		}
	}
	only := newSoloForm(11, fullPool)
	only.Set("against", "Red Team")
	bad := ts.postForm("/qrs/sim", only)
	wantStatus(t, "a firefight against the only group", bad, http.StatusUnprocessableEntity)
	if got := idText(t, bad.body, "solo-error"); !strings.Contains(got, "Red Team is your only group") {
		t.Errorf("against the only group: %q", got)
	}
}

// The lost Worse row is a game option on the web too (issue 32): the solo game's and the
// quick-resolve's setup offer both readings, the default Muster's continued row, and every
// result names the reading it was played under; an unknown reading is refused naming the
// field.
func TestTheWorseRowIsAGameOptionOnTheWeb(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	if page := ts.get("/qrs/sim"); !strings.Contains(page.body, `name="worse"`) || !strings.Contains(page.body, `value="half-plus"`) {
		t.Fatal("the quick-resolve's form offers no reading of the Worse row")
	}
	for worse, want := range map[string]string{"": "Muster's row continuing the table", "half-plus": "the Half row, +1 per extra shooter"} {
		form := newSoloForm(5, fullPool)
		form.Set("battles", "50")
		form.Set("worse", worse)
		r := postJob(t, ts, "/qrs/sim", form)
		wantStatus(t, "quick-resolve, worse "+worse, r, http.StatusOK)
		if got := idText(t, r.body, "sim-worse"); !strings.Contains(got, want) {
			t.Errorf("worse %q: the result says %q, want %q", worse, got, want)
		}
	}
	form := newSoloForm(5, fullPool)
	form.Set("worse", "lenient")
	bad := ts.postForm("/qrs/sim", form)
	wantStatus(t, "an unknown reading", bad, http.StatusUnprocessableEntity)
	if got := idText(t, bad.body, "solo-error"); !strings.Contains(got, "The shooting table's lost Worse row: \"lenient\" is not a reading of the Worse row") {
		t.Errorf("an unknown reading: %q", got)
	}
	// A solo game started with the Half row reading says so on its shots.
	sf := newSoloForm(7, fullPool)
	sf.Set("worse", "half-plus")
	id := startSolo(t, ts, sf)
	body := soloStep(t, ts, id, "shoot", url.Values{"target": {"1"}, "band": {"medium"}, "enemy": {"20"}})
	if res := idText(t, body, "result"); !strings.Contains(res, "the Half row, +1 per extra shooter") {
		t.Errorf("the shot does not name the game's reading: %q", res)
	}
}

// A group's player may roll the random movement die at the table (issue 32): the die given
// is the one read, for one group. A generated group in cover rolls D6 +1* advancing +1* in
// cover: a 1 rolled at the table scores 3, "Advance towards objective, or nearest enemy" by
// the sheet; a 6, 8, "Advance towards nearest enemy, or objective". A die out of 1 to 6, or
// for every group at once, is refused naming the field.
func TestSoloOrdersTakeADieRolledAtTheTable(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for die, want := range map[string][2]string{"1": {"D6 1 (rolled at the table) +2 = 3", "Advance towards objective, or nearest enemy"},
		"6": {"D6 6 (rolled at the table) +2 = 8", "Advance towards nearest enemy, or objective"}} {
		id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), fullPool))
		soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2"}})
		groups := regexp.MustCompile(`<option value="(\d+)">\d+\. [^<]*</option>`).FindAllStringSubmatch(ts.get("/qrs/solo/"+id).body, -1)
		var enemy string
		for _, g := range groups {
			if g[1] != "1" {
				enemy = g[1]
			}
		}
		if enemy == "" {
			t.Fatal("no enemy group was generated to give orders to")
		}
		body := soloStep(t, ts, id, "orders", url.Values{"group": {enemy}, "in-cover": {"on"}, "die": {die}})
		if res := strings.Join(strings.Fields(idText(t, body, "result")), " "); !strings.Contains(res, want[0]) || !strings.Contains(res, want[1]) {
			t.Errorf("die %s at the table: %q, want %q", die, res, want)
		}
	}
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), fullPool))
	soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2"}})
	for form, want := range map[string]url.Values{
		"Die rolled at the table: give it for one group at a time": {"group": {"all"}, "die": {"3"}},
		"Die rolled at the table":                                  {"group": {"all"}, "die": {"7"}},
	} {
		want.Set("base", baseRe.FindStringSubmatch(ts.get("/qrs/solo/" + id).body)[1])
		r := ts.postForm("/qrs/solo/"+id+"/orders", want)
		if r.status != http.StatusUnprocessableEntity || !strings.Contains(idText(t, r.body, "solo-error"), form) {
			t.Errorf("%v: %d %q", want, r.status, idText(t, r.body, "solo-error"))
		}
	}
}

// The solo page says the next step of the sheet's play sequence after the last one, linking
// to the section that does it (a phone shows it in place of the whole sequence): a new game
// begins at dice for enemy force generation, a roll of it leads to the enemy's orders, and
// orders lead to moving and shooting.
func TestSoloPageSaysTheNextStep(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	id := startSolo(t, ts, newSoloForm(seedWithD6(t, 0, 6), fullPool))
	next := func(body string) string { return strings.Join(strings.Fields(idText(t, body, "solo-next")), " ") }
	if got := next(ts.get("/qrs/solo/" + id).body); !strings.Contains(got, "dice for enemy force generation (2)") {
		t.Errorf("a new game's next step: %q", got)
	}
	body := soloStep(t, ts, id, "spot", url.Values{"counter": {"1", "2"}})
	if got := next(body); !strings.Contains(got, "orders for the enemy groups (3)") || !strings.Contains(body, `href="#orders"`) {
		t.Errorf("after force generation: %q", got)
	}
	body = soloStep(t, ts, id, "orders", url.Values{"group": {"all"}})
	if got := next(body); !strings.Contains(got, "move, lowest Initiative first; then shoot") {
		t.Errorf("after orders: %q", got)
	}
}
