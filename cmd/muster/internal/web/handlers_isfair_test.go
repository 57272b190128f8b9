package web

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"muster/cmd/muster/internal/jobs"
)

// "Is this fair?" on the web: the form starts on the Sample Game with the book's totals; a
// fairness test is queued, played by the workers and answered with the verdict, the rates,
// the curve drawn and as a table, and the lists; the answer is muster fair's for the same
// seed (jobs.PlayFair is what both play).
func TestFairPageAnswers(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	form := ts.get("/fair")
	wantStatus(t, "the form", form, http.StatusOK)
	for _, want := range []string{`id="fair-form"`, `value="1500"`, `value="2000"`, "The Sample Game: Chakton"} {
		if !strings.Contains(form.body, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	r := postJob(t, ts, "/fair", url.Values{"scenario": {"sample-game"}, "total0": {"600"}, "total1": {"800"},
		"list0": {"imperial"}, "list1": {"rebel"}, "battles": {"20"}, "lists": {"1"}, "seed": {"3"}})
	wantStatus(t, "the answer", r, http.StatusOK)
	for _, want := range []string{`id="fair-verdict"`, `id="fair-chart"`, "<polyline", `id="fair-curve"`, "Imperials random list 1", `value="600"`, `value="3"`} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the answer lacks %q", want)
		}
	}
	res, err := jobs.PlayFair(t.Context(), ts.app.jobs, jobs.FairRequest{Scenario: "sample-game", Totals: [2]int{600, 800},
		TroopLists: [2]string{"imperial", "rebel"}, Battles: 20, Lists: 1, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := fairAnswer(res.Report, "").Verdict; !strings.Contains(r.body, strings.ReplaceAll(want, "'", "&#39;")) {
		t.Errorf("the page's verdict is not muster fair's: %q", want)
	}
	// Each list played downloads as an army file; one that was not played is not found.
	link := regexp.MustCompile(`href="(/fair/[^"]+/lists/a1)"`).FindStringSubmatch(r.body)
	if link == nil {
		t.Fatal("no link to the first list")
	}
	f := ts.get(link[1])
	wantStatus(t, "a list's file", f, http.StatusOK)
	if !strings.Contains(f.body, "name: Imperials random list 1") || !strings.Contains(f.body, "units:") {
		t.Errorf("the list's file:\n%s", f.body)
	}
	wantStatus(t, "a list not played", ts.get(strings.TrimSuffix(link[1], "a1")+"a9"), http.StatusNotFound)
	wantStatus(t, "no such list", ts.get(strings.TrimSuffix(link[1], "a1")+"zz"), http.StatusNotFound)
}

// "Is this fair?" of a scenario of one's own (issue 33, "play on it"): the form offers it,
// the test plays the file as it was when asked (a later edit changes nothing: the worker
// plays the request's file), the answer is muster fair's on that file for the same seed, and
// another player's scenario is not found by its id.
func TestFairOnAScenarioOfOnesOwn(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	mine, file := importOwnScenario(t, ts, "sample-game", "Chakton, again", 10, nil)
	if form := ts.get("/fair"); !strings.Contains(form.body, `value="`+mine+`"`) || !strings.Contains(form.body, "Chakton, again (yours)") {
		t.Errorf("the form does not offer the player's scenario %s", mine)
	}
	if form := ts.get("/fair?scenario=" + url.QueryEscape(mine)); !strings.Contains(form.body, "Imperials (the first side)") {
		t.Errorf("the form on the player's scenario does not name its sides")
	}
	ask := url.Values{"scenario": {mine}, "total0": {"600"}, "total1": {"800"},
		"list0": {"imperial"}, "list1": {"rebel"}, "battles": {"20"}, "lists": {"1"}, "seed": {"5"}}
	r := postJob(t, ts, "/fair", ask)
	wantStatus(t, "the answer", r, http.StatusOK)
	res, err := jobs.PlayFair(t.Context(), ts.app.jobs, jobs.FairRequest{Scenario: mine, ScenarioFile: file, Totals: [2]int{600, 800},
		TroopLists: [2]string{"imperial", "rebel"}, Battles: 20, Lists: 1, Seed: 5}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Report.ScenarioName != "Chakton, again" {
		t.Errorf("played on %q, want the player's scenario", res.Report.ScenarioName)
	}
	if want := fairAnswer(res.Report, "").Verdict; !strings.Contains(r.body, strings.ReplaceAll(want, "'", "&#39;")) {
		t.Errorf("the page's verdict is not muster fair's on the file: %q", want)
	}
	if !strings.Contains(r.body, "Chakton, again") {
		t.Error("the answer does not name the player's scenario")
	}
	// Another player asking for it by its id: not among theirs.
	other := ts.client()
	ts.signUp(other, "other")
	ts.as(other, func() {
		ask.Del("_csrf") // the first post kept the owner's
		r := ts.postForm("/fair", ask)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, "no such scenario among yours") {
			t.Errorf("another player's fairness test on it: %d, want 400 saying it is not theirs", r.status)
		}
	})
}

// Bad input is refused on the form in words naming the field, and nothing is queued.
func TestFairRefusesBadInput(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"scenario": {"the-moon"}}, "Scenario: no scenario"},
		{url.Values{"scenario": {"open-field"}, "battles": {"20"}}, "South: total SGPs"},
		{url.Values{"scenario": {"sample-game"}, "battles": {"5"}}, "Battles at each handicap"},
		{url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "lists": {"9"}}, "Random lists a side"},
		{url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "list0": {"hutt"}}, "Troop List"},
		{url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "lists": {"1"}, "strong": {"2"}}, "Strong lists a side: 2 is more than 1"},
		{url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "strong": {"-1"}}, "Strong lists a side"},
		{url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "seed": {"x"}}, "Seed:"},
	} {
		r := ts.postForm("/fair", c.form)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, c.want) {
			t.Errorf("%v: %d, want 400 saying %q", c.form, r.status, c.want)
		}
	}
}

