package web

import (
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
		{url.Values{"scenario": {"sample-game"}, "battles": {"20"}, "seed": {"x"}}, "Seed:"},
	} {
		r := ts.postForm("/fair", c.form)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, c.want) {
			t.Errorf("%v: %d, want 400 saying %q", c.form, r.status, c.want)
		}
	}
}
