package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// From an army's page to a saved list: the search's path is the command line's for the same
// seed and budget, and one click saves the final list as the army's next version, which
// passes muster check; the first version stays as it was.
//
// Not parallel: its server and search start no goroutines while the admission test counts
// them (admission_test.go), which parallel tests' servers can upset.
func TestWhatToBringFromTheArmyPageSavesTheFinalListAsANewVersion(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(unarmedArmy)
	b := ts.importFile(imperials1000)
	if page := ts.get("/armies/" + a); !strings.Contains(page.body, `href="/armies/`+a+`/optimize"`) {
		t.Fatalf("the army's page has no What to bring link")
	}
	form := ts.get("/armies/" + a + "/optimize")
	wantStatus(t, "GET optimize", form, http.StatusOK)
	for _, want := range []string{"What should Rebels with an unarmed squad bring?", `id="optimize-form"`, "Two stormtrooper squads (", `name="weight-` + b + `"`} {
		if !strings.Contains(form.body, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"battles": {"20"}, "budget": {"2000"}}, "Against: tick one army or more to play against."},
		{url.Values{"opponent": {b}, "battles": {"5"}, "budget": {"2000"}}, "Battles a change plays against each: 5 is fewer than 20"},
		{url.Values{"opponent": {b}, "battles": {"500"}, "budget": {"1000"}}, "Budget: 1000 battles cannot measure the list against 1 armies and try one change (2000 at least"},
		{url.Values{"opponent": {b}, "battles": {"20"}, "budget": {"2000"}, "weight-" + b: {"0"}}, "Weight of Two stormtrooper squads: write a number from 0.1 to 100"},
		{url.Values{"opponent": {"nosucharmy"}, "battles": {"20"}, "budget": {"2000"}}, "Against: there is no such army here"},
		{url.Values{"opponent": {b}, "battles": {"20"}, "budget": {"2000"}, "seed": {"x"}}, "Seed: a whole number"},
	} {
		r := ts.postForm("/armies/"+a+"/optimize", c.form)
		wantStatus(t, c.want, r, http.StatusBadRequest)
		if !strings.Contains(r.body, c.want) {
			t.Errorf("%v: no %q", c.form, c.want)
		}
	}
	job, r := searchOptimize(t, ts, "/armies/"+a+"/optimize", url.Values{"opponent": {b}, "battles": {"20"}, "budget": {"2000"}, "seed": {"2"}, "scenario": {"open-field"}})
	doc := parseHTML(t, r.body)
	steps := byID(doc, "optimize-steps")
	if steps == nil {
		t.Fatalf("no path:\n%s", r.body)
	}
	// The command line's answer for the same seed and budget.
	code, out, errOut := runMuster(t, "optimize", "--battles", "20", "--budget", "2000", "--seed", "2", "--json", unarmedArmy, imperials1000)
	if code != 0 {
		t.Fatalf("muster optimize: %s", errOut)
	}
	var cli struct {
		Steps []struct {
			Change string `json:"change"`
		} `json:"steps"`
		Total int `json:"total"`
	}
	if err := json.Unmarshal([]byte(out), &cli); err != nil {
		t.Fatal(err)
	}
	got := text(steps)
	for _, s := range cli.Steps {
		if !strings.Contains(got, s.Change) {
			t.Errorf("the page's path lacks the command line's step %q:\n%s", s.Change, got)
		}
	}
	if len(cli.Steps) == 0 {
		t.Fatalf("the command line took no step: nothing to save")
	}
	if !strings.Contains(got, "In the battles: the enemy lost ") {
		t.Errorf("no step says what it did in the battles:\n%s", got)
	}
	// A step that turned a battle links it, without the change, with it, side by side.
	watch := regexp.MustCompile(`href="(/optimize/`+job+`/replay\?[^"]+)"`).FindAllStringSubmatch(r.body, -1)
	if len(watch) < 3 {
		t.Errorf("no step links a battle it turned:\n%s", got)
	}
	for _, w := range watch {
		rp := ts.get(html.UnescapeString(w[1]))
		wantStatus(t, "replay "+w[1], rp, http.StatusOK)
		step := regexp.MustCompile(`step=(\d+)`).FindStringSubmatch(w[1])[1]
		if !strings.Contains(strings.ToLower(rp.body), "step "+step) {
			t.Errorf("%s does not say which step it shows", w[1])
		}
	}
	if byID(doc, "optimize-diff") == nil {
		t.Errorf("the final list is not set beside the start")
	}
	if f := text(byID(doc, "optimize-final")); !strings.Contains(f, "on the same battles as the start") {
		t.Errorf("final line %q", f)
	}
	save := formValues(firstForm(byID(doc, "optimize-result")))
	s := ts.postForm("/optimize/"+job+"/save", save)
	wantStatus(t, "save the final list", s, http.StatusSeeOther)
	if loc := s.header.Get("Location"); loc != "/armies/"+a+"?saved=1" {
		t.Errorf("saved, then sent to %q", loc)
	}
	exp := ts.get("/armies/" + a + "/export")
	path := filepath.Join(t.TempDir(), "saved.yaml")
	if err := os.WriteFile(path, []byte(exp.body), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := runMuster(t, "check", path); code != 0 {
		t.Errorf("the saved list fails muster check: %s%s", out, errOut)
	}
	if code, out, _ := runMuster(t, "cost", "--json", path); code != 0 || !strings.Contains(out, `"total": `+strconv.Itoa(cli.Total)) {
		t.Errorf("the saved list does not cost the command line's %d:\n%.300s", cli.Total, out)
	}
	// Saved again from the same search: the army has moved on, so it is refused, not saved over.
	again := ts.postForm("/optimize/"+job+"/save", save)
	wantStatus(t, "save twice", again, http.StatusConflict)
	if !strings.Contains(again.body, "Search again from the army as it is now") {
		t.Errorf("second save: %.300s", again.body)
	}
}

