package web

import (
	"html"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"muster/rules/battle"
)

// A game night's battlefield (issue 33): the gamemaster attaches a scenario of theirs with
// Orders of the Day for each side and one side hidden; every player reads its name, table,
// description and victory conditions, each side's players only their own side's orders on
// their lists' pages, the gamemaster every side's and which sets up hidden; the game keeps
// the file as attached (the scenario edited afterwards changes nothing), and the game's
// quick-resolve starts on it and plays it.
func TestAGameNightsBattlefield(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	mine, _ := importOwnScenario(t, ts, "defending-the-bridge", "The bridge at Kothlis", 12, func(sc *battle.Scenario) {
		sc.Sides[0].Orders = "Get a squad across the bridge and off the east edge."
		sc.Sides[1].Orders = "Hold the bridge until relieved; the walls are yours."
		sc.Sides[1].Hidden = true
	})
	scenarioPage := "/scenarios/" + strings.TrimPrefix(mine, "mine:")

	form := ts.get("/games/new")
	if !strings.Contains(form.body, `value="`+mine+`"`) || !strings.Contains(form.body, `value="defending-the-bridge"`) {
		t.Fatal("the new game's form does not offer the built-in and the gamemaster's scenarios")
	}
	bad := ts.postForm("/games", url.Values{"name": {"Kothlis"}, "battlefield": {"mine:nosuchscenario0000"}, "plays.rebel": {"on"}, "plays.imperial": {"on"}})
	if bad.status != http.StatusUnprocessableEntity || !strings.Contains(html.UnescapeString(bad.body), "Battlefield: there is no such scenario among yours") {
		t.Errorf("a battlefield not among the gamemaster's: %d, want 422 naming the field", bad.status)
	}
	sides := chapterTenSides(t)
	v := url.Values{"name": {"Kothlis"}, "date": {"2026-05-01"}, "battlefield": {mine}}
	for side, text := range sides {
		v.Set("plays."+side, "on")
		v.Set("limits."+side, text)
	}
	r := ts.postForm("/games", v)
	wantStatus(t, "create the game", r, http.StatusSeeOther)
	gmURL := strings.TrimSuffix(r.header.Get("Location"), "?created=1")
	gm := html.UnescapeString(ts.get(gmURL).body)
	for _, want := range []string{"Battlefield: The bridge at Kothlis", `A table 72" by 48", 12 turns.`, "must get a squad off the east edge",
		"Get a squad across the bridge", "Hold the bridge until relieved", "Sets up hidden", "The game's battlefield: The bridge at Kothlis"} {
		if !strings.Contains(gm, want) {
			t.Errorf("the gamemaster's page lacks %q", want)
		}
	}
	// The scenario deleted afterwards: the game keeps it as attached.
	wantStatus(t, "delete the scenario", ts.postForm(scenarioPage+"/delete", nil), http.StatusSeeOther)

	link := byID(parseHTML(t, gm), "player-link")
	val, _ := attr(link, "value")
	_, player, _ := strings.Cut(val, "/play/")
	play := html.UnescapeString(ts.get("/play/" + player).body)
	if !strings.Contains(play, "Battlefield: The bridge at Kothlis") || !strings.Contains(play, "must get a squad off the east edge") {
		t.Error("the players' page does not show the battlefield")
	}
	if strings.Contains(play, "Hold the bridge until relieved") || strings.Contains(play, "Get a squad across") || strings.Contains(play, "Sets up hidden") {
		t.Error("the players' page shows a side's orders or the hidden set-up")
	}
	rebel := ts.startList(player, "rebel", "Wedge", "Rogue relief")
	imperial := ts.startList(player, "imperial", "Veers", "Bridge guard")
	for key, want := range map[string][2]string{rebel: {"Get a squad across the bridge", "Hold the bridge until relieved"}, imperial: {"Hold the bridge until relieved", "Get a squad across the bridge"}} {
		page := html.UnescapeString(ts.get("/play/" + player + "/lists/" + key).body)
		if !strings.Contains(page, want[0]) || strings.Contains(page, want[1]) || strings.Contains(page, "Sets up hidden") {
			t.Errorf("list %s: its side's orders (%q) and no other's, no hidden set-up: not so", key, want[0])
		}
	}
	ts.addUnit("/play/"+player+"/lists/"+rebel, "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+imperial, "squad|Stormtrooper")
	ids := checkboxValues(t, ts.get(gmURL+"/roundrobin").body)
	r = ts.postForm(gmURL+"/resolve", url.Values{"a": {ids[0]}, "b": {ids[1]}, "battles": {"4"}, "scenario": {gameBattlefield}})
	wantStatus(t, "the quick-resolve on the game's battlefield", r, http.StatusSeeOther)
	result := html.UnescapeString(ts.get(waitResult(t, ts, r.header.Get("Location"))).body)
	if !strings.Contains(result, "The bridge at Kothlis") {
		t.Error("the game's matchup does not name the battlefield it was played on")
	}
}
