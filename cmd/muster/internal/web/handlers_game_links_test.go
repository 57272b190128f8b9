package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A game's links are its keys (the games table keeps only their hashes): the jobs a
// gamemaster asks through the GM link (a quick-resolve, a round robin, What should I
// bring?) keep it sealed, so that the database holds neither link in clear, while the
// browser that asked is led back into the game as before. The same account on another
// browser (which holds no key to the seal) sees its jobs finished, is told where the
// results are, and is given no link into the game.
func TestGameJobsKeepTheGamesLinksSealed(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.chakton("total: 900\n")
	_, lukeID := ts.importGameList(player, "rebel", "Luke", unarmedArmy, true)
	_, vaderID := ts.importGameList(player, "imperial", "Vader", imperials1000, true)

	// A quick-resolve: its progress page leads the asking browser to the result under the
	// GM link.
	q := ts.postForm("/gm/"+gm+"/resolve", url.Values{"a": {lukeID}, "b": {vaderID}, "scenario": {"open-field"}, "battles": {"20"}})
	wantStatus(t, "resolve", q, http.StatusSeeOther)
	resolveRun := q.header.Get("Location")
	if res := waitResult(t, ts, resolveRun); !strings.HasPrefix(res, "/gm/"+gm+"/sims/") {
		t.Errorf("the quick-resolve's result is at %q, not under the GM link", res)
	}
	// A round robin: its cells open the pairs under the GM link.
	q = ts.postForm("/gm/"+gm+"/roundrobin", url.Values{"army": {lukeID, vaderID}, "battles": {"10"}, "scenario": {"open-field"}, "seed": {"2"}})
	wantStatus(t, "round robin", q, http.StatusSeeOther)
	rrJob := strings.TrimPrefix(q.header.Get("Location"), "/sim/run/")
	rr := ts.get(waitResult(t, ts, q.header.Get("Location")))
	wantStatus(t, "round robin", rr, http.StatusOK)
	cells := rrLabel.FindAllStringSubmatch(rr.body, -1)
	if len(cells) != 2 || !strings.HasPrefix(cells[0][1], "/gm/"+gm+"/sims/") {
		t.Errorf("the round robin's cells %v, want 2 under the GM link", cells)
	}
	// What should I bring?: saved through the GM link.
	job, page := searchOptimize(t, ts, "/gm/"+gm+"/lists/"+lukeID+"/optimize",
		url.Values{"opponent": {vaderID}, "battles": {"20"}, "budget": {"2000"}, "seed": {"2"}, "scenario": {"game"}})
	if !strings.Contains(page.body, `action="/gm/`+gm+`/optimize/`+job+`/save"`) {
		t.Errorf("the search's answer does not save through the GM link")
	}

	// The database holds neither link in clear, in any job.
	rows, err := ts.store.DB().QueryContext(t.Context(), "SELECT id, request, result_url FROM matchups")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var id, resultURL string
		var req []byte
		if err := rows.Scan(&id, &req, &resultURL); err != nil {
			t.Fatal(err)
		}
		n++
		for _, tok := range []string{gm, player} {
			if strings.Contains(string(req), tok) || strings.Contains(resultURL, tok) {
				t.Errorf("job %s keeps a game's link in clear: %s %q", id, req, resultURL)
			}
		}
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Errorf("%d jobs in the database, want the 3 asked", n)
	}

	// The same account on another browser: the jobs are its, finished, and lead nowhere
	// into the game.
	other := ts.asAnotherBrowser()
	ts.signIn(other.c, "tester") // the test server's browser is signed in as tester
	done := other.get(resolveRun)
	wantStatus(t, "the quick-resolve's progress page on another browser", done, http.StatusOK)
	if !strings.Contains(done.body, "the result is kept with the game") {
		t.Errorf("the finished quick-resolve does not say where its result is:\n%.2000s", done.body)
	}
	pages := map[string]response{"progress": done, "round robin": other.get("/roundrobin/" + rrJob), "search": other.get("/optimize/" + job)}
	for name, p := range pages {
		wantStatus(t, name+" on another browser", p, http.StatusOK)
		if strings.Contains(p.body, gm) || strings.Contains(p.body, player) {
			t.Errorf("the %s page on another browser shows a game's link", name)
		}
	}
	if !strings.Contains(pages["round robin"].body, "This browser cannot lead you back into the game") ||
		strings.Contains(pages["round robin"].body, `id="rr-form"`) {
		t.Errorf("the round robin on another browser does not say where the game is, or offers its form:\n%.3000s", pages["round robin"].body)
	}
	if !strings.Contains(pages["search"].body, "This browser cannot lead you back into the game") {
		t.Errorf("the search on another browser does not say why it cannot be saved here:\n%.3000s", pages["search"].body)
	}
}