// A player who has only named an army (no unit yet) asks what to bring: the search starts
// from a random legal list within the army's limit, the path's first step, and the answer
// is a list to save, not "the list stays as it is" (an empty army drew every battle).
func TestWhatToBringFromAnEmptyArmy(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	r := ts.postForm("/armies", url.Values{"name": {"Nothing Yet"}, "side": {"rebel"}, "limit": {"1000"}})
	wantStatus(t, "a new army", r, http.StatusSeeOther)
	a := strings.TrimSuffix(strings.TrimPrefix(r.header.Get("Location"), "/armies/"), "/edit")
	b := ts.importFile(imperials1000)
	_, page := searchOptimize(t, ts, "/armies/"+a+"/optimize", url.Values{"opponent": {b}, "battles": {"20"}, "budget": {"2000"}, "seed": {"2"}, "scenario": {"open-field"}})
	steps := byID(parseHTML(t, page.body), "optimize-steps")
	if steps == nil {
		t.Fatalf("no path:\n%s", page.body)
	}
	if got := strings.Join(strings.Fields(text(steps)), " "); !strings.Contains(got, "start from a random legal list of") {
		t.Errorf("the path does not start from a random list: %q", got)
	}
}

// searchOptimize posts a "What should I bring?" form at path, waits for the search's job and
// returns the job and its result page (the path of changes), each step checked on the way.
func searchOptimize(t *testing.T, ts *testServer, path string, form url.Values) (string, response) {
	t.Helper()
	q := ts.postForm(path, form)
	wantStatus(t, "POST "+path, q, http.StatusSeeOther)
	run := q.header.Get("Location")
	job := strings.TrimPrefix(run, "/sim/run/")
	if res := waitResult(t, ts, run); res != "/optimize/"+job {
		t.Fatalf("the search's result is at %q", res)
	}
	page := ts.get("/optimize/" + job)
	wantStatus(t, "GET the path", page, http.StatusOK)
	return job, page
}
