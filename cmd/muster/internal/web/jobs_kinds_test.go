package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"muster/cmd/muster/internal/jobs"
	"muster/cmd/muster/internal/testkit"
	"muster/db"
)

// postJob posts a form that queues a job (a what-if, a round robin): the answer is a
// redirect to its progress page, which is followed until the job ends; then the result's
// page (done) or the progress page (failed, cancelled) is answered. A refused form is
// answered as it came.
func postJob(t *testing.T, ts *testServer, path string, v url.Values) response {
	t.Helper()
	r := ts.postForm(path, v)
	if r.status != http.StatusSeeOther || !strings.HasPrefix(r.header.Get("Location"), "/sim/run/") {
		return r
	}
	run := r.header.Get("Location")
	m := testkit.WaitMatchup(t, ts.store, strings.TrimPrefix(run, "/sim/run/"))
	if m.Status != db.MatchupDone {
		return ts.get(run)
	}
	return ts.get(waitResult(t, ts, run))
}

// A what-if or a round robin cancelled from its progress page goes back to its form with the
// picks filled in and says so; nothing of it is saved (a round robin's pairs are saved only
// together, when all are played).
func TestCancelledWhatIfAndRoundRobinGoBackToTheirForms(t *testing.T) {
	t.Parallel()
	ts := newTestServer(t)
	a := ts.importFile(unarmedArmy)
	b := ts.importFile(imperials1000)
	res := waitResult(t, ts, startMatchup(t, ts, a, b, "open-field", "20", "7"))
	// From here on nothing plays: the jobs wait in the queue to be cancelled.
	if err := ts.app.jobs.Stop(t.Context()); err != nil {
		t.Fatal(err)
	}
	ts.app.jobs = startTestJobs(t, ts.store, slog.New(slog.NewTextHandler(io.Discard, nil)), jobs.Options{Workers: 0})
	sims, err := ts.store.ListSims(t.Context(), ts.ownerID(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, ask := range []struct {
		path       string
		form       url.Values
		back, says string
	}{
		{res + "/whatif", url.Values{"side": {"b"}, "battles": {"40"}, "variants": {"3"}}, res + "/whatif?", "What-if cancelled"},
		{"/roundrobin", url.Values{"army": {a, b}, "battles": {"30"}, "scenario": {"open-field"}}, "/roundrobin?cancelled=1", "Round robin cancelled"},
		{"/armies/" + a + "/optimize", url.Values{"opponent": {b}, "battles": {"30"}, "budget": {"3000"}, "scenario": {"open-field"}}, "/armies/" + a + "/optimize?", "Search cancelled"},
	} {
		r := ts.postForm(ask.path, ask.form)
		wantStatus(t, ask.path, r, http.StatusSeeOther)
		c := ts.postForm(r.header.Get("Location")+"/cancel", nil)
		wantStatus(t, "cancel", c, http.StatusSeeOther)
		back := c.header.Get("Location")
		if !strings.HasPrefix(back, ask.back) {
			t.Errorf("%s cancelled: back to %q, want %s...", ask.path, back, ask.back)
		}
		page := ts.get(back)
		wantStatus(t, "the form after the cancel", page, http.StatusOK)
		if !strings.Contains(page.body, ask.says) {
			t.Errorf("%s: the form does not say it was cancelled", ask.path)
		}
		if strings.Contains(ask.path, "whatif") && (!strings.Contains(page.body, `value="40"`) || !strings.Contains(page.body, `value="3"`)) {
			t.Error("the what-if's form forgot the battles and changes asked for")
		}
		if strings.Contains(ask.path, "optimize") && (!strings.Contains(page.body, `value="30"`) || !strings.Contains(page.body, `value="3000"`) ||
			!strings.Contains(page.body, `value="`+b+`" checked`)) {
			t.Error("the search's form forgot the opponent, battles and budget asked for")
		}
	}
	after, err := ts.store.ListSims(t.Context(), ts.ownerID(), 100)
	if err != nil || len(after) != len(sims) {
		t.Errorf("%d matchups saved after the cancels, %d before (%v)", len(after), len(sims), err)
	}
}
