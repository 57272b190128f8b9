package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A game night's round robin: the gamemaster plays every list (submitted or as it stands),
// the cells open the game's matchups under the GM link; players see nothing before the lock,
// and after it a round robin of the submitted lists only, under the player link.
func TestGameNightRoundRobinForTheGamemasterAndForPlayersAfterTheLock(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Force Mixes", chapterTenSides(t))
	keys := []string{ts.startList(player, "rebel", "Ackbar", "Home One boarders"), ts.startList(player, "imperial", "Veers", "Blizzard Force"),
		ts.startList(player, "imperial", "Piett", "Second wave")}
	ts.addUnit("/play/"+player+"/lists/"+keys[0], "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+keys[1], "squad|Stormtrooper")
	ts.addUnit("/play/"+player+"/lists/"+keys[2], "squad|Stormtrooper")
	for _, k := range keys[:2] {
		wantStatus(t, "submit", ts.postForm("/play/"+player+"/lists/"+k+"/submit", nil), http.StatusSeeOther)
	}
	gmPage := ts.get("/gm/" + gm)
	if !strings.Contains(gmPage.body, `href="/gm/`+gm+`/roundrobin"`) {
		t.Error("the GM page has no round robin link")
	}
	form := ts.get("/gm/" + gm + "/roundrobin")
	wantStatus(t, "GM round robin form", form, http.StatusOK)
	ids := checkboxValues(t, form.body)
	if len(ids) != 3 {
		t.Fatalf("the GM is offered %d lists, want 3 (the unsubmitted one too)", len(ids))
	}
	r := postJob(t, ts, "/gm/"+gm+"/roundrobin", url.Values{"army": ids, "battles": {"20"}, "scenario": {"open-field"}, "seed": {"2"}})
	wantStatus(t, "GM round robin", r, http.StatusOK)
	cells := rrLabel.FindAllStringSubmatch(r.body, -1)
	if len(cells) != 6 {
		t.Fatalf("%d cells, want 6:\n%s", len(cells), r.body[strings.Index(r.body, "<main"):])
	}
	for _, c := range cells {
		if !strings.HasPrefix(c[1], "/gm/"+gm+"/sims/") {
			t.Fatalf("a cell links to %q, not the game's matchup under the GM link", c[1])
		}
	}
	wantStatus(t, "a cell's matchup", ts.get(cells[0][1]), http.StatusOK)
	if !strings.Contains(r.body, "Home One boarders (Ackbar)") {
		t.Error("the lists are not named with their players")
	}
	// Another game's lists are not this game's.
	other, _ := ts.createGame("Another night", chapterTenSides(t))
	wantStatus(t, "another game's lists", ts.postForm("/gm/"+other+"/roundrobin", url.Values{"army": ids, "battles": {"20"}}), http.StatusBadRequest)

	wantStatus(t, "players before the lock", ts.get("/play/"+player+"/roundrobin"), http.StatusNotFound)
	wantStatus(t, "lock", ts.postForm("/gm/"+gm+"/lock", nil), http.StatusSeeOther)
	pform := ts.get("/play/" + player + "/roundrobin")
	wantStatus(t, "players after the lock", pform, http.StatusOK)
	pids := checkboxValues(t, pform.body)
	if len(pids) != 2 {
		t.Fatalf("players are offered %d lists, want the 2 submitted", len(pids))
	}
	p := postJob(t, ts, "/play/"+player+"/roundrobin", url.Values{"army": pids, "battles": {"20"}, "scenario": {"open-field"}, "seed": {"2"}})
	wantStatus(t, "players' round robin", p, http.StatusOK)
	pc := rrLabel.FindAllStringSubmatch(p.body, -1)
	if len(pc) != 2 || !strings.HasPrefix(pc[0][1], "/play/"+player+"/sims/") {
		t.Fatalf("players' cells: %v", pc)
	}
	wantStatus(t, "a player's cell", ts.get(pc[0][1]), http.StatusOK)
}

// checkboxValues are the round robin form's army checkboxes' values.
func checkboxValues(t *testing.T, body string) []string {
	t.Helper()
	var out []string
	for _, m := range rrCheckbox.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// A round robin refused for a list that is not this game's shows again the lists ticked
// that are, the battles, the battlefield and the seed as the gamemaster wrote them.
func TestRefusedRoundRobinKeepsWhatWasChosen(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Choices", chapterTenSides(t))
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "rebel", "Ackbar", "Home One boarders"), "squad|Mon Calamari")
	ts.addUnit("/play/"+player+"/lists/"+ts.startList(player, "imperial", "Veers", "Blizzard Force"), "squad|Stormtrooper")
	ids := checkboxValues(t, ts.get("/gm/"+gm+"/roundrobin").body)
	r := ts.postForm("/gm/"+gm+"/roundrobin", url.Values{"army": {"not-a-list-here", ids[0], ids[1]}, "battles": {"30"},
		"scenario": {"open-field-at-night"}, "seed": {"77"}})
	wantStatus(t, "a list not of this game", r, http.StatusBadRequest)
	form := formValues(byID(parseHTML(t, r.body), "rr-form"))
	if len(form["army"]) != 2 || form.Get("battles") != "30" || form.Get("scenario") != "open-field-at-night" || form.Get("seed") != "77" {
		t.Errorf("the refused round robin shows %v, want both lists ticked, 30 battles, the night battlefield and seed 77", form)
	}
}
