package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"muster/rules/battle"
	"muster/rules/battle/design"
)

// importOwnScenario imports a copy of a built-in scenario, renamed and cut to turns turns
// and changed by change (nil: nothing more), as the test browser's own, and returns its form
// name ("mine:" and the id) and file.
func importOwnScenario(t *testing.T, ts *testServer, builtin, name string, turns int, change func(*battle.Scenario)) (string, []byte) {
	t.Helper()
	f, err := battle.LoadScenario(builtin)
	if err != nil {
		t.Fatal(err)
	}
	sc := *f.Scenario // the built-in's Field is shared: a copy to change
	sc.ID, sc.Name, sc.Turns = "own-"+builtin, name, turns
	if change != nil {
		change(&sc)
	}
	file, err := design.Marshal(&sc)
	if err != nil {
		t.Fatal(err)
	}
	r := ts.postForm("/scenarios/import", url.Values{"text": {string(file)}})
	wantStatus(t, "import "+name, r, http.StatusSeeOther)
	return "mine:" + strings.TrimPrefix(r.header.Get("Location"), "/scenarios/"), file
}

// A round robin on a scenario of one's own (issue 33, "play on it"): each pair's matchup is
// played on the file as asked and keeps it; the round robin's page shows the scenario it was
// played on.
func TestRoundRobinOnAScenarioOfOnesOwn(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	mine, _ := importOwnScenario(t, ts, "open-field", "A short skirmish", 3, nil)
	ids := []string{ts.importFile(rebel1500), ts.importFile(imperial1500)}
	if form := ts.get("/roundrobin"); !strings.Contains(form.body, `value="`+mine+`"`) {
		t.Fatalf("the round robin's form does not offer %s", mine)
	}
	r := postJob(t, ts, "/roundrobin", url.Values{"army": ids, "battles": {"30"}, "scenario": {mine}, "seed": {"4"}})
	wantStatus(t, "the round robin", r, http.StatusOK)
	if !strings.Contains(r.body, "A short skirmish (as it was played)") {
		t.Error("the round robin's page does not show the scenario it was played on")
	}
	cells := rrLabel.FindAllStringSubmatch(r.body, -1)
	if len(cells) != 2 {
		t.Fatalf("%d cells, want 2", len(cells))
	}
	var p struct {
		Scenario string `json:"scenario"`
		Battles  int    `json:"battles"`
		Draws    int    `json:"draws"`
	}
	if err := json.Unmarshal([]byte(ts.get(cells[0][1]+"/json").body), &p); err != nil {
		t.Fatal(err)
	}
	// Played on the file: its id, and its three turns (too few to settle every battle).
	if p.Scenario != "own-open-field" || p.Battles != 30 || p.Draws == 0 {
		t.Errorf("the pair's matchup: %+v, want 30 battles on own-open-field, some drawn", p)
	}
	if page := ts.get(cells[0][1]); !strings.Contains(page.body, "A short skirmish") {
		t.Error("the pair's matchup does not name the scenario it was played on")
	}
}

// The gamemaster's quick-resolve on a scenario of the gamemaster's own: offered on the game's
// page, played on its file.
func TestGameNightQuickResolveOnTheGamemastersOwnScenario(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	mine, _ := importOwnScenario(t, ts, "open-field", "The ridge at dusk", 3, nil)
	gm, player := ts.createGame("Ridge night", chapterTenSides(t))
	keys := []string{ts.startList(player, "rebel", "Ackbar", "Home One boarders"), ts.startList(player, "imperial", "Veers", "Blizzard Force")}
	ts.addUnit("/play/"+player+"/lists/"+keys[0], "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+keys[1], "squad|Stormtrooper")
	page := ts.get("/gm/" + gm)
	if !strings.Contains(page.body, `value="`+mine+`"`) || !strings.Contains(page.body, "The ridge at dusk (yours)") {
		t.Fatal("the gamemaster's page does not offer the gamemaster's scenario")
	}
	ids := checkboxValues(t, ts.get("/gm/"+gm+"/roundrobin").body)
	r := ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[1]}, "battles": {"10"}, "scenario": {mine}})
	wantStatus(t, "the quick-resolve", r, http.StatusSeeOther)
	result := ts.get(waitResult(t, ts, r.header.Get("Location")))
	wantStatus(t, "its result", result, http.StatusOK)
	if !strings.Contains(result.body, "The ridge at dusk") {
		t.Error("the game's matchup does not name the scenario it was played on")
	}
}

// "What should I bring?" on a scenario of one's own: offered, and the search plays its file.
func TestOptimizeOnAScenarioOfOnesOwn(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	mine, _ := importOwnScenario(t, ts, "open-field", "The long valley", 3, nil)
	a, b := ts.importFile(rebel1500), ts.importFile(imperial1500)
	if form := ts.get("/armies/" + a + "/optimize"); !strings.Contains(form.body, `value="`+mine+`"`) {
		t.Fatalf("the search's form does not offer %s", mine)
	}
	r := postJob(t, ts, "/armies/"+a+"/optimize", url.Values{"opponent": {b}, "battles": {"20"}, "budget": {"1000"}, "seed": {"2"}, "scenario": {mine}})
	wantStatus(t, "the search", r, http.StatusOK)
	if !strings.Contains(r.body, "The long valley") {
		t.Error("the search's page does not name the scenario it played on")
	}
}
