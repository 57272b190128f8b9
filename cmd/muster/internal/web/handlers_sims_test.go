package web

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"muster/cmd/muster/internal/testkit"
)

// startMatchup posts the matchup form and returns the run's address.
func startMatchup(t *testing.T, ts *testServer, a, b, scenario, battles, seed string) string {
	t.Helper()
	r := ts.postForm("/sim", url.Values{"a": {a}, "b": {b}, "scenario": {scenario}, "battles": {battles}, "seed": {seed}})
	wantStatus(t, "POST /sim", r, http.StatusSeeOther)
	loc := r.header.Get("Location")
	if !strings.HasPrefix(loc, "/sim/run/") {
		t.Fatalf("POST /sim sent the browser to %q", loc)
	}
	return loc
}

// waitResult looks at the run's page until it sends the browser to the saved result.
func waitResult(t *testing.T, ts *testServer, run string) string {
	t.Helper()
	for deadline := time.Now().Add(testkit.Backstop); time.Now().Before(deadline); {
		r := ts.get(run)
		if r.status == http.StatusSeeOther {
			return r.header.Get("Location")
		}
		wantStatus(t, run, r, http.StatusOK)
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s never finished", run)
	return ""
}

// wantNoChunks fails when the matchup of a run keeps chunk rows: an ended matchup's are
// merged into its result, or dropped with it.
func wantNoChunks(t *testing.T, ts *testServer, run string) {
	t.Helper()
	n, battles, err := ts.store.ChunkProgress(t.Context(), strings.TrimPrefix(run, "/sim/run/"))
	if err != nil || n != 0 || battles != 0 {
		t.Errorf("the ended matchup %s keeps %d chunks of %d battles (%v), want none", run, n, battles, err)
	}
}

// From the form to the saved result: a matchup between two saved armies is played in the
// background, followed on a progress page, saved, and shown with its odds, intervals,
// histograms, units, the not-simulated list and a battle's log; its JSON is the command
// line's.
func TestMatchupFromTheWeb(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	form := ts.get("/sim?a=" + a)
	wantStatus(t, "GET /sim", form, http.StatusOK)
	for _, want := range []string{`id="sim-form"`, `name="battles"`, "Like Rats in a Trap", "Defending the Bridge", "The Crystal Forest of Goratak", `selected value="` + a + `"`} {
		if !strings.Contains(strings.ReplaceAll(form.body, `value="`+a+`" selected`, `selected value="`+a+`"`), want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	run := startMatchup(t, ts, a, b, "open-field", "300", "5")
	page := ts.get(run)
	if page.status == http.StatusOK {
		for _, want := range []string{`<progress`, `data-sim-events="` + run + `/events"`, `id="sim-cancel"`, `src="/static/sim.js?v=`} {
			if !strings.Contains(page.body, want) {
				t.Errorf("the progress page lacks %q", want)
			}
		}
	}
	res := waitResult(t, ts, run)
	if !strings.HasPrefix(res, "/sims/") {
		t.Fatalf("result at %q", res)
	}
	r := ts.get(res)
	wantStatus(t, res, r, http.StatusOK)
	for _, want := range []string{"Reference Rebel force against Reference Imperial force", "300 battles on Open field, seed 5",
		`id="odds-table"`, "95% interval", `class="outcome"`, `id="turns-chart"`, `id="lost-a-chart"`, `id="lost-b-chart"`,
		"<rect", `id="units"`, "Victor", "Enemy SGPs destroyed per SGP", `id="not-simulated"`, `id="not-simulated-general"`, "vehicles (the book",
		`class="battle-log"`, "Turn 1", "Result after", "muster battle --scenario open-field --seed"} {
		if !strings.Contains(r.body, want) {
			t.Errorf("the result page lacks %q", want)
		}
	}
	// A daytime map names no night rules (issue 31).
	if strings.Contains(r.body, "dummy counters") {
		t.Error("the open field's result lists hidden movement and darkness")
	}
	if strings.Contains(r.body, "<script>") || strings.Contains(r.body, "style=") {
		t.Error("inline script or style: the CSP forbids them")
	}
	// The JSON is what `muster sim --json` prints for the same armies and seed.
	j := ts.get(res + "/json")
	wantStatus(t, "json", j, http.StatusOK)
	_, cli, _ := runMuster(t, "sim", "--battles", "300", "--seed", "5", "--json", rebel1500, imperial1500)
	var web, line map[string]any
	if err := json.Unmarshal([]byte(j.body), &web); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(cli), &line); err != nil {
		t.Fatal(err)
	}
	wb, _ := json.Marshal(web)
	lb, _ := json.Marshal(line)
	if string(wb) != string(lb) {
		t.Errorf("the web's JSON differs from the command line's:\n%s\n%s", wb, lb)
	}
	// It is listed on the form page; its chunks, merged into the result, are not kept.
	if f := ts.get("/sim"); !strings.Contains(f.body, res) {
		t.Error("the matchup is not listed")
	}
	wantNoChunks(t, ts, run)
}

// The progress page's events: progress as it goes, then "done" with the result's address.
func TestMatchupEvents(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	run := startMatchup(t, ts, a, a, "open-field", "2000", "1")
	resp, err := ts.c.Get(ts.srv.URL + run + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	sc := bufio.NewScanner(resp.Body)
	var events []string
	for sc.Scan() {
		if ev, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
			events = append(events, ev)
			if ev == "done" || ev == "failed" || ev == "cancelled" {
				sc.Scan()
				if !strings.Contains(sc.Text(), `"url":"/sims/`) {
					t.Errorf("done: %s", sc.Text())
				}
				break
			}
		}
	}
	if len(events) < 2 || events[0] != "progress" || events[len(events)-1] != "done" {
		t.Errorf("events %v", events)
	}
}

// A matchup can be cancelled; nothing is saved, and none of its chunks is kept.
func TestMatchupCancel(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	run := startMatchup(t, ts, a, a, "open-field", "100000", "1")
	r := ts.postForm(run+"/cancel", nil)
	wantStatus(t, "cancel", r, http.StatusSeeOther)
	// Cancelling says so and keeps the picks: the form comes back with them filled in.
	form := ts.get(r.header.Get("Location"))
	if !strings.Contains(form.body, "Matchup cancelled") {
		t.Errorf("the form after a cancel does not say so: %s", r.header.Get("Location"))
	}
	fv := formValues(byID(parseHTML(t, form.body), "sim-form"))
	if fv.Get("a") != a || fv.Get("b") != a || fv.Get("scenario") != "open-field" || fv.Get("battles") != "100000" || fv.Get("seed") != "1" {
		t.Errorf("picks after the cancel (the seed written 1): %v", fv)
	}
	for deadline := time.Now().Add(testkit.Backstop); time.Now().Before(deadline); {
		p := ts.get(run)
		if strings.Contains(p.body, "Cancelled.") {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if p := ts.get(run); !strings.Contains(p.body, "Cancelled.") {
		t.Errorf("after cancelling:\n%.2000s", p.body)
	}
	if list, _ := ts.store.ListSims(t.Context(), ts.ownerID(), 10); len(list) != 0 {
		t.Errorf("a cancelled matchup was saved: %v", list)
	}
	wantNoChunks(t, ts, run)

	// A seed left empty (drawn for the player) stays empty: played again, it draws anew.
	run = startMatchup(t, ts, a, a, "open-field", "100000", "")
	r = ts.postForm(run+"/cancel", nil)
	wantStatus(t, "cancel", r, http.StatusSeeOther)
	fv = formValues(byID(parseHTML(t, ts.get(r.header.Get("Location")).body), "sim-form"))
	if fv.Get("seed") != "" || fv.Get("battles") != "100000" {
		t.Errorf("picks after cancelling a matchup with no seed written: %v", fv)
	}
}

// Mistakes come back on the form, in words.
func TestMatchupFormMistakes(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	for _, c := range []struct {
		v    url.Values
		want string
	}{
		{url.Values{"a": {a}, "b": {""}, "battles": {"100"}}, "Choose two saved armies."},
		{url.Values{"a": {a}, "b": {a}, "battles": {"lots"}}, "from 1 to 100000"},
		{url.Values{"a": {a}, "b": {a}, "battles": {"0"}}, "from 1 to 100000"},
		{url.Values{"a": {a}, "b": {a}, "battles": {"10"}, "scenario": {"the moon"}}, "no scenario"},
		{url.Values{"a": {a}, "b": {a}, "battles": {"10"}, "seed": {"-1"}}, "The seed is a whole number"},
		// Longer than a seed can be (though it reads as 1): the seed is named, not the battles.
		{url.Values{"a": {a}, "b": {a}, "battles": {"10"}, "seed": {"0000000000000000000000001"}}, "The seed is a whole number"},
		{url.Values{"a": {a}, "b": {"nosucharmy"}, "battles": {"10"}}, "There is no such army"},
	} {
		r := ts.postForm("/sim", c.v)
		wantStatus(t, c.want, r, http.StatusBadRequest)
		if !strings.Contains(r.body, c.want) {
			t.Errorf("%v: the page does not say %q", c.v, c.want)
		}
	}
	wantStatus(t, "no such result", ts.get("/sims/nope"), http.StatusNotFound)
	wantStatus(t, "no such run", ts.get("/sim/run/nope"), http.StatusNotFound)
}

// TestLoadMatchup times a 10,000-battle matchup of the reference armies from the web page:
// from posting the form to the result page, following the server-sent events as the browser
// does (docs/benchmarks.md). It runs only with MUSTER_LOADTEST=1 (make loadtest).
func TestLoadMatchup(t *testing.T) {
	if os.Getenv("MUSTER_LOADTEST") == "" {
		t.Skip("set MUSTER_LOADTEST=1 (make loadtest) to time a 10,000-battle matchup")
	}
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	b := ts.importFile(imperial1500)
	ts.token() // the CSRF cookie, before the clock starts
	for range 3 {
		began := time.Now()
		run := startMatchup(t, ts, a, b, "open-field", "10000", "1")
		resp, err := ts.c.Get(ts.srv.URL + run + "/events")
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(resp.Body)
		url := ""
		for sc.Scan() {
			if sc.Text() == "event: done" {
				sc.Scan()
				url = strings.TrimSuffix(strings.TrimPrefix(sc.Text(), `data: {"url":"`), `"}`)
				break
			}
		}
		resp.Body.Close()
		r := ts.get(url)
		wantStatus(t, "result", r, http.StatusOK)
		el := time.Since(began)
		t.Logf("10,000 battles from the web page: %.2f s (%.0f battles/s)", el.Seconds(), 10000/el.Seconds())
		if el > 3*time.Second {
			t.Errorf("took %v, more than 3 s", el)
		}
	}
}

// HEAD on a matchup's events answers at once with the stream's headers, as GET would start
// it, rather than following the matchup to its end with nothing sent. "At once" is judged
// by the matchup, not the clock: HEAD has answered while the 100,000 battles (a minute of
// a core or more) are still being played. The context is only a backstop against a hang.
func TestMatchupEventsHEADAnswersAtOnce(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(rebel1500)
	run := startMatchup(t, ts, a, a, "open-field", "100000", "1")
	defer ts.postForm(run+"/cancel", nil)
	ctx, cancel := context.WithTimeout(t.Context(), testkit.Backstop)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodHead, ts.srv.URL+run+"/events", nil)
	r := ts.do(req)
	wantStatus(t, "HEAD events", r, http.StatusOK)
	if ct := r.header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("HEAD events: content type %q", ct)
	}
	m, err := ts.store.MatchupForWork(t.Context(), strings.TrimPrefix(run, "/sim/run/"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Over() {
		t.Errorf("HEAD events answered only once the matchup was over (%s)", m.Status)
	}
}