// A game night's fairness test (issue 33): from the gamemaster's page, on the Sample Game,
// each of the scenario's sides is played by the game side of its Troop List, within that
// side's limits: the Rebels with the one list their player submitted, the Imperials (none
// submitted) with random legal lists within their 600 SGPs. The answer leads back to the
// game. A side with no total and no list is refused in words naming it; so is a wrong link.
func TestAGameNightsFairnessTest(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	gm, player := ts.createGame("Chakton", map[string]string{"imperial": "total: 600\n", "rebel": "total: 800\n"})
	key := ts.startList(player, "rebel", "Deke", "Hill Ambush")
	ts.addUnit("/play/"+player+"/lists/"+key, "squad|Mon Calamari")
	wantStatus(t, "submit", ts.postForm("/play/"+player+"/lists/"+key+"/submit", nil), http.StatusSeeOther)
	if page := ts.get("/gm/" + gm); !strings.Contains(page.body, `id="gm-fair-form"`) {
		t.Fatal("the gamemaster's page offers no fairness test")
	}
	r := postJob(t, ts, "/gm/"+gm+"/fair", url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "strong": {"1"}})
	wantStatus(t, "a game night's fairness test", r, http.StatusOK)
	for _, want := range []string{`id="fair-game"`, `href="/gm/` + gm + `"`, `id="fair-verdict"`, "Imperials random list 1", "Hill Ambush", "Imperials strong list 1"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the answer lacks %q", want)
		}
	}
	if strings.Contains(r.body, "Rebels random list") || strings.Contains(r.body, "Rebels strong list") {
		t.Error("the Rebels played random or strong lists though their player submitted one")
	}
	bare, _ := ts.createGame("No totals", map[string]string{"imperial": "", "rebel": "total: 800\n"})
	bad := ts.postForm("/gm/"+bare+"/fair", url.Values{"scenario": {"sample-game"}, "battles": {"20"}})
	wantStatus(t, "a side with no total and no list", bad, http.StatusBadRequest)
	if !strings.Contains(html.UnescapeString(bad.body), "The imperial side (playing Imperials) has no list submitted and no total in its limits") {
		t.Errorf("the refusal does not name the side: %s", bad.body[strings.Index(bad.body, "<main"):])
	}
	wantStatus(t, "a wrong link", ts.postForm("/gm/wrongLinkToken0123456789/fair", url.Values{"scenario": {"sample-game"}}), http.StatusNotFound)
}

// Strong lists on the web: the form offers them, the job searches for them (its progress
// counting the searches' battles: fair.Plan), and the answer marks each strong list,
// says where it started and what it gained, links it as an army file like the random
// ones, and is muster fair --strong's for the same seed.
func TestFairPageStrongLists(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	if form := ts.get("/fair"); !strings.Contains(form.body, `id="fair-strong"`) {
		t.Error("the form offers no strong lists")
	}
	ask := url.Values{"scenario": {"sample-game"}, "total0": {"600"}, "total1": {"800"},
		"list0": {"imperial"}, "list1": {"rebel"}, "battles": {"20"}, "lists": {"1"}, "strong": {"1"}, "seed": {"4"}}
	r := postJob(t, ts, "/fair", ask)
	wantStatus(t, "the answer", r, http.StatusOK)
	body := html.UnescapeString(r.body)
	for _, want := range []string{"Imperials strong list 1", "Rebels strong list 1", `data-kind="strong"`,
		"The list optimizer's search from Imperials random list 1", "battles searched", `id="fair-strong"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the answer lacks %q", want)
		}
	}
	res, err := jobs.PlayFair(t.Context(), ts.app.jobs, jobs.FairRequest{Scenario: "sample-game", Totals: [2]int{600, 800},
		TroopLists: [2]string{"imperial", "rebel"}, Battles: 20, Lists: 1, Strong: 1, Seed: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := fairAnswer(res.Report, "").Verdict; !strings.Contains(body, want) {
		t.Errorf("the page's verdict is not muster fair's: %q", want)
	}
	link := regexp.MustCompile(`href="(/fair/[^"]+/lists/a2)"`).FindStringSubmatch(r.body)
	if link == nil {
		t.Fatal("no link to the strong list")
	}
	f := ts.get(link[1])
	wantStatus(t, "the strong list's file", f, http.StatusOK)
	if !strings.Contains(f.body, "name: Imperials strong list 1") {
		t.Errorf("the strong list's file:\n%s", f.body)
	}
}
